/**
 * References to the parts of an instrument, however they are numbered: "Article II", "ARTICLE 3", "Article Second",
 * "Article Four, Section 4.2", "Section 4.02", "Clause 5", "Paragraph (c) of Article Fourth". Amendments name their
 * targets this way; the instrument's own clauses carry the same numbers.
 */
const ORDINALS =
  "first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth thirteenth fourteenth fifteenth sixteenth seventeenth eighteenth nineteenth twentieth".split(
    " ",
  );
const CARDINALS = "one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty".split(
  " ",
);
const ROMAN: Record<string, number> = { i: 1, v: 5, x: 10, l: 50, c: 100 };

function romanValue(text: string): number | null {
  if (!/^[ivxlc]+$/i.test(text)) return null;
  let total = 0;
  const digits = text
    .toLowerCase()
    .split("")
    .map((c) => ROMAN[c]);
  digits.forEach((value, i) => (total += value < (digits[i + 1] ?? 0) ? -value : value));
  return total > 0 ? total : null;
}

/** "II", "2", "Second", "Two", "twenty-one" → the number; null when it is none of these. */
export function articleNumber(label: string): number | null {
  const word = label
    .trim()
    .replace(/[.:,]$/, "")
    .toLowerCase();
  if (/^\d+$/.test(word)) return Number(word);
  const ordinal = ORDINALS.indexOf(word);
  if (ordinal !== -1) return ordinal + 1;
  const cardinal = CARDINALS.indexOf(word);
  if (cardinal !== -1) return cardinal + 1;
  const compound = /^twenty[- ](\w+)$/.exec(word);
  if (compound) {
    const rest = articleNumber(compound[1]);
    return rest && rest < 10 ? 20 + rest : null;
  }
  return romanValue(word);
}

/** "4.02" → "4.2", "7" → "7": section numbers compared by their numbers. */
export function sectionKey(number: string): string {
  return number
    .replace(/\.$/, "")
    .split(".")
    .map((part) => (/^\d+$/.test(part) ? String(Number(part)) : part.toLowerCase()))
    .join(".");
}

/** What an amendment points at: an article, a section, a lettered paragraph inside one, or several of these. */
export interface Target {
  article: number | null;
  section: string | null;
  /** "(c)" inside the article or section. */
  paragraph: string | null;
  /** The heading of an unnumbered part ("the paragraph headed "Residuary Distribution""). */
  heading?: string | null;
  /** As the amendment writes it. */
  label: string;
}

/** "The paragraph of the Trust Agreement headed "Residuary Distribution"": a part named by its heading, in instruments that number nothing. */
export const HEADED_PATTERN = String.raw`(?:[Tt]he\s+)?(?:paragraph|article|section|clause|provision|part)\s+(?:of\s+(?:the|this|my|said)\s+[^,.:;"“\n]{0,60}?\s+)?(?:headed|entitled|captioned|titled)\s+["“]([^"”\n]{2,80})["”]`;

const NUMBER_WORD = String.raw`(?:\d+(?:\.\d+)*[A-Za-z]?|[IVXLCivxlc]+|[A-Za-z]+(?:-[A-Za-z]+)?)`;
const KIND = String.raw`(?:Sub-?)?(?:[Aa]rticle|ARTICLE|[Ss]ection|SECTION|[Pp]aragraph|PARAGRAPH|[Cc]lause|CLAUSE|[Ss]ubsection|[Ss]ubparagraph|§)`;
/** One reference: "Article II", "Section 4.02", "Paragraph (c) of Article Fourth", "Article Four, Section 4.2". */
const LABEL = String.raw`(?:\([a-z0-9]+\)|${NUMBER_WORD}(?:\([a-z0-9]{1,4}\))?)`;
export const TARGET_PATTERN = String.raw`${KIND}\s*${LABEL}(?:\s*(?:,|of|of the Trust's|in)\s*${KIND}\s*${LABEL})*`;

const ONE = new RegExp(String.raw`(${KIND})\s*(\([a-z0-9]+\)|${NUMBER_WORD})(\([a-z0-9]{1,4}\))?`, "g");

/** Reads one reference ("Paragraph (c) of Article Fourth"); null when it names no number. */
export function parseTarget(label: string): Target | null {
  const target: Target = { article: null, section: null, paragraph: null, label: label.trim() };
  for (const match of label.matchAll(ONE)) {
    const kind = match[1].toLowerCase();
    const value = match[2];
    // "Article 6(a)": the lettered paragraph of article 6.
    if (match[3]) target.paragraph = match[3].toLowerCase();
    if (/^\(/.test(value)) {
      target.paragraph = value.toLowerCase();
    } else if (/^(?:sub)?-?(?:paragraph|subsection)/.test(kind) && /^[A-Za-z]$/.test(value)) {
      // "Paragraph B of Article V": a lettered paragraph, written "B." or "(b)" in the instrument.
      target.paragraph = `(${value.toLowerCase()})`;
    } else if (kind.startsWith("article")) {
      target.article = articleNumber(value);
    } else if (/^\d/.test(value)) {
      target.section = sectionKey(value);
      // "Section 4.2" also says which article, when articles are numbered 4.x.
    } else {
      const n = articleNumber(value);
      if (n !== null) target.section = String(n);
    }
  }
  return target.article !== null || target.section !== null ? target : null;
}
