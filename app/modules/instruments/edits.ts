/**
 * An amendment read as edits of the instrument it amends: each operative clause restates, replaces, deletes, adds
 * or strikes words in a target ("Section 1.3 of the Trust is deleted and replaced with the following: …",
 * "Article II of the Trust Agreement is amended to read: …"); clauses that name no target add a provision, and
 * "in all other respects ratified" changes nothing. Plain rules over the text, so every edit quotes its source.
 */
import { AMENDMENT_EDIT_KINDS, type AmendmentEdit } from "~/modules/documents/analysis/schema";
import { parseClauses } from "~/modules/documents/analysis/text-structure";
import { HEADED_PATTERN, parseTarget, TARGET_PATTERN, type Target } from "./references";

export const EDIT_KINDS = AMENDMENT_EDIT_KINDS;
export type EditKind = (typeof EDIT_KINDS)[number];

export interface Edit {
  kind: EditKind;
  target: Target | null;
  /** The new words (replace, add, new provision, restatement) or the inserted words (strike and insert). */
  text: string | null;
  /** The struck words (strike and insert). */
  struck: string | null;
  /** The amendment's operative words, quoted from its text. */
  sourceText: string;
  /** Where in the amendment they are ("Section 4"), when it numbers its clauses. */
  at?: string | null;
  /** The heading the amendment gives a new provision ("Inventory"). */
  title?: string | null;
  /** Which words of the target a replace rewrites, when not all of them: "first two sentences", "special instruction". */
  part?: string | null;
}

