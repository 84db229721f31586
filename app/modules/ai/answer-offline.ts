import { SUCCESSOR_ROLES, type Party, type PartyRole } from "~/modules/documents/analysis/schema";
import type { Intent } from "./intents";
import { excerptOf, locateQuote, type Passage, scorePassages } from "./passages";
import { CitationList, passageMentioning, quotePassage, type SourceDocument } from "./sources";

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** An open compliance item the asker may see (from app/modules/compliance). */
export interface OpenComplianceItem {
  title: string;
  dueAt: Date;
  responsibleParty: string | null;
}

export interface OfflineInput {
  intent: Intent;
  /** Documents in order of preference: the one the person is looking at first, then by relevance. */
  documents: SourceDocument[];
  /** Retrieved passages, best first. */
  passages: Passage[];
  complianceItems?: OpenComplianceItem[];
  /**
   * The question's own subject words (stemmed, without words such as "when" or "due"): duties and
   * dates are narrowed to those whose clause mentions them. Empty: list them all.
   */
  subjectTerms?: string[];
  t: Translate;
  language: string;
}

export interface Draft {
  /** The answer's text, with [n] pointing at `citations[n - 1]`. */
  body: string;
  citations: Passage[];
  /** False when the documents had nothing to say. */
  found: boolean;
}

const MAX_DOCUMENTS = 4;
const MAX_LINES_PER_DOCUMENT = 8;
const MAX_QUOTED_PASSAGES = 4;

const ROLE_WORDS: Record<PartyRole, string[]> = {
  settlor: ["settlor", "grantor", "trustor"],
  trustee: ["trustee"],
  successor_trustee: ["successor trustee", "successor"],
  beneficiary: ["beneficiar"],
  principal: ["principal"],
  agent: ["agent", "attorney-in-fact"],
  successor_agent: ["successor agent", "successor"],
  testator: ["testator", "testatrix"],
  executor: ["executor", "personal representative"],
  successor_executor: ["successor executor", "alternate executor"],
  guardian: ["guardian"],
  successor_guardian: ["successor guardian", "alternate guardian"],
  trust_protector: ["protector"],
  health_care_agent: ["health care agent", "agent"],
  other: [],
};

