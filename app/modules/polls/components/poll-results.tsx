import { useTranslation } from "react-i18next";
import { useLanguage } from "~/modules/preferences/display";
import type { TallyResult } from "../tally";

const pct = (share: number) => Math.round(share * 1000) / 10;

/** Votes as people read them: a count, or a share of the trust when votes are weighted (basis points). */
export function useVoteFormat(weighted: boolean) {
  const { formatNumber } = useLanguage();
  return (votes: number) => (weighted ? `${formatNumber(votes / 100, { maximumFractionDigits: 2 })}%` : formatNumber(votes));
}

/** The turnout against the quorum, as a bar with the quorum marked. */
export function TurnoutBar({ voted, eligible, turnoutShare, quorumPercent }: { voted: number; eligible: number; turnoutShare: number; quorumPercent: number }) {
  const { t } = useTranslation("polls");
  const share = pct(turnoutShare);
  return (
    <div className="grid gap-1" data-testid="turnout">
      <div className="flex justify-between text-sm">
        <span>{t("ui.turnout", { voted, eligible })}</span>
        <span className="text-muted-foreground">{quorumPercent > 0 ? t("ui.quorumNeeded", { quorum: quorumPercent }) : t("ui.noQuorum")}</span>
      </div>
      <div
        className="relative h-3 rounded-full bg-muted"
        role="meter"
        aria-label={t("ui.turnoutLabel")}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={share}
        aria-valuetext={`${share}%`}
      >
        <div className="h-full rounded-full bg-primary" style={{ width: `${share}%` }} />
        {quorumPercent > 0 ? (
          <div aria-hidden="true" className="absolute top-[-3px] h-[18px] w-0.5 bg-foreground" style={{ insetInlineStart: `${quorumPercent}%` }} />
        ) : null}
      </div>
    </div>
  );
}

/**
 * The tally as horizontal bars (each labelled with its votes and share, so the chart reads without
 * colour), and for ranked choice the rounds of the instant runoff.
 */
export function TallyChart({ tally, weighted, final }: { tally: TallyResult; weighted: boolean; final: boolean }) {
  const { t } = useTranslation("polls");
  const votes = useVoteFormat(weighted);
  const winners = new Set(tally.outcome === "winner" || tally.outcome === "tie" ? tally.winnerOptionIds : []);
  const name = (id: string) => tally.counts.find((c) => c.optionId === id)?.text ?? "";
  return (
    <div className="grid gap-3" data-testid="tally">
      <ul className="m-0 grid list-none gap-2 p-0" aria-label={tally.type === "ranked" ? t("ui.firstPreferences") : t("ui.tallyLabel")}>
        {tally.counts.map((count) => (
          <li key={count.optionId} className="grid gap-1" data-testid="tally-row">
            <div className="flex justify-between gap-2 text-sm">
              <span className={winners.has(count.optionId) ? "font-semibold" : ""}>
                {count.text}
                {winners.has(count.optionId) ? (
                  <span className="ms-2 text-xs">{tally.outcome === "tie" ? t("ui.tied") : final ? t("ui.winner") : t("ui.leading")}</span>
                ) : null}
              </span>
              <span className="tabular-nums" data-testid="tally-figures">
                {votes(count.votes)} · {pct(count.share)}%
              </span>
            </div>
            <div className="h-2 rounded-full bg-muted" aria-hidden="true">
              <div
                className={`h-full rounded-full ${winners.has(count.optionId) ? "bg-primary" : "bg-muted-foreground"}`}
                style={{ width: `${pct(count.share)}%` }}
              />
            </div>
          </li>
        ))}
      </ul>
      {tally.type === "ranked" && tally.rounds.length > 0 ? (
        <table className="w-full border-collapse text-sm" data-testid="rounds">
          <caption className="text-start text-sm font-semibold">{t("ui.roundsCaption")}</caption>
          <thead>
            <tr>
              <th scope="col" className="border-0 border-b border-solid border-border p-1 text-start">
                {t("ui.round")}
              </th>
              <th scope="col" className="border-0 border-b border-solid border-border p-1 text-start">
                {t("ui.counts")}
              </th>
              <th scope="col" className="border-0 border-b border-solid border-border p-1 text-start">
                {t("ui.eliminated")}
              </th>
            </tr>
          </thead>
          <tbody>
            {tally.rounds.map((round) => (
              <tr key={round.round}>
                <th scope="row" className="p-1 text-start font-normal">
                  {round.round}
                </th>
                <td className="p-1">{round.counts.map((c) => `${name(c.optionId)} ${votes(c.votes)}`).join(" · ")}</td>
                <td className="p-1">{round.eliminated.map(name).join(", ") || "—"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </div>
  );
}

/** How the result was computed, in plain words (the record families keep). */
export function ResultExplanation({ tally, weighted }: { tally: TallyResult; weighted: boolean }) {
  const { t } = useTranslation("polls");
  const votes = useVoteFormat(weighted);
  return (
    <ul className="m-0 grid gap-1 ps-5 text-sm" data-testid="computation">
      <li>{weighted ? t("ui.explainWeighted", { total: votes(tally.eligibleWeight) }) : t("ui.explainCount", { eligible: tally.eligibleCount })}</li>
      <li>
        {t("ui.explainTurnout", { cast: votes(tally.turnoutWeight), share: pct(tally.turnoutShare) })}{" "}
        {tally.quorumPercent > 0
          ? tally.quorumMet
            ? t("ui.explainQuorumMet", { quorum: tally.quorumPercent })
            : t("ui.explainQuorumMissed", { quorum: tally.quorumPercent })
          : null}
      </li>
      <li>{t(`ui.explainRule.${tally.type}`)}</li>
    </ul>
  );
}
