import { toCsv, type CsvValue } from "~/platform/csv";
import { PdfLines } from "~/platform/pdf-lines.server";
import type { CurrentSession } from "~/modules/auth/session.server";
import { auditRow } from "~/modules/audit/audit.server";
import { auditLog } from "~/modules/audit/schema";
import type { RequestContext } from "~/platform/request-context.server";
import { pollDetail, type PollDetail } from "./service.server";
import type { TallyResult } from "./tally";

type Translate = (key: string, options?: Record<string, unknown>) => string;

const fileBase = (detail: PollDetail) =>
  `vote-record-${
    detail.poll.title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "")
      .slice(0, 60) || "poll"
  }`;

/** The facts every export carries, as label/value rows. */
function summaryRows(detail: PollDetail, t: Translate): [string, string][] {
  const { poll, turnout } = detail;
  return [
    [t("record.title"), poll.title],
    [t("record.type"), t(`types.${poll.type}`)],
    [t("record.status"), t(`status.${poll.status}`)],
    [t("record.createdBy"), poll.creatorName ?? ""],
    [t("record.createdAt"), poll.createdAt],
    [t("record.closesAt"), poll.closesAt],
    [t("record.closedAt"), poll.closedAt ?? ""],
    [t("record.quorum"), `${poll.quorumPercent}%`],
    [t("record.weighted"), poll.weighted ? t("record.yes") : t("record.no")],
    [t("record.anonymous"), poll.anonymous ? t("record.yes") : t("record.no")],
    [t("record.turnout"), `${turnout.voted} / ${turnout.eligible}`],
    [t("record.result"), detail.resultText ?? (detail.tally ? t("record.stillOpen") : t("record.hidden"))],
  ];
}

function tallyRows(tally: TallyResult | null, weighted: boolean, t: Translate): string[][] {
  if (!tally) return [];
  const rows = tally.counts.map((c) => [c.text, weighted ? `${(c.votes / 100).toFixed(2)}%` : String(c.votes), `${Math.round(c.share * 1000) / 10}%`]);
  for (const round of tally.rounds) {
    const eliminated = round.eliminated.map((id) => tally.counts.find((c) => c.optionId === id)?.text ?? "").join(", ");
    rows.push([
      t("record.round", { round: round.round }),
      round.counts.map((c) => `${tally.counts.find((o) => o.optionId === c.optionId)?.text}: ${c.votes}`).join("; "),
      eliminated ? t("record.eliminated", { option: eliminated }) : "",
    ]);
  }
  return rows;
}

async function recordDetail(ctx: RequestContext, session: CurrentSession, id: string, t: Translate, format: "csv" | "pdf") {
  const detail = await pollDetail(ctx, session, id, t);
  await ctx.db.insert(auditLog).values(
    auditRow({
      action: "poll.export",
      workspaceId: session.workspace?.id,
      actorUserId: session.user.id,
      targetType: "poll",
      targetId: id,
      ip: ctx.ip,
      userAgent: ctx.userAgent,
      metadata: { format },
    }),
  );
  return detail;
}

/** The record of a vote as CSV (platform/csv.ts quotes and neutralises every cell: a title like "=…" is shown, never run). */
export async function pollRecordCsv(ctx: RequestContext, session: CurrentSession, id: string, t: Translate) {
  const detail = await recordDetail(ctx, session, id, t, "csv");
  const rows: CsvValue[][] = [
    ...summaryRows(detail, t),
    [],
    [t("record.option"), t("record.votes"), t("record.share")],
    ...tallyRows(detail.tally, detail.poll.weighted, t),
    [],
  ];
  rows.push([t("record.voter"), t("record.voted"), t("record.votedAt"), t("record.choice")]);
  if (detail.voters) {
    for (const v of detail.voters) rows.push([v.name, v.voted ? t("record.yes") : t("record.no"), v.votedAt ?? "", v.choices?.join(" > ") ?? ""]);
  } else {
    rows.push([t("record.anonymousVoters", { voted: detail.turnout.voted, eligible: detail.turnout.eligible })]);
  }
  return { body: toCsv(rows), fileName: `${fileBase(detail)}.csv` };
}

/** The record of a vote as a PDF (pdf-lib, Helvetica): summary, tallies and rounds, and the voters. */
export async function pollRecordPdf(ctx: RequestContext, session: CurrentSession, id: string, t: Translate) {
  const detail = await recordDetail(ctx, session, id, t, "pdf");
  const pdf = await PdfLines.create(`${t("record.heading")}: ${detail.poll.title}`);
  pdf.line(t("record.heading"), { size: 16, bold: true }).gap(6);
  for (const [label, value] of summaryRows(detail, t)) pdf.line(`${label}: ${value}`);
  if (detail.poll.description) pdf.gap(4).line(detail.poll.description, { size: 9 });
  pdf.gap(8).line(t("record.tallyHeading"), { size: 12, bold: true });
  const tally = tallyRows(detail.tally, detail.poll.weighted, t);
  if (tally.length === 0) pdf.line(t("record.hidden"));
  for (const row of tally) pdf.line(row.filter(Boolean).join(" — "), { indent: 10 });
  pdf.gap(8).line(t("record.votersHeading"), { size: 12, bold: true });
  if (detail.voters) {
    for (const v of detail.voters) {
      pdf.line(`${v.name}: ${v.voted ? `${t("record.voted")} ${v.votedAt ?? ""}${v.choices ? ` — ${v.choices.join(" > ")}` : ""}` : t("record.notVoted")}`, {
        indent: 10,
      });
    }
  } else {
    pdf.line(t("record.anonymousVoters", { voted: detail.turnout.voted, eligible: detail.turnout.eligible }), { indent: 10 });
  }
  pdf.gap(8).line(t("record.generated", { date: new Date().toISOString() }), { size: 8 });
  return { body: await pdf.save(), fileName: `${fileBase(detail)}.pdf` };
}
