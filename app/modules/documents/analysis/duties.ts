/** Duties: who must do what, by when, under which law (its citation). */
import type { ComplianceRequirement, ImportantDate } from "./schema";
import type { Sentence } from "./text-structure";

const MAX_DUTIES = 150;

const CITATION = new RegExp(
  [
    String.raw`(?:[A-Z][a-z]+\s+){0,2}(?:Probate|Estates|Civil|Family|Government|Revenue and Taxation|Tax|Trust|Health and Safety|Internal Revenue)\s+Code,?\s+(?:sections?|§§?)\s*\d+(?:\.\d+)*(?:\([a-z0-9]+\))*(?:\s*(?:through|to|and|-|–)\s*\d+(?:\.\d+)*)?`,
    String.raw`\d+\s+U\.S\.C\.\s*§+\s*\d+[\w.()-]*`,
    String.raw`(?:IRC|I\.R\.C\.)\s*(?:section|§)\s*\d+[\w()]*`,
  ].join("|"),
  "g",
);

export function findCitations(text: string): string[] {
  return [...text.matchAll(CITATION)].map((match) => match[0].replace(/[.,]+$/, "").trim());
}

// "shall pay", "must keep", "agrees to deliver" — not a power, a status, an event, or how property is held or passes.
const NOT_DUTY_VERBS = [
  "be|have|not|never|become|terminate|forfeit|remain|receive|lapse|pass|vest|continue|apply|include|mean|constitute",
  // Offices and events: "shall serve as Trustee", "If any agent shall die, resign or fail to serve".
  String.raw`serve(?!\s+(?:a|an|the|notice|copies|copy|written|each|all|on|upon|every|any)\b)|act(?!\s+(?:on|upon)\b)|die|predecease|survive|fail|cease|resign|attain|reach|marry`,
  // Dispositive wording: "the Trustees shall hold the Trust Fund on trust for …".
  "hold|retain|divide|allocate",
  "in no|under no|at no|take effect|enure|inure|bind|govern|prevail|control",
].join("|");
const ADVERB = String.raw`(?:(?:also|then|thereafter|promptly|forthwith|immediately|further|each|jointly|personally|timely|duly)\s+)?`;
const OBLIGATION = new RegExp(String.raw`\b(shall|must|is required to|are required to|agrees? to)\s+${ADVERB}(?!(?:${NOT_DUTY_VERBS})\b)([a-z])`, "g");
// Passive duties name the act, not always the actor: "one half shall be distributed to her", "an inventory shall be
// prepared and delivered", "taxes shall be paid by the trustee". "Shall be divided / held / allocated" is not one.
const PASSIVE_DUTY = new RegExp(
  String.raw`\b(shall|must)\s+${ADVERB}be\s+${ADVERB}(distributed|paid|delivered|prepared|filed|sent|mailed|given|furnished|rendered|provided|served|kept|maintained|obtained|collected|appointed|reported|transferred|conveyed|recorded|lodged|submitted)\b`,
  "g",
);
/** A subject that negates ("No part of the fund shall …", "provided that no such variation shall …"): a prohibition. */
const NEGATIVE_SUBJECT = /^(?:(?:provided(?:,?\s+however,?)?\s+that|and|but|or|so that)\s+)?(?:no|neither|nothing|none)\b/i;

const UNITS = "one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen";
const TENS = "twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety";
/** "60", "sixty (60)", "twenty-eight", "fourteen", "a hundred and twenty". */
const AMOUNT = String.raw`(?:\(?\d+\)?|(?:(?:a|one)\s+hundred(?:\s+and)?\s+)?(?:(?:${TENS})(?:[- ](?:${UNITS}))?|${UNITS})(?:\s*\(\d+\))?)`;
const PERIOD = String.raw`(?:calendar\s+|business\s+|clear\s+|working\s+)?(?:days?|weeks?|months?|years?)`;
const CADENCE = "annually|semi-?annually|bi-?annually|quarterly|monthly|weekly";

