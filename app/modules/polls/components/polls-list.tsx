import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useRefreshOn } from "~/modules/realtime/use-live-refresh";
import { CreatePollForm, type Voter } from "./create-poll-form";
import { PollStatus } from "./poll-page";

export type { Voter };

export interface PollSummary {
  id: string;
  title: string;
  type: string;
  status: string;
  closesAt: string;
  closedAt: string | null;
  creatorName: string | null;
  voters: number;
  ballots: number;
  eligible: boolean;
  voted: boolean;
  outcome: string | null;
}

/** Refreshes a list when polls open, close or get votes. */
function useLivePolls() {
  useRefreshOn((message) => ["poll_created", "poll_completed", "vote_cast", "vote_required"].includes(message.type));
}

export function PollList({ polls, to }: { polls: PollSummary[]; to: (id: string) => string }) {
  const { t } = useTranslation("polls");
  if (polls.length === 0) return <p className="m-0 text-sm text-muted-foreground">{t("ui.noPolls")}</p>;
  return (
    <ul className="m-0 grid list-none gap-3 p-0" data-testid="poll-list">
      {polls.map((poll) => (
        <li key={poll.id} className="grid gap-1 rounded-lg border border-solid border-border bg-card p-3" data-testid="poll-row">
          <Link to={to(poll.id)} className="text-base font-medium">
            {poll.title}
          </Link>
          <PollStatus status={poll.status} closesAt={poll.closesAt} closedAt={poll.closedAt} />
          <div className="flex flex-wrap items-center gap-3 text-sm text-muted-foreground">
            <span>{t(`types.${poll.type}`)}</span>
            <span>{t("ui.turnout", { voted: poll.ballots, eligible: poll.voters })}</span>
            {poll.eligible && poll.status === "open" ? (
              <span className={poll.voted ? "" : "font-semibold text-foreground"}>{poll.voted ? t("ui.youHaveVoted") : t("ui.awaitingYourVote")}</span>
            ) : null}
          </div>
          <div className="h-1.5 rounded-full bg-muted" aria-hidden="true">
            <div className="h-full rounded-full bg-primary" style={{ width: `${poll.voters ? (poll.ballots / poll.voters) * 100 : 0}%` }} />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** /polling: open and closed polls this person may see, and (for owners and trustees) the form to open one. */
export function PollingPage({ polls, voters, canCreate }: { polls: PollSummary[]; voters: Voter[]; canCreate: boolean }) {
  const { t } = useTranslation("polls");
  useLivePolls();
  const open = polls.filter((p) => p.status === "open");
  const closed = polls.filter((p) => p.status === "closed");
  return (
    <div className="grid gap-6">
      <header className="grid gap-1">
        <h1 className="m-0 text-2xl">{t("ui.pollingTitle")}</h1>
        <p className="m-0 text-sm text-muted-foreground">{t("ui.pollingIntro")}</p>
      </header>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="grid content-start gap-6">
          <section aria-labelledby="open-polls" className="grid gap-3">
            <h2 id="open-polls" className="m-0 text-lg">
              {t("ui.openPolls")}
            </h2>
            <PollList polls={open} to={(id) => `/polling/${id}`} />
          </section>
          <section aria-labelledby="closed-polls" className="grid gap-3">
            <h2 id="closed-polls" className="m-0 text-lg">
              {t("ui.closedPolls")}
            </h2>
            <PollList polls={closed} to={(id) => `/polling/${id}`} />
          </section>
        </div>
        {canCreate ? <CreatePollForm voters={voters} /> : <p className="m-0 text-sm text-muted-foreground">{t("ui.onlyTrusteesCreate")}</p>}
      </div>
    </div>
  );
}

/** /vote-tracking: every poll's turnout at a glance, each opening its record. */
export function VoteTrackingPage({ polls }: { polls: PollSummary[] }) {
  const { t } = useTranslation("polls");
  useLivePolls();
  return (
    <div className="grid gap-6">
      <header className="grid gap-1">
        <h1 className="m-0 text-2xl">{t("ui.trackingTitle")}</h1>
        <p className="m-0 text-sm text-muted-foreground">{t("ui.trackingIntro")}</p>
      </header>
      <PollList polls={polls} to={(id) => `/vote-tracking/${id}`} />
    </div>
  );
}
