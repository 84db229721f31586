import { Link, useActionData, useNavigation } from "@remix-run/react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Banner } from "~/components/ui/banner";
import { Button } from "~/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from "~/components/ui/dialog";
import { useAnnouncer } from "~/modules/a11y/announcer";
import { RelativeTime } from "~/modules/preferences/components/relative-time";
import { useLanguage } from "~/modules/preferences/display";
import { useThread } from "~/modules/realtime/realtime-provider";
import { useRefreshOn } from "~/modules/realtime/use-live-refresh";
import type { PollDetail } from "../service.server";
import type { TallyResult } from "../tally";
import { BallotForm } from "./ballot-form";
import { PollCommandForm, type PollActionData } from "./command-form";
import { ResultExplanation, TallyChart, TurnoutBar } from "./poll-results";

export type { PollActionData } from "./command-form";

export type PollPageData = Omit<PollDetail, "tally"> & { tally: TallyResult | null };

/** Refreshes the page's data when this poll's tally or status changes anywhere (thread events, results). */
export function useLivePoll(pollId: string) {
  const refresh = useRefreshOn((message) => (message.type === "poll_completed" || message.type === "vote_cast") && message.pollId === pollId);
  useThread(`poll:${pollId}`, refresh);
}

export function PollStatus({ status, closesAt, closedAt }: { status: string; closesAt: string; closedAt: string | null }) {
  const { t } = useTranslation("polls");
  const { formatDate } = useLanguage();
  return (
    <span className="flex flex-wrap items-center gap-2 text-sm">
      <span
        data-testid="poll-status"
        className={`rounded-full px-2 py-0.5 text-xs font-medium ${status === "open" ? "bg-success-soft text-success-soft-foreground" : "bg-muted text-muted-foreground"}`}
      >
        {t(`status.${status}`)}
      </span>
      <span className="text-muted-foreground">
        {status === "open" ? t("ui.closesAt", { when: formatDate(closesAt, { dateStyle: "medium", timeStyle: "short" }) }) : null}
        {status === "closed" && closedAt ? t("ui.closedAt", { when: formatDate(closedAt, { dateStyle: "medium", timeStyle: "short" }) }) : null}
      </span>
    </span>
  );
}