const OF_INSTRUMENT = String.raw`(?:\s+(?:of|to|in)\s+(?:the|said|this|that|my|our|his|her|its)\s+[^,.:;"“\n]{0,90}?)?,?`;
// "The first two sentences of Article SIXTH", "The special instruction in paragraph 3": part of the target only.
const PART_OF = String.raw`(?:\b[Tt]he\s+((?:(?:first|second|third|fourth|fifth|last|final)(?:\s+(?:two|three|four|five))?\s+sentences?)|(?:[a-z][a-z -]{0,30}?\s)?(?:instructions?|directions?|requirements?|sentences?|provisos?|definitions?|words|wording|language))\s+(?:in|of)\s+)?`;
const ENTIRETY = String.raw`(?:\s+in\s+(?:its|their)\s+entirety)?`;
const REPLACE = new RegExp(
  String.raw`${PART_OF}(${TARGET_PATTERN})${OF_INSTRUMENT}\s+(?:is|are|shall be)\s+(?:hereby\s+)?(?:deleted${ENTIRETY}\s+and\s+replaced${ENTIRETY}\s+(?:with|by)(?:\s+the\s+following)?|deleted${ENTIRETY}\s+and\s+(?:the\s+following\s+(?:is|are)\s+)?(?:substituted|inserted)(?:\s+(?:therefor|in\s+(?:its|their)\s+place))?|amended(?:\s+and\s+restated)?${ENTIRETY}\s+(?:to\s+read|so\s+as\s+to\s+read|as\s+follows)${ENTIRETY}(?:\s+(?:in\s+full\s+)?as\s+follows)?|restated${ENTIRETY}\s+(?:to\s+read|as\s+follows)${ENTIRETY}(?:\s+as\s+follows)?|replaced${ENTIRETY}\s+(?:with|by)(?:\s+the\s+following)?)\s*(?:[:.—–-]\s*)?`,
  "g",
);
const REPLACE_VERB = String.raw`\s+(?:is|are|shall be)\s+(?:hereby\s+)?(?:deleted${ENTIRETY}\s+and\s+replaced${ENTIRETY}\s+(?:with|by)(?:\s+the\s+following)?|amended(?:\s+and\s+restated)?${ENTIRETY}\s+(?:to\s+read|so\s+as\s+to\s+read|as\s+follows)${ENTIRETY}(?:\s+(?:in\s+full\s+)?as\s+follows)?|restated${ENTIRETY}\s+(?:to\s+read|as\s+follows)${ENTIRETY}(?:\s+as\s+follows)?)\s*(?:[:.—–-]\s*)?`;
const REPLACE_HEADED = new RegExp(String.raw`${HEADED_PATTERN}${OF_INSTRUMENT}${REPLACE_VERB}`, "g");
const DELETE_HEADED = new RegExp(
  String.raw`${HEADED_PATTERN}${OF_INSTRUMENT}\s+(?:is|are|shall be)\s+(?:hereby\s+)?(?:deleted|revoked|removed|struck|omitted)(?:\s+in\s+(?:its|their)\s+entirety)?(?!\s+and\s+replaced)\s*[.;]`,
  "g",
);
// "… vary the Settlement by deleting clause 7.1 and substituting the following: …"
const REPLACE_BY = new RegExp(
  String.raw`\bby\s+(?:deleting|omitting|revoking|striking(?:\s+out)?)\s+(${TARGET_PATTERN})${OF_INSTRUMENT}\s+and\s+(?:substituting|inserting)(?:\s+(?:therefor|in\s+(?:its|their)\s+place))?(?:\s+the\s+following)?\s*(?:[:.—–-]\s*)?`,
  "g",
);
// A testator's or settlor's own voice: "I add the following Article III-A to my Will:", "I delete the first two
// sentences of Article V of my Will and substitute the following:", "I revoke Article VI of my Will."
const ADD_MINE = new RegExp(
  String.raw`\b(?:I|We)\s+(?:hereby\s+)?(?:add|insert)\s+(?:the\s+following\s+)?(?:(?:as\s+)?(?:a\s+)?new\s+)?(${TARGET_PATTERN})${OF_INSTRUMENT}\s*[:.]\s*`,
  "g",
);
const REPLACE_MINE = new RegExp(
  String.raw`\b(?:I|We)\s+(?:hereby\s+)?(?:delete|revoke|strike)\s+${PART_OF}(${TARGET_PATTERN})${OF_INSTRUMENT}\s+and\s+substitute(?:\s+(?:therefor|in\s+(?:its|their)\s+place))?(?:\s+the\s+following)?\s*[:.]\s*`,
  "g",
);
const DELETE_MINE = new RegExp(
  String.raw`\b(?:I|We)\s+(?:hereby\s+)?(?:delete|revoke)\s+(?:in\s+(?:its|their)\s+entirety\s+)?(${TARGET_PATTERN})${OF_INSTRUMENT}\s*[.;]`,
  "g",
);
const DELETE = new RegExp(
  String.raw`(${TARGET_PATTERN})${OF_INSTRUMENT}\s+(?:is|are|shall be)\s+(?:hereby\s+)?(?:deleted|revoked|removed|struck|omitted)(?:\s+(?:in\s+(?:its|their)\s+entirety|from\s+the\s+[A-Za-z ]{1,40}?))?(?!\s+and\s+replaced)\s*[.;]`,
  "g",
);
const ADD = new RegExp(
  String.raw`(?:amended\s+by\s+(?:adding|inserting)\s+(?:thereto\s+)?(?:the\s+following\s+)?(?:as\s+)?(?:a\s+)?new\s+(${TARGET_PATTERN})|(?:A|The following)\s+new\s+(${TARGET_PATTERN})\s+(?:is|shall be)\s+(?:hereby\s+)?(?:added|inserted))[^:\n]{0,120}?[:.]\s*`,
  "g",
);
const QUOTED = String.raw`["“]([^"”]+)["”]`;
const STRIKE = new RegExp(
  String.raw`(${TARGET_PATTERN})${OF_INSTRUMENT}\s+(?:is|are)\s+(?:hereby\s+)?amended\s+by\s+(?:striking|deleting)\s+(?:(?:out\s+)?the\s+(?:words?|phrase|figures?|number|name)\s+)?${QUOTED}\s*,?\s*(?:and\s+)?(?:by\s+)?(?:inserting|substituting)\s+(?:in\s+(?:its|their)\s+place\s+)?(?:the\s+(?:words?|phrase|figures?|number|name)\s+)?${QUOTED}(?:\s+in\s+(?:its|their)\s+place)?`,
  "g",
);
const RATIFY =
  /(?:in all other respects|except as (?:amended|modified|expressly|provided|set forth|changed)[^,.]{0,60}),?[^.]{0,160}?\b(?:ratif|confirm)[^.]*\./gi;
