/** Key provisions: the clauses that matter (spendthrift, no-contest, distributions …), quoted word for word. */
import type { KeyProvision } from "./schema";
import { type Clause, splitSentences } from "./text-structure";

const MAX_PROVISIONS = 40;
const MAX_QUOTE = 700;

interface ProvisionKind {
  id: string;
  title: string;
  test: RegExp;
}

/** What makes a clause a key provision, and the name it gets when it has no heading of its own. */
export const PROVISION_KINDS: ProvisionKind[] = [
  { id: "spendthrift", title: "Spendthrift clause", test: /spendthrift|anticipate,? assign,? or encumber|claims of any creditor/i },
  { id: "no_contest", title: "No-contest clause", test: /no[- ]contest|in terrorem|\bcontests? (?:this|the validity)/i },
  { id: "hems", title: "Health, education, maintenance and support", test: /health,? education,? maintenance,? (?:and|or) support/i },
  { id: "successors", title: "Successor trustees", test: /successor (?:trustee|agent|executor)/i },
  { id: "ages", title: "Distributions at stated ages", test: /\b(?:attains?|reach(?:es)?)\s+(?:the\s+)?age\b/i },
  { id: "shares", title: "Division into shares", test: /\d+\s*%|equal shares|one[- ]half|per stirpes/i },
  { id: "beneficiaries", title: "Beneficiaries", test: /\bbeneficiar(?:y|ies)\s+(?:is|are|shall be|include)/i },
  { id: "revocation", title: "Revocation and amendment", test: /\brevok|\brevocation|\bamend/i },
  { id: "gift_limit", title: "Limit on gifts", test: /\bgifts?\b[^.]*\$\s?[\d,]+|\$\s?[\d,]+[^.]*\bgifts?\b/i },
  { id: "durability", title: "Durability", test: /\bdurab|not (?:be )?affected by (?:the )?(?:subsequent )?(?:disability|incapacity)/i },
  { id: "powers", title: "Powers", test: /\bpowers?\b[^.]*\b(?:conferred|granted|may act|to sell)|\bmay act for\b/i },
  { id: "accounting", title: "Accounting", test: /\baccount(?:ing)?\b[^.]*\b(?:annually|request|beneficiar|principal)/i },
  { id: "notice", title: "Notice", test: /\bnotif(?:y|ication)\b|\bserve[^.]*notice/i },
  { id: "tax", title: "Tax returns", test: /tax returns?|\bForm \d{3,4}\b|Schedule K-1/i },
  { id: "distributions", title: "Distributions", test: /\bdistribut|\bpay to or for\b/i },
  { id: "governing_law", title: "Governing law", test: /governed by[^.]*laws? of/i },
  { id: "termination", title: "Termination", test: /\bterminat/i },
  { id: "bond", title: "Bond", test: /\bbond\b/i },
  { id: "compensation", title: "Compensation", test: /compensat/i },
  { id: "perpetuities", title: "Perpetuities", test: /perpetuit|twenty-one \(21\) years/i },
  { id: "appointment", title: "Appointment", test: /\b(?:appoints?|designates?|nominates?)\b/i },
];

function quote(body: string): string {
  if (body.length <= MAX_QUOTE) return body;
  // Whole sentences only, so the quote stays word for word and can be found in the text.
  let kept = "";
  for (const sentence of splitSentences(body)) {
    if (kept && kept.length + sentence.length + 1 > MAX_QUOTE) break;
    kept = kept ? `${kept} ${sentence}` : sentence;
  }
  return kept.length > MAX_QUOTE * 2 ? kept.slice(0, MAX_QUOTE) : kept;
}

export function findProvisions(clauses: Clause[]): { provisions: KeyProvision[]; kinds: Set<string> } {
  const provisions: KeyProvision[] = [];
  const kinds = new Set<string>();
  for (const clause of clauses) {
    if (!clause.reference || /^Schedule|^Exhibit/.test(clause.reference)) continue;
    const kind = PROVISION_KINDS.find((candidate) => candidate.test.test(`${clause.title ?? ""}. ${clause.body}`));
    if (!kind) continue;
    kinds.add(kind.id);
    if (provisions.length < MAX_PROVISIONS) provisions.push({ reference: clause.reference, title: clause.title ?? kind.title, text: quote(clause.body) });
  }
  return { provisions, kinds };
}
