import { REALTIME_TOAST_MS } from "../realtime/toast-durations";
import { ListChecks, Vote } from "lucide-react";
import { area, defineModule, metadataText, type NotificationMetadata } from "../../platform/module-manifest";

const pollLink = (m: NotificationMetadata) => (metadataText(m, "pollId") ? `/polling/${metadataText(m, "pollId")}` : null);

/** Polls and votes (spec sections 2 and 7): /polling to create and vote, /vote-tracking to follow results. */
export const pollsModule = defineModule({
  id: "polls",
  areas: [area("/polling", "decisions", Vote, true), area("/vote-tracking", "decisions", ListChecks, true)],
  pages: [
    { path: "polling", file: "routes/polling.tsx" },
    { path: "polling/:id", file: "routes/polling.$id.tsx" },
    { path: "vote-tracking", file: "routes/vote-tracking.tsx" },
    { path: "vote-tracking/:id", file: "routes/vote-tracking.$id.tsx" },
  ],
  routes: [
    { path: "api/polls", file: "routes/api.polls.ts" },
    { path: "api/polls/:id", file: "routes/api.polls.$id.ts" },
    { path: "api/polls/:id/:command", file: "routes/api.polls.$id.$command.ts" },
  ],
  helpTopics: ["polls"],
  // Spec section 9: each live event's toast has its own duration; a vote also plays the sound.
  notifications: {
    poll_created: {
      defaults: { in_app: true, email: false, sms: false },
      describe: (m, t) => ({
        text: t("realtime.pollCreated", { name: metadataText(m, "creatorName"), poll: metadataText(m, "pollTitle") }),
        href: pollLink(m),
      }),
      toast: { titleKey: "realtime.pollCreatedTitle", durationMs: REALTIME_TOAST_MS.poll_created },
    },
    // Asked to vote, a reminder, a final result: these need the person, so they also go by e-mail.
    vote_required: {
      defaults: { in_app: true, email: true, sms: false },
      describe: (m, t) => ({ text: t("realtime.voteRequired", { poll: metadataText(m, "pollTitle") }), href: pollLink(m) }),
      toast: { titleKey: "realtime.voteRequiredTitle", durationMs: REALTIME_TOAST_MS.vote_required },
    },
    vote_cast: {
      defaults: { in_app: true, email: false, sms: false },
      describe: (m, t) => {
        const [name, option, poll] = [metadataText(m, "voterName"), metadataText(m, "optionText"), metadataText(m, "pollTitle")];
        // An empty voter or option means "not shown": an anonymous poll, or results hidden until it closes.
        const text =
          name && option
            ? t("realtime.voteCast", { name, option, poll })
            : name
              ? t("realtime.voteCastHidden", { name, poll })
              : t("realtime.voteCastAnonymous", { poll });
        return { text, href: pollLink(m) };
      },
      toast: { titleKey: "realtime.voteCastTitle", durationMs: REALTIME_TOAST_MS.vote_cast, sound: true },
    },
    poll_completed: {
      defaults: { in_app: true, email: true, sms: false },
      describe: (m, t) => ({
        text: t("realtime.pollCompleted", { poll: metadataText(m, "pollTitle"), result: metadataText(m, "finalResult") }),
        href: pollLink(m),
      }),
      toast: { titleKey: "realtime.pollCompletedTitle", durationMs: REALTIME_TOAST_MS.poll_completed },
    },
    vote_reminder: {
      email: "reminder",
      defaults: { in_app: true, email: true, sms: false },
      describe: (m, t) => ({ text: t("notifications.reminder", { poll: metadataText(m, "pollTitle") }), href: pollLink(m) }),
    },
  },
});
