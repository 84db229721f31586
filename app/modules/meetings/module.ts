import { Video } from "lucide-react";
import { area, defineModule, metadataText } from "../../platform/module-manifest";

/**
 * Video meetings (issue 20): scheduled or started now, invitations with an .ics, and a signalling room per meeting
 * (party/meeting-room.ts, reached at /meetings/{id}/ws by the Worker) for a peer-to-peer mesh with end-to-end
 * encryption: /video-meetings lists them, /video-meetings/{id} is the meeting itself.
 */
export const meetingsModule = defineModule({
  id: "meetings",
  areas: [area("/video-meetings", "meetings", Video, true)],
  pages: [
    { path: "video-meetings", file: "modules/meetings/routes/video-meetings.tsx" },
    { path: "video-meetings/:id", file: "modules/meetings/routes/video-meeting.tsx" },
  ],
  routes: [
    { path: "api/meetings", file: "modules/meetings/routes/api.meetings.ts" },
    { path: "api/meetings/now", file: "modules/meetings/routes/api.meetings-now.ts" },
    { path: "api/meetings/settings", file: "modules/meetings/routes/api.meetings-settings.ts" },
    { path: "api/meetings/:id", file: "modules/meetings/routes/api.meeting.ts", id: "meetings-meeting" },
    { path: "api/meetings/:id/:command", file: "modules/meetings/routes/api.meeting.ts", id: "meetings-meeting-command" },
    { path: "api/meetings/:id/recordings", file: "modules/meetings/routes/api.meeting-recordings.ts" },
    { path: "api/meetings/:id/recordings/:recordingId", file: "modules/meetings/routes/api.meeting-recording.ts", id: "meetings-recording" },
    {
      path: "api/meetings/:id/recordings/:recordingId/:command",
      file: "modules/meetings/routes/api.meeting-recording.ts",
      id: "meetings-recording-command",
    },
    { path: "api/meetings/:id/recordings/:recordingId/chunks/:seq", file: "modules/meetings/routes/api.meeting-recording-chunk.ts" },
  ],
  notifications: {
    meeting_invited: {
      namespace: "meetings",
      labelKey: "notifications.invitedLabel",
      defaults: { in_app: true, email: true, sms: false },
      describe: (m, t) => {
        const values = { title: metadataText(m, "meetingTitle"), host: metadataText(m, "hostName") };
        return {
          text: m.live === true ? t("notifications.started", values) : t("notifications.invited", values),
          href: metadataText(m, "meetingId") ? `/video-meetings/${metadataText(m, "meetingId")}` : "/video-meetings",
        };
      },
      toast: { titleKey: "notifications.invitedTitle", durationMs: 8000 },
    },
  },
});