/** /polling/{id}: the question, the ballot, live tallies (unless hidden), the result, and the creator's controls. */
export function PollPage({ data }: { data: PollPageData }) {
  const { t } = useTranslation("polls");
  const { poll, options, myBallot, eligible, canManage, watching, turnout, tally, resultText } = data;
  const actionData = useActionData<PollActionData>();
  const navigation = useNavigation();
  const { announceSuccess, announceError } = useAnnouncer();
  useLivePoll(poll.id);

  useEffect(() => {
    if (!actionData) return;
    if (actionData.error) announceError(actionData.error);
    else if (actionData.intent === "vote") announceSuccess(t("ui.voteSaved"));
  }, [actionData]); // eslint-disable-line react-hooks/exhaustive-deps -- once per action result; the announcer changes with the language and must not repeat it

  const busy = (intent: string) => navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const open = poll.status === "open";
  const myChoiceText = myBallot?.choices.map((id) => options.find((o) => o.id === id)?.text ?? "").join(poll.type === "ranked" ? " > " : ", ");

  return (
    <div className="grid gap-6">
      <nav aria-label={t("ui.breadcrumb")} className="flex flex-wrap gap-3 text-sm">
        <Link to="/polling">{t("ui.backToPolls")}</Link>
        <Link to={`/vote-tracking/${poll.id}`}>{t("ui.openRecord")}</Link>
      </nav>
      <header className="grid gap-2">
        <h1 className="m-0 break-words text-2xl">{poll.title}</h1>
        <PollStatus status={poll.status} closesAt={poll.closesAt} closedAt={poll.closedAt} />
        <p className="m-0 text-sm text-muted-foreground">
          {t("ui.openedBy", { name: poll.creatorName ?? t("ui.formerMember") })} · <RelativeTime value={poll.createdAt} /> · {t(`types.${poll.type}`)}
          {poll.weighted ? ` · ${t("ui.weightedBadge")}` : ""}
          {poll.anonymous ? ` · ${t("ui.anonymousBadge")}` : ""}
          {poll.hideResults ? ` · ${t("ui.hiddenBadge")}` : ""}
        </p>
        {poll.description ? <p className="m-0 whitespace-pre-wrap">{poll.description}</p> : null}
        {poll.subjectHref ? (
          <p className="m-0">
            <Link to={poll.subjectHref} className="underline">
              {t("ui.subject")}
            </Link>
          </p>
        ) : null}
      </header>

      {actionData?.error ? <Banner kind="error">{actionData.error}</Banner> : null}
      {actionData?.intent === "remind" && actionData.ok ? <Banner kind="success">{t("ui.reminded", { count: actionData.reminded ?? 0 })}</Banner> : null}

      {resultText ? (
        <section aria-labelledby="result-heading" className="grid gap-2 rounded-lg border-2 border-solid border-primary bg-card p-4" data-testid="poll-result">
          <h2 id="result-heading" className="m-0 text-lg">
            {t("ui.result")}
          </h2>
          <p className="m-0 text-base font-semibold">{resultText}</p>
        </section>
      ) : null}

      <div className="grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="vote-heading" className="grid content-start gap-3 rounded-lg border border-solid border-border bg-card p-4">
          <h2 id="vote-heading" className="m-0 text-lg">
            {t("ui.yourVote")}
          </h2>
          {myBallot ? (
            <p className="m-0 text-sm" data-testid="my-ballot">
              {t("ui.youVoted", { choice: myChoiceText })}
              {open ? ` ${t("ui.canChange")}` : ""}
            </p>
          ) : null}
          {open && eligible ? (
            <BallotForm type={poll.type} options={options} current={myBallot?.choices ?? null} />
          ) : !eligible ? (
            <p className="m-0 text-sm text-muted-foreground">{t("ui.notEligible")}</p>
          ) : !myBallot ? (
            <p className="m-0 text-sm text-muted-foreground">{t("ui.closedNoVote")}</p>
          ) : null}
        </section>

        <section
          aria-labelledby="tally-heading"
          className="grid content-start gap-3 rounded-lg border border-solid border-border bg-card p-4"
          aria-live="polite"
        >
          <h2 id="tally-heading" className="m-0 text-lg">
            {open ? t("ui.liveTally") : t("ui.finalTally")}
          </h2>
          <TurnoutBar
            voted={turnout.voted}
            eligible={turnout.eligible}
            turnoutShare={tally?.turnoutShare ?? (turnout.eligible ? turnout.voted / turnout.eligible : 0)}
            quorumPercent={poll.quorumPercent}
          />
          {tally ? (
            <>
              <TallyChart tally={tally} weighted={poll.weighted} final={poll.status === "closed"} />
              {!open ? <ResultExplanation tally={tally} weighted={poll.weighted} /> : null}
            </>
          ) : (
            <p className="m-0 text-sm text-muted-foreground" data-testid="tally-hidden">
              {t("ui.tallyHidden")}
            </p>
          )}
        </section>
      </div>

      <section aria-labelledby="manage-heading" className="flex flex-wrap items-center gap-2">
        <h2 id="manage-heading" className="sr-only">
          {t("ui.manage")}
        </h2>
        <PollCommandForm intent="watch" values={{ watching: watching ? "false" : "true" }}>
          <Button type="submit" variant="outline" aria-pressed={watching} disabled={busy("watch")}>
            {watching ? t("ui.watching") : t("ui.watch")}
          </Button>
        </PollCommandForm>
        {canManage && open ? (
          <>
            <PollCommandForm intent="remind">
              <Button type="submit" variant="outline" disabled={busy("remind") || turnout.voted === turnout.eligible}>
                {t("ui.remind")}
              </Button>
            </PollCommandForm>
            <Dialog>
              <DialogTrigger asChild>
                <Button variant="destructive">{t("ui.closeNow")}</Button>
              </DialogTrigger>
              <DialogContent>
                <DialogTitle>{t("ui.closeTitle")}</DialogTitle>
                <DialogDescription>{t("ui.closeBody", { voted: turnout.voted, eligible: turnout.eligible })}</DialogDescription>
                <div className="flex justify-end gap-2">
                  <DialogClose asChild>
                    <Button variant="outline">{t("ui.cancel")}</Button>
                  </DialogClose>
                  <PollCommandForm intent="close">
                    <Button type="submit" variant="destructive" disabled={busy("close")}>
                      {t("ui.closeConfirm")}
                    </Button>
                  </PollCommandForm>
                </div>
              </DialogContent>
            </Dialog>
          </>
        ) : null}
      </section>
    </div>
  );
}