function formatIsoDate(iso: string, language: string): string {
  const date = new Date(`${iso}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return iso;
  try {
    return new Intl.DateTimeFormat(language, { dateStyle: "long", timeZone: "UTC" }).format(date);
  } catch {
    return iso;
  }
}

const ref = (n: number | null) => (n ? ` [${n}]` : "");

/**
 * Narrows each document's items to those whose clause (the paragraph holding their quote) best
 * matches the question's subject, across all the documents: a document with no matching clause
 * contributes nothing. With no subject, or no match anywhere, every item stays.
 */
function relevantAcross<T extends { sourceText: string | null }>(
  documents: SourceDocument[],
  itemsOf: (d: SourceDocument) => T[],
  terms: string[] | undefined,
): T[][] {
  const all = documents.map(itemsOf);
  if (!terms?.length) return all;
  const scores = documents.map((document, d) => {
    const scored = scorePassages(document.content, document.spans, terms);
    return all[d].map((item) => {
      const at = locateQuote(document.content, item.sourceText)?.start;
      return at === undefined ? 0 : (scored.find((s) => at >= s.start && at < s.end)?.score ?? 0);
    });
  });
  const best = Math.max(0, ...scores.flat());
  return best > 0 ? all.map((items, d) => items.filter((_, i) => scores[d][i] >= best * 0.5)) : all;
}

function partyLabel(party: Party): string {
  const extra = [party.order && (SUCCESSOR_ROLES as readonly string[]).includes(party.role) ? String(party.order) : null, party.share].filter(Boolean);
  return extra.length ? `${party.name} (${extra.join(", ")})` : party.name;
}

function partiesSection(input: OfflineInput, roles: PartyRole[], cites: CitationList): string[] {
  const { t } = input;
  const lines: string[] = [];
  for (const document of input.documents.slice(0, MAX_DOCUMENTS)) {
    const parties = document.analysis?.parties ?? [];
    const docLines: string[] = [];
    for (const role of roles) {
      const named = parties.filter((p) => p.role === role).sort((a, b) => (a.order ?? 0) - (b.order ?? 0));
      if (!named.length) continue;
      // Cite where the first of them is named in that capacity.
      const n = cites.add(passageMentioning(document, named[0].name, ROLE_WORDS[role]));
      docLines.push(`• ${t(`role.${role}`)}: ${named.map(partyLabel).join(", ")}${ref(n)}`);
    }
    if (docLines.length) lines.push(`${document.title}:`, ...docLines, "");
  }
  return lines;
}

function dutiesSection(input: OfflineInput, cites: CitationList): string[] {
  const { t } = input;
  const lines: string[] = [];
  const documents = input.documents.slice(0, MAX_DOCUMENTS);
  const perDocument = relevantAcross(documents, (d) => d.analysis?.complianceRequirements ?? [], input.subjectTerms);
  documents.forEach((document, d) => {
    const duties = perDocument[d];
    if (!duties.length) return;
    lines.push(`${document.title}:`);
    for (const duty of duties.slice(0, MAX_LINES_PER_DOCUMENT)) {
      const n = cites.add(quotePassage(document, duty.sourceText));
      const who = duty.responsibleParty ?? t("offline.noOneNamed");
      const when = duty.due ?? t("offline.noDeadline");
      lines.push(`• ${duty.duty} — ${t("offline.who", { who })}; ${t("offline.when", { when })}${ref(n)}`);
    }
    if (duties.length > MAX_LINES_PER_DOCUMENT) lines.push(`• ${t("offline.more", { count: duties.length - MAX_LINES_PER_DOCUMENT })}`);
    lines.push("");
  });
  const items = input.complianceItems ?? [];
  if (items.length) {
    lines.push(t("offline.openItems"));
    for (const item of items) {
      const due = formatIsoDate(item.dueAt.toISOString().slice(0, 10), input.language);
      lines.push(
        `• ${item.title} — ${t("offline.dueOn", { date: due })}${item.responsibleParty ? `; ${t("offline.who", { who: item.responsibleParty })}` : ""}`,
      );
    }
    lines.push("");
  }
  return lines;
}

function datesSection(input: OfflineInput, cites: CitationList): string[] {
  const lines: string[] = [];
  const documents = input.documents.slice(0, MAX_DOCUMENTS);
  const perDocument = relevantAcross(documents, (d) => d.analysis?.importantDates ?? [], input.subjectTerms);
  documents.forEach((document, d) => {
    const dates = perDocument[d];
    if (!dates.length) return;
    lines.push(`${document.title}:`);
    for (const date of dates.slice(0, MAX_LINES_PER_DOCUMENT)) {
      const n = cites.add(quotePassage(document, date.sourceText));
      lines.push(`• ${date.date ? `${formatIsoDate(date.date, input.language)}: ` : ""}${date.description}${ref(n)}`);
    }
    lines.push("");
  });
  return lines;
}

function lawSection(input: OfflineInput, cites: CitationList): string[] {
  const lines: string[] = [];
  for (const document of input.documents.slice(0, MAX_DOCUMENTS)) {
    const law = document.analysis?.governingLaw;
    if (!law) continue;
    const n = cites.add(passageMentioning(document, law, ["governed", "law"]));
    lines.push(`• ${document.title}: ${input.t("offline.governingLaw", { law })}${ref(n)}`);
  }
  return lines.length ? [...lines, ""] : [];
}

function summarySection(input: OfflineInput, cites: CitationList): string[] {
  const document = input.documents.find((d) => d.analysis);
  if (!document?.analysis) return [];
  const lines = [`${document.title}:`, document.analysis.summary, ""];
  const provisions = document.analysis.keyProvisions.slice(0, 6);
  if (provisions.length) {
    lines.push(input.t("offline.keyProvisions"));
    for (const provision of provisions) {
      const n = cites.add(quotePassage(document, provision.text));
      lines.push(`• ${[provision.reference, provision.title].filter(Boolean).join(" ")}${ref(n)}`);
    }
    lines.push("");
  }
  return lines;
}

/**
 * The embedded engine's answer: what the stored analysis says about the question's subject, each
 * line cited to the passage it comes from, and the best-matching passages quoted word for word. It
 * says that it quotes rather than writes, so nobody mistakes it for a model's reading.
 */
export function answerOffline(input: OfflineInput): Draft {
  const { t, intent } = input;
  const cites = new CitationList();
  let lines: string[] = [];
  if (intent.kind === "parties") lines = partiesSection(input, intent.roles, cites);
  else if (intent.kind === "duties") lines = dutiesSection(input, cites);
  else if (intent.kind === "dates") lines = datesSection(input, cites);
  else if (intent.kind === "governing_law") lines = lawSection(input, cites);
  else if (intent.kind === "summary") lines = summarySection(input, cites);

  // The retrieved passages: on their own when the analysis had nothing to add, else as further reading.
  const structured = lines.length > 0;
  const extra = input.passages.filter((p) => !cites.passages.some((c) => c.documentId === p.documentId && c.start < p.end && p.start < c.end));
  const quoted = extra.slice(0, structured ? 2 : MAX_QUOTED_PASSAGES);
  if (quoted.length && structured) {
    lines.push(`${t("offline.alsoRelevant")} ${quoted.map((passage) => `[${cites.add(passage)}]`).join(" ")}`, "");
  } else if (quoted.length) {
    // Nothing structured to say: the answer is the passages themselves, quoted.
    lines.push(t("offline.bestPassages"));
    for (const passage of quoted) lines.push(`• “${excerptOf(passage.text, 240)}” — ${passage.documentTitle}${ref(cites.add(passage))}`);
    lines.push("");
  }

  if (!lines.length) return { body: t("offline.nothingFound"), citations: [], found: false };
  // The quotes themselves travel as `citations` (each with its excerpt and link), shown under the answer.
  const body = [t("offline.intro"), "", ...lines, t("offline.disclaimer")]
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
  return { body, citations: cites.passages, found: true };
}