const DUE_PATTERNS: RegExp[] = [
  new RegExp(String.raw`\bwithin\s+(?:[^.;]{0,40}?\(?\d+\)?|${AMOUNT}|an?)\s*${PERIOD}\b`, "i"),
  /\bon or before\s+[A-Z][a-z]+\s+\d{1,2}(?:st|nd|rd|th)?(?:,?\s+\d{4}|\s+of each (?:year|calendar year))?/,
  /\bon or before\s+(?:the|their|its|his|her)\s+(?:respective\s+)?(?:\w+\s+)?due dates?\b/i,
  /\bno later than\s+[^,.;]+/i,
  new RegExp(String.raw`\b(?:not less than|no less than|at least)\s+${AMOUNT}\s*${PERIOD}\s+(?:before|prior to|in advance of)\b`, "i"),
  new RegExp(
    String.raw`\bat least\s+(?:${CADENCE}|once\s+(?:a|each|every|in each|in every|per|during each|during every)\s+(?:calendar\s+|fiscal\s+)?(?:year|quarter|month|week))`,
    "i",
  ),
  /\bin\s+(?:equal\s+)?(?:annual|semi-?annual|quarterly|monthly|weekly)\s+(?:or more frequent\s+)?instal{1,2}ments\b/i,
  new RegExp(String.raw`\bevery\s+(?:other\s+|${AMOUNT}\s*)?(?:calendar\s+|fiscal\s+)?(?:days?|weeks?|months?|years?|quarters?)\b`, "i"),
  new RegExp(String.raw`\b(?:${CADENCE})\b`, "i"),
  /\b(?:once\s+(?:a|each|every|per)|each|every|per)\s+(?:calendar\s+|fiscal\s+)?(?:year|quarter|month|week)\b/i,
  /\bupon (?:written )?request\b/i,
];