const RESTATEMENT = /\b(?:amended and restated|restatement|restated)\b/i;
const NOT_OPERATIVE =
  /^(?:IN WITNESS|WITNESS|Signed|Dated|Acknowledged|Subscribed|State of|County of|Notary|Before me|On this|The undersigned|I certify|This (?:instrument|document) was (?:acknowledged|prepared)|[A-Z][\w.'’ -]+,\s+(?:Settlor|Grantor|Trustor|Trustee|Co-Trustee|Testator|Witness|Protector)\b)/i;

const LINE_START = (text: string, at: number) => text.lastIndexOf("\n", at - 1) + 1;
const ORDINAL_WORDS = "FIRST SECOND THIRD FOURTH FIFTH SIXTH SEVENTH EIGHTH NINTH TENTH ELEVENTH TWELFTH".split(" ");

/** The label of the amendment's own next item after the one on this line ("3." → "4."), as a line pattern. */
function nextItemPattern(line: string): RegExp | null {
  const numbered = /^\s*(?:(?:Section|Article|Paragraph|Item)\s+)?(\d+)[.:)]\s/i.exec(line);
  if (numbered) return new RegExp(String.raw`^\s*(?:(?:Section|Article|Paragraph|Item)\s+)?${Number(numbered[1]) + 1}[.:)]\s`, "im");
  const lettered = /^\s*\(([a-z])\)\s/.exec(line);
  if (lettered) return new RegExp(String.raw`^\s*\(${String.fromCharCode(lettered[1].charCodeAt(0) + 1)}\)\s`, "m");
  const word = /^\s*([A-Z]+)\s*[:.]/.exec(line);
  const index = word ? ORDINAL_WORDS.indexOf(word[1].toUpperCase()) : -1;
  if (index !== -1 && ORDINAL_WORDS[index + 1]) return new RegExp(String.raw`^\s*${ORDINAL_WORDS[index + 1]}\s*[:.]`, "im");
  return null;
}

/** The new words without their quotation marks; words after the closing quote are the amendment's own, not the term's. */
function unquote(text: string): string {
  const trimmed = text.trim();
  const quoted = /^["“]([\s\S]*)["”]\.?$/.exec(trimmed);
  if (quoted && !/["”]\s*\.?\s+\S/.test(quoted[1])) return quoted[1].trim();
  const leading = /^(?:“([^”]*)”|"([^"]*)")/.exec(trimmed);
  if (leading && (leading[1] ?? leading[2]).trim().length > 20) return (leading[1] ?? leading[2]).trim();
  return (quoted ? quoted[1] : trimmed).trim();
}

interface Found {
  kind: EditKind;
  start: number;
  end: number;
  target: Target | null;
  struck?: string;
  inserted?: string;
  part?: string;
}

const SIGNATURES = /^\s*(?:IN WITNESS|WITNESS WHEREOF|EXECUTED|Signed (?:and delivered|on|at|this|as a deed|by)\b|SIGNED\b|Dated:|_{4,})/m;
// A decanting appoints the trust's property to a further trust: "Exercise of Authority to Invade Trust Principal in
// Favor of a Further Trust", "decants", "appoints all of the principal … to the trustees of …".
const DECANTING =
  /\bdecant|\binvade\s+(?:the\s+)?(?:trust\s+)?principal\s+in\s+favou?r\s+of\s+(?:a|an)\s+(?:further|second|new|other)\s+trust|\bappoints?\s+(?:all|the whole)\s+of\s+the\s+(?:principal|trust\s+(?:property|fund|estate))[^.]{0,200}?\bto\s+the\s+trustees?\s+of\b/i;
// "… to be held under the terms set out in Schedule 1": where the receiving trust's terms are written.
const RECEIVING_TERMS =
  /\b(?:held|administered)\s+(?:under|on|upon|in\s+accordance\s+with)\s+the\s+terms\s+(?:set\s+(?:out|forth)\s+in|contained\s+in|of)\s+(Schedule|Exhibit|Appendix|Annex|Attachment)\s+([A-Z0-9]+)\b[^.]*\./i;

/** The receiving trust's terms a decanting sets out in its own schedule (they become the trust's terms), or null. */
function decantedTerms(text: string): { text: string; sourceText: string } | null {
  const pointer = DECANTING.test(text) ? RECEIVING_TERMS.exec(text) : null;
  if (!pointer) return null;
  const after = (pointer.index ?? 0) + pointer[0].length;
  const heading = new RegExp(String.raw`^\s*${pointer[1]}\s+${pointer[2]}\b.*$`, "im").exec(text.slice(after));
  if (!heading) return null;
  const start = after + heading.index + heading[0].length;
  const stop = text.slice(start).search(SIGNATURES);
  const terms = text.slice(start, stop === -1 ? undefined : start + stop).trim();
  const sentenceStart = Math.max(text.lastIndexOf("\n", pointer.index ?? 0) + 1, 0);
  return terms ? { text: terms, sourceText: text.slice(sentenceStart, after).trim() } : null;
}

// A clause about the changing document itself ("This Deed shall be governed by …", "Any party may file this Agreement"):
// it carries out that document and stays on it, not in the trust's terms.
const ABOUT_ITSELF = /\bth(?:is|e present)\s+(?:Agreement|Amendment|Deed|Codicil|Instrument|Restatement|Decanting|Document)\b/i;

/** Every edit an amendment's text makes, in order. `heading` tells a restatement from an amendment. */
export function readEdits(fullText: string): Edit[] {
  const text = fullText.replace(/\r\n?/g, "\n");
  const { heading, clauses } = parseClauses(text);
  const found: Found[] = [];
  const push = (kind: EditKind, match: RegExpMatchArray, label: string | undefined, extra: Partial<Found> = {}) => {
    const target = label ? parseTarget(label) : null;
    if (target) found.push({ kind, start: match.index ?? 0, end: (match.index ?? 0) + match[0].length, target, ...extra });
  };
  for (const match of text.matchAll(REPLACE)) push("replace", match, match[2], { part: match[1] });
  for (const match of text.matchAll(REPLACE_BY)) push("replace", match, match[1]);
  for (const match of text.matchAll(REPLACE_MINE)) push("replace", match, match[2], { part: match[1] });
  for (const match of text.matchAll(DELETE_MINE)) push("delete", match, match[1]);
  for (const match of text.matchAll(ADD_MINE)) {
    // "Article III-A" is new: placed after Article III.
    const base = parseTarget(match[1]) ?? parseTarget(match[1].replace(/-?[A-Za-z]$/, ""));
    if (base) found.push({ kind: "add", start: match.index ?? 0, end: (match.index ?? 0) + match[0].length, target: { ...base, label: match[1] } });
  }
  for (const [kind, pattern] of [
    ["replace", REPLACE_HEADED],
    ["delete", DELETE_HEADED],
  ] as const) {
    for (const match of text.matchAll(pattern)) {
      const at = match.index ?? 0;
      const label = match[0].replace(/\s+(?:is|are|shall)\b[\s\S]*$/, "").trim();
      const target: Target = { article: null, section: null, paragraph: null, heading: match[1].trim(), label };
      found.push({ kind, start: at, end: at + match[0].length, target });
    }
  }
  for (const match of text.matchAll(DELETE)) push("delete", match, match[1]);
  for (const match of text.matchAll(ADD)) push("add", match, match[1] ?? match[2]);
  for (const match of text.matchAll(STRIKE)) push("strike_insert", match, match[1], { struck: match[2], inserted: match[3] });
  for (const match of text.matchAll(RATIFY)) found.push({ kind: "ratify", start: match.index ?? 0, end: (match.index ?? 0) + match[0].length, target: null });
  found.sort((a, b) => a.start - b.start);
  // A replace also matches as a delete's prefix in some wordings: keep the first edit at each place.
  const edits = found.filter((edit, i) => !found.slice(0, i).some((other) => edit.start < other.end && other.start < edit.end));

  // The operative part ends where the signatures begin: "IN WITNESS WHEREOF", "SIGNED on …", "Dated: …", a signature line.
  const witness = text.search(SIGNATURES);
  const end = witness === -1 ? text.length : witness;

  const receiving = decantedTerms(text);
  if (receiving) return [{ kind: "restate_all", target: null, text: receiving.text, struck: null, sourceText: receiving.sourceText }];
  const headingText = heading ?? text.slice(0, 200);
  if (!edits.some((edit) => edit.kind !== "ratify") && RESTATEMENT.test(headingText)) {
    return [{ kind: "restate_all", target: null, text: text.slice(0, end).trim(), struck: null, sourceText: headingText }];
  }
  const result: (Edit & { start: number; end: number })[] = [];
  edits.forEach((edit, i) => {
    const lineStart = LINE_START(text, edit.start);
    const sentenceEnd = text.indexOf(".", edit.end - 1);
    if (edit.kind === "ratify" || edit.kind === "delete" || edit.kind === "strike_insert") {
      result.push({
        kind: edit.kind,
        target: edit.target,
        text: edit.inserted ?? null,
        struck: edit.struck ?? null,
        sourceText: text.slice(edit.start, edit.kind === "ratify" || sentenceEnd === -1 ? edit.end : sentenceEnd + 1).trim(),
        start: lineStart,
        end: edit.end,
      });
      return;
    }
    // The new words run from the edit to the next edit, the amendment's next item, or its signatures.
    const next = edits[i + 1];
    let stop = next ? Math.min(LINE_START(text, next.start) > edit.end ? LINE_START(text, next.start) : next.start, end) : end;
    const itemPattern = nextItemPattern(text.slice(lineStart, text.indexOf("\n", lineStart) === -1 ? undefined : text.indexOf("\n", lineStart)));
    if (itemPattern) {
      const rest = text.slice(edit.end, stop);
      const item = rest.search(itemPattern);
      if (item !== -1) stop = edit.end + item;
    }
    const inline = text.slice(edit.end, text.indexOf("\n", edit.end) === -1 ? undefined : text.indexOf("\n", edit.end)).trim() !== "";
    if (inline && !itemPattern) {
      const paragraphEnd = text.indexOf("\n\n", edit.end);
      if (paragraphEnd !== -1) stop = Math.min(stop, paragraphEnd);
    }
    const words = unquote(text.slice(edit.end, stop));
    result.push({
      kind: edit.kind,
      target: edit.target,
      text: words || null,
      struck: null,
      ...(edit.part ? { part: edit.part } : {}),
      sourceText: text.slice(edit.start, stop).trim(),
      start: lineStart,
      end: stop,
    });
  });

  // Operative clauses that name no target add a provision of their own ("4. Inventory. Within ninety (90) days …").
  const firstEdit = result[0]?.start ?? end;
  let searchFrom = 0;
  for (const clause of clauses) {
    const at = text.indexOf(clause.body.slice(0, 60), searchFrom);
    if (at === -1) continue;
    searchFrom = at + 1;
    if (at >= end || at < firstEdit) continue;
    if (result.some((edit) => at >= edit.start && at < edit.end)) continue;
    if (NOT_OPERATIVE.test(clause.body) || ABOUT_ITSELF.test(clause.body) || !/\b(?:shall|must|will|may|is|are)\b/.test(clause.body)) continue;
    result.push({
      kind: "new_provision",
      target: null,
      text: clause.body,
      title: clause.title,
      struck: null,
      sourceText: clause.body,
      at: clause.reference,
      start: at,
      end: at + clause.body.length,
    });
  }
  return result.sort((a, b) => a.start - b.start).map(({ start: _s, end: _e, ...edit }) => edit);
}

/** The paragraph of the amendment that states which power it is made under ("amend the Trust under Section 2.1"). */
export function citedPower(fullText: string): { target: Target; sourceText: string } | null {
  const match =
    new RegExp(
      String.raw`\b(?:amend|modify|restate)\w*\b[^.]{0,120}?\b(?:under|pursuant to|in accordance with|as permitted by|by virtue of)\s+(${TARGET_PATTERN})`,
      "i",
    ).exec(fullText) ??
    // "In exercise of the power conferred by clause 6.2 of the Settlement": a deed made under the instrument's own power.
    new RegExp(
      String.raw`\b(?:in exercise of|exercising|pursuant to|under)\s+(?:the|its|his|her|their)\s+(?:[\w-]+\s+){0,3}powers?\b[^.]{0,60}?\b(?:conferred|given|reserved|granted|contained)\s+(?:(?:on|upon|to)\s+[\w ]{1,30}?\s+)?(?:by|in|under)\s+(${TARGET_PATTERN})`,
      "i",
    ).exec(fullText);
  const target = match ? parseTarget(match[1]) : null;
  if (!match || !target) return null;
  const start = fullText.lastIndexOf("\n", match.index) + 1;
  const stop = fullText.indexOf("\n", match.index + match[0].length);
  return { target, sourceText: fullText.slice(start, stop === -1 ? undefined : stop).trim() };
}

/** A model engine's edits (its structured output) in the form the consolidation applies; targets read by the same rules. */
export function editsFromAnalysis(edits: readonly AmendmentEdit[]): Edit[] {
  return edits.map((edit) => ({
    kind: edit.kind,
    target: edit.target ? parseTarget(edit.target) : null,
    text: edit.text,
    struck: edit.struck,
    sourceText: edit.sourceText,
  }));
}
