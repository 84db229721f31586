import { parseNumberWords } from "~/modules/documents/analysis/text-structure";

export function fold(text: string): string {
  return text.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();
}

/** "Margaret A. Hartwell-Chen" → "margaret hartwell chen": no initials, titles or suffixes. */
export function nameKey(name: string): string {
  return fold(name)
    .replace(/[^\p{L}\p{N}\s-]/gu, " ")
    .split(/[\s-]+/)
    .filter((part) => part.length > 1 && !/^(mr|mrs|ms|dr|jr|sr|ii|iii|iv|esq)$/.test(part))
    .join(" ");
}

/** A company's legal form at the end of its name ("inc", "llc", "ltd"): "Coastal Fiduciary Partners, Inc." is "Coastal Fiduciary Partners". */
const COMPANY_FORM = /(?:\s+(?:inc|incorporated|llc|l\s?l\s?c|llp|ltd|limited|plc|corp|n\s?a))+$/;
const withoutForm = (key: string) => key.replace(COMPANY_FORM, "") || key;

/** Same person or body: equal keys, or the same first and last name with different middle parts; a company's legal form does not count. */
export function sameName(a: string, b: string): boolean {
  const ka = withoutForm(nameKey(a));
  const kb = withoutForm(nameKey(b));
  if (!ka || !kb) return false;
  if (ka === kb) return true;
  const pa = ka.split(" ");
  const pb = kb.split(" ");
  return pa.length > 1 && pb.length > 1 && pa[0] === pb[0] && pa[pa.length - 1] === pb[pb.length - 1];
}

const MONTHS = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"];

/** "March 14, 2019" → "2019-03-14" (the form legal instruments use); null for anything else. */
export function parseWrittenDate(text: string): string | null {
  const match = /\b([A-Za-z]+)\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})\b/.exec(text);
  if (!match) return null;
  const month = MONTHS.findIndex((m) => m.startsWith(match[1].toLowerCase()) && match[1].length >= 3) + 1;
  if (!month) return null;
  return `${match[3]}-${String(month).padStart(2, "0")}-${match[2].padStart(2, "0")}`;
}

/**
 * A deadline reduced to what can be compared: "within sixty (60) days after …" → "within 60 day",
 * "on or before April 15 of each year" → "on 04-15", "at least annually" → "every year". Null when
 * the wording is not one of these (such deadlines are not compared, rather than guessed at).
 */
export function deadlineKey(due: string | null | undefined): string | null {
  if (!due) return null;
  const text = due.toLowerCase();
  const within = /\bwithin\s+(?:([a-z-]+(?:\s+[a-z-]+)?)\s*)?(?:\((\d+)\)|(\d+))?\s*(?:calendar\s+|business\s+)?(day|week|month|year)s?\b/.exec(text);
  if (within) {
    const n = within[2] ? Number(within[2]) : within[3] ? Number(within[3]) : within[1] ? parseNumberWords(within[1]) : null;
    if (n) return `within ${n} ${within[4]}${/business/.test(within[0]) ? " business" : ""}`;
  }
  const onOrBefore = /\b(?:on or before|no later than|by)\s+([a-z]+)\s+(\d{1,2})(?:st|nd|rd|th)?\b/.exec(text);
  if (onOrBefore) {
    const month = MONTHS.findIndex((m) => m.startsWith(onOrBefore[1]) && onOrBefore[1].length >= 3) + 1;
    if (month) return `on ${String(month).padStart(2, "0")}-${onOrBefore[2].padStart(2, "0")}`;
  }
  if (/\b(annually|each year|every year|once a year|yearly)\b/.test(text)) return "every year";
  if (/\b(quarterly|each quarter|every quarter)\b/.test(text)) return "every quarter";
  if (/\b(monthly|each month|every month)\b/.test(text)) return "every month";
  return null;
}

/** Two deadlines of the same kind ("within", a calendar day, a frequency) that say different things. */
export function deadlinesContradict(a: string | null | undefined, b: string | null | undefined): boolean {
  const ka = deadlineKey(a);
  const kb = deadlineKey(b);
  if (!ka || !kb || ka === kb) return false;
  const kind = (key: string) => (key.startsWith("within") ? "within" : key.startsWith("on ") ? "on" : "every");
  return kind(ka) === kind(kb);
}

const DUTY_STOP = new Set(
  "the a an and or of to for on by in at with as any each all shall must be is are this that its his her their such trust trustee".split(" "),
);

function dutyWords(text: string): Set<string> {
  return new Set((fold(text).match(/[\p{L}\p{N}.]+/gu) ?? []).filter((w) => w.length > 2 && !DUTY_STOP.has(w)).map((w) => w.replace(/s$/, "")));
}

/** The statute sections a citation names ("California Probate Code section 16061.7" → "16061.7"). */
export function citationKey(citation: string | null | undefined): string | null {
  const numbers = citation?.match(/\d+(?:\.\d+)*/g);
  return numbers?.length ? numbers.join(",") : null;
}

/** The same duty in two places: the same statute cited, or mostly the same words. */
export function sameDuty(a: { duty: string; citation: string | null }, b: { duty: string; citation: string | null }): boolean {
  const ca = citationKey(a.citation);
  const cb = citationKey(b.citation);
  if (ca && cb) return ca === cb;
  const wa = dutyWords(a.duty);
  const wb = dutyWords(b.duty);
  if (!wa.size || !wb.size) return false;
  let shared = 0;
  for (const word of wa) if (wb.has(word)) shared++;
  return shared / (wa.size + wb.size - shared) >= 0.6;
}
