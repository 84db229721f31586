/** What the document is (trust, will, power of attorney, directive): its title first, then its vocabulary, then its name. */
import type { DocumentType } from "../schema";

/** What the caller knows besides the text: the title and file name it was given. */
export interface AnalysisHints {
  title?: string;
  fileName?: string;
}

const TYPE_SIGNALS: { type: DocumentType; title: RegExp; body: RegExp }[] = [
  {
    type: "healthcare_directive",
    title: /advance (health care )?directive|health ?care (directive|proxy|power of attorney)|medical power of attorney|living will/i,
    body: /health ?care (agent|proxy|surrogate|decisions)|life-sustaining|artificial nutrition|resuscitat|end-of-life/gi,
  },
  { type: "power_of_attorney", title: /power of attorney/i, body: /attorney-in-fact|\bprincipal\b|power of attorney|\bagent\b/gi },
  { type: "will", title: /last will|\bwill and testament|\bcodicil\b/i, body: /testat(or|rix)|\bexecut(or|rix)\b|personal representative|bequeath|\bdevise/gi },
  { type: "trust", title: /\btrust\b/i, body: /\bsettlors?\b|\bgrantors?\b|\btrustors?\b|\btrustees?\b|\btrust estate\b/gi },
];

export function detectType(heading: string | null, hints: AnalysisHints, text: string): DocumentType {
  const head = [heading, text.slice(0, 300)].filter(Boolean).join(" ");
  for (const signal of TYPE_SIGNALS) if (signal.title.test(head)) return signal.type;
  const scores = TYPE_SIGNALS.map((signal) => ({ type: signal.type, score: text.match(signal.body)?.length ?? 0 }));
  const best = scores.sort((a, b) => b.score - a.score)[0];
  if (best.score >= 3) return best.type;
  const named = [hints.title, hints.fileName].filter(Boolean).join(" ");
  for (const signal of TYPE_SIGNALS) if (signal.title.test(named)) return signal.type;
  return "other";
}