/** Where the subject of a clause that starts with its deadline begins ("Within six months after each 5 April the Trustees …"). */
const SUBJECT_AT_END = /\b(?:the|my|our|his|her|their|such|said|any|each|every|an?)\s+(?:[\w'’-]+\s+){0,3}$/i;

/** When a duty is due, as its own words say it (`scope`: the sentence, or the quoted provision holding the duty), or null. */
function findDue(scope: string, modalAt: number, subjectStart: number): string | null {
  for (const pattern of DUE_PATTERNS) {
    const match = pattern.exec(scope);
    if (!match) continue;
    const start = match.index;
    let end = start + match[0].length;
    if (/^within/i.test(match[0])) {
      // "within 60 days after this trust, or any portion of it, becomes irrevocable, the trustee shall"
      const rest = scope.slice(end);
      if (/^\s+(?:after|of|from|following|before|prior to)\b/i.test(rest)) {
        let tail = rest.search(/[,.;]/);
        if (start < subjectStart) tail = subjectStart - end;
        else if (start < modalAt) {
          const subject = SUBJECT_AT_END.exec(scope.slice(end, modalAt));
          if (subject) tail = subject.index;
        }
        end += Math.max(tail === -1 ? rest.length : tail, 0);
      }
    }
    return scope.slice(start, end).replace(/[\s,;]+$/, "");
  }
  return null;
}
const DETERMINERS = /^(?:the|each|any|every|an|a|my|our|such|said)\s+/i;

export function shorten(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), max - 20))}…`;
}

export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "File the returns, on or before April 15 of each year, and …" → "file the returns, and …" */
function withoutDue(duty: string, due: string): string {
  const rest = duty
    .replace(due, "")
    .replace(/\s+,/g, ",")
    .replace(/,\s*,/g, ",")
    .replace(/\s{2,}/g, " ")
    .replace(/[\s,]+$/, "")
    .trim();
  return shorten(rest.charAt(0).toLowerCase() + rest.slice(1), 140);
}

interface Modal {
  index: number;
  /** "shall", "must", "agrees to"… */
  word: string;
  passive: boolean;
}

function modals(text: string): Modal[] {
  const active = [...text.matchAll(OBLIGATION)].map((m) => ({ index: m.index ?? 0, word: m[1], passive: false }));
  const passive = [...text.matchAll(PASSIVE_DUTY)].map((m) => ({ index: m.index ?? 0, word: m[1], passive: true }));
  return [...active, ...passive].sort((a, b) => a.index - b.index);
}

/** The quotation around `at` when the duty is quoted provision text ("… is amended to read: "The Trustee shall …""). */
function quotedScope(text: string, at: number): { start: number; text: string } | null {
  for (const match of text.matchAll(/“([^”]*)”?|"([^"]*)"?/g)) {
    const words = match[1] ?? match[2];
    const start = (match.index ?? 0) + 1;
    if (at >= start && at < start + words.length) return words.trim().length >= 40 ? { start, text: words.trim() } : null;
  }
  return null;
}

// "… by the trustee of the trust", "… by my Executor": who a passive duty falls on.
const AGENT =
  /^\s*(?:and\s+\w+\s+)?by\s+(?:the|my|our|each|any|such|said)?\s*([A-Za-z][\w -]{0,40}?)(?=\s+(?:of|in|to|for|within|on|at|and|as|from|out|under)\b|[,.;]|$)/;

function findDuty(sentence: Sentence): ComplianceRequirement | null {
  const full = sentence.text;
  for (const modal of modals(full)) {
    const quoted = quotedScope(full, modal.index);
    const text = quoted?.text ?? full;
    const at = modal.index - (quoted?.start ?? 0) - (quoted ? full.slice(quoted.start).length - full.slice(quoted.start).trimStart().length : 0);
    const before = text.slice(0, at);
    const subjectRaw = before
      .split(/[,;:]\s*/)
      .pop()!
      .trim();
    if (NEGATIVE_SUBJECT.test(subjectRaw)) continue;
    const subjectStart = before.length - subjectRaw.length - (before.length - before.trimEnd().length);
    const afterModal = text
      .slice(at + modal.word.length)
      .trim()
      .replace(/\.$/, "");
    let responsibleParty: string | null;
    let duty: string;
    if (modal.passive) {
      const participle = /^(?:\w+\s+)?be\s+(?:\w+ly\s+)?\w+(?:\s+and\s+\w+ed)?/.exec(afterModal)?.[0] ?? "";
      const agent = AGENT.exec(afterModal.slice(participle.length))?.[1];
      responsibleParty = agent ? capitalise(agent.trim()) : null;
      duty = capitalise(`${subjectRaw} ${modal.word} ${afterModal}`.trim());
    } else {
      const subject = subjectRaw.split(/\s+/).slice(-4).join(" ").replace(DETERMINERS, "");
      responsibleParty = subject && !/^(it|this|that|which|who)$/i.test(subject) ? capitalise(subject) : null;
      duty = capitalise(afterModal.replace(/\band (?:shall|must) /g, "and "));
    }
    return {
      duty: shorten(duty, 320),
      responsibleParty,
      due: findDue(text, at, subjectStart),
      citation: findCitations(full)[0] ?? null,
      reference: sentence.clause.reference,
      sourceText: quoted ? quoted.text : full,
    };
  }
  return null;
}

/** A sentence that runs on into lettered items ("… annually. (e) No interest …") is read item by item. */
function items(sentence: Sentence): Sentence[] {
  const parts = sentence.text.split(/(?<=[.;:])\s+(?=\((?:[a-z]|[ivx]+|\d+)\)\s+["“]?[A-Z])/);
  return parts.length === 1 ? [sentence] : parts.map((text) => ({ ...sentence, text }));
}

// "One half shall be distributed to her", "the balance shall be paid to …": passing property on is the fiduciary's act.
const DISPOSITIVE_PASSIVE = /\b(?:shall|must)\s+(?:\w+\s+)?be\s+(?:\w+ly\s+)?(?:distributed|paid|transferred|conveyed)\b/;

/** The fiduciary most of the document's duties name ("Trustee", "Executor"), or null. */
function mainFiduciary(duties: ComplianceRequirement[]): string | null {
  const counts = new Map<string, number>();
  for (const duty of duties) {
    const party = duty.responsibleParty;
    if (party && /\b(?:trustees?|executors?|personal representatives?|agents?|administrators?|guardians?)$/i.test(party))
      counts.set(party, (counts.get(party) ?? 0) + 1);
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
}

export function findDuties(sentences: Sentence[]): ComplianceRequirement[] {
  const duties = sentences
    .flatMap(items)
    .map(findDuty)
    .filter((duty): duty is ComplianceRequirement => duty !== null)
    .slice(0, MAX_DUTIES);
  // A distribution or payment in the passive is made by the fiduciary who holds the property: the document's own.
  const fiduciary = mainFiduciary(duties);
  return duties.map((duty) => (!duty.responsibleParty && fiduciary && DISPOSITIVE_PASSIVE.test(duty.duty) ? { ...duty, responsibleParty: fiduciary } : duty));
}

/** A duty with a deadline is also a date to keep ("upon request" is not one). */
export function dutyDeadlines(duties: ComplianceRequirement[]): ImportantDate[] {
  return duties
    .filter((duty) => duty.due && !/^upon/i.test(duty.due))
    .map((duty) => ({ date: null, description: `${capitalise(duty.due!)}: ${withoutDue(duty.duty, duty.due!)}`, sourceText: duty.sourceText }));
}
