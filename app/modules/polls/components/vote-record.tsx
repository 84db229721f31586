import { Check } from "lucide-react";
import { Link, useActionData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Banner } from "~/components/ui/banner";
import { Button } from "~/components/ui/button";
import { useLanguage } from "~/modules/preferences/display";
import { PollStatus, useLivePoll, type PollActionData, type PollPageData } from "./poll-page";
import { PollCommandForm } from "./command-form";
import { ResultExplanation, TallyChart, TurnoutBar, useVoteFormat } from "./poll-results";

/**
 * /vote-tracking/{id}: the record of one vote. Who has voted and who has not (names only when the
 * poll is not anonymous), each choice once results are visible, live tallies, the result with how it
 * was computed, reminders to those who have not voted, and the record as CSV or PDF.
 */
export function VoteRecordPage({ data }: { data: PollPageData }) {
  const { t } = useTranslation("polls");
  const { formatDate } = useLanguage();
  const { poll, voters, turnout, tally, resultText, canManage } = data;
  const actionData = useActionData<PollActionData>();
  const navigation = useNavigation();
  const votes = useVoteFormat(poll.weighted);
  useLivePoll(poll.id);
  const open = poll.status === "open";

  return (
    <div className="grid gap-6">
      <nav aria-label={t("ui.breadcrumb")} className="flex flex-wrap gap-3 text-sm">
        <Link to="/vote-tracking">{t("ui.backToTracking")}</Link>
        <Link to={`/polling/${poll.id}`}>{t("ui.openPollPage")}</Link>
      </nav>
      <header className="grid gap-2">
        <h1 className="m-0 break-words text-2xl">{t("ui.recordTitle", { title: poll.title })}</h1>
        <PollStatus status={poll.status} closesAt={poll.closesAt} closedAt={poll.closedAt} />
      </header>
      {actionData?.error ? <Banner kind="error">{actionData.error}</Banner> : null}
      {actionData?.intent === "remind" && actionData.ok ? <Banner kind="success">{t("ui.reminded", { count: actionData.reminded ?? 0 })}</Banner> : null}

      <div className="flex flex-wrap gap-2">
        <Button asChild variant="outline">
          <a href={`/api/polls/${poll.id}/export?format=csv`} download data-testid="export-csv">
            {t("ui.exportCsv")}
          </a>
        </Button>
        <Button asChild variant="outline">
          <a href={`/api/polls/${poll.id}/export?format=pdf`} download data-testid="export-pdf">
            {t("ui.exportPdf")}
          </a>
        </Button>
        {canManage && open ? (
          <PollCommandForm intent="remind">
            <Button
              type="submit"
              disabled={(navigation.state === "submitting" && navigation.formData?.get("intent") === "remind") || turnout.voted === turnout.eligible}
            >
              {t("ui.remindWaiting", { count: turnout.eligible - turnout.voted })}
            </Button>
          </PollCommandForm>
        ) : null}
      </div>
      {poll.lastRemindedAt ? (
        <p className="m-0 text-sm text-muted-foreground">
          {t("ui.lastReminded", { when: formatDate(poll.lastRemindedAt, { dateStyle: "medium", timeStyle: "short" }) })}
        </p>
      ) : null}

      <section aria-labelledby="record-tally" className="grid gap-3 rounded-lg border border-solid border-border bg-card p-4">
        <h2 id="record-tally" className="m-0 text-lg">
          {resultText ? t("ui.result") : t("ui.liveTally")}
        </h2>
        {resultText ? (
          <p className="m-0 font-semibold" data-testid="poll-result">
            {resultText}
          </p>
        ) : null}
        <TurnoutBar
          voted={turnout.voted}
          eligible={turnout.eligible}
          turnoutShare={tally?.turnoutShare ?? (turnout.eligible ? turnout.voted / turnout.eligible : 0)}
          quorumPercent={poll.quorumPercent}
        />
        {tally ? (
          <>
            <TallyChart tally={tally} weighted={poll.weighted} final={poll.status === "closed"} />
            <ResultExplanation tally={tally} weighted={poll.weighted} />
          </>
        ) : (
          <p className="m-0 text-sm text-muted-foreground">{t("ui.tallyHidden")}</p>
        )}
      </section>

      <section aria-labelledby="record-voters" className="grid gap-3 rounded-lg border border-solid border-border bg-card p-4">
        <h2 id="record-voters" className="m-0 text-lg">
          {t("ui.votersHeading")}
        </h2>
        {voters ? (
          <div className="overflow-x-auto">
            <table className="w-full border-collapse text-sm" data-testid="voters-table">
              <thead>
                <tr>
                  <th scope="col" className="border-0 border-b border-solid border-border p-2 text-start">
                    {t("record.voter")}
                  </th>
                  <th scope="col" className="border-0 border-b border-solid border-border p-2 text-start">
                    {t("ui.hasVoted")}
                  </th>
                  {poll.weighted ? (
                    <th scope="col" className="border-0 border-b border-solid border-border p-2 text-start">
                      {t("ui.weight")}
                    </th>
                  ) : null}
                  <th scope="col" className="border-0 border-b border-solid border-border p-2 text-start">
                    {t("record.choice")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {voters.map((voter) => (
                  <tr key={voter.userId} data-testid="voter-row" data-voted={voter.voted}>
                    <th scope="row" className="p-2 text-start font-normal">
                      {voter.name}
                    </th>
                    <td className="p-2">
                      {voter.voted ? (
                        <>
                          <Check aria-hidden="true" className="me-1 inline h-4 w-4 align-[-0.15em]" />
                          {t("ui.votedYes")}{" "}
                          {voter.votedAt ? (
                            <span className="text-muted-foreground">({formatDate(voter.votedAt, { dateStyle: "medium", timeStyle: "short" })})</span>
                          ) : null}
                        </>
                      ) : (
                        <span className="font-medium">{t("ui.notYet")}</span>
                      )}
                    </td>
                    {poll.weighted ? <td className="p-2 tabular-nums">{votes(voter.weight)}</td> : null}
                    <td className="p-2">
                      {voter.choices ? voter.choices.join(poll.type === "ranked" ? " > " : ", ") : voter.voted ? t("ui.hiddenChoice") : "—"}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p className="m-0 text-sm" data-testid="anonymous-turnout">
            {t("record.anonymousVoters", { voted: turnout.voted, eligible: turnout.eligible })}
          </p>
        )}
      </section>
    </div>
  );
}
