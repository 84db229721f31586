import type { PartyRole } from "~/modules/documents/analysis/schema";
import { queryTerms } from "./passages";
import type { Capability } from "./validation";

/**
 * What a question asks for, read with plain rules (English first, with the commonest words of the
 * other translated languages). It only decides which part of the stored analysis the offline engine
 * quotes; retrieval always runs on the question's own words.
 */
export type Intent =
  | { kind: "parties"; roles: PartyRole[] }
  | { kind: "duties" }
  | { kind: "dates" }
  | { kind: "governing_law" }
  | { kind: "summary" }
  | { kind: "how_to" }
  | { kind: "general" };

const TRUSTEE = /trustee|fiduciar|fideicomisari|fiduciaire|treuhänder|受託者|受托人/i;
const SUCCESSOR = /successor|sucesor|successeur|nachfolge|後継|继任/i;
const BENEFICIARY = /beneficiar|bénéficiaire|begünstigt|受益者|受益人|\bheirs?\b/i;
const SETTLOR = /settlor|grantor|trustor|fideicomitente|constituant|treugeber|委託者|委托人/i;
const AGENT = /\bagents?\b|attorney-in-fact|apoderado|mandataire|bevollmächtigt|代理人/i;
const EXECUTOR = /executor|executrix|personal representative|albacea|exécuteur|testamentsvollstrecker|遺言執行者|遗嘱执行人/i;
const WHO = /\bwho(m|se)?\b|\bnamed?\b|\bnames\b|\blist\b|\bwhich (people|persons|members)\b|quién|quiénes|\bqui\b|\bwer\b|\bwen\b|誰|谁|どなた/i;
const TIME =
  /\bwhen\b|deadlines?|\bdates?\b|\bdue\b|by when|how long|\bwithin\b|\bexpir|\buntil\b|cuándo|fecha|plazo|vencimiento|quand|échéance|délai|wann|frist|termin|datum|いつ|期限|日付|什么时候|截止|日期/i;
const DUTY =
  /\bdut(y|ies)\b|obligations?|responsib|\bmust\b|\bshall\b|complian|\btasks?\b|\brequired\b|requirements?|\bto do\b|obligaci|cumplimiento|tareas?|devoirs?|conformité|tâches?|pflicht|aufgaben?|義務|コンプライアンス|タスク|义务|合规|任务/i;
const LAW =
  /governing law|governed by|which (state|law|jurisdiction)|jurisdiction|ley aplicable|jurisdicción|droit applicable|juridiction|anwendbare[sn]? recht|gerichtsstand|準拠法|管轄|适用法律|管辖/i;
const SUMMARY =
  /\bexplain|summar|overview|what is this|what does (this|the|it)|tell me about|in plain|explica|resum|expliqu|erklär|zusammenfass|überblick|説明|要約|概要|解释|总结|摘要|概述/i;
const HOW_TO =
  /\bhow (do|can|to|should)\b|\bwhere (do|can|is|are)\b|\bupload|add (a )?(new )?document|\bshar(e|ing)\b|collaborat|\binvite|password|sign (in|out)|log ?in|language|\btheme|dark mode|\bvote\b|\bpolls?\b|\bscan(ner)?\b|cómo|comment (puis|faire)|wie (kann|lade)|どうやって|方法|如何|怎么/i;

/** Words that say "the whole document" rather than a subject. */
const GENERIC =
  /^(summar|overview|trust|instrument|will|plain|english|language|simple|simply|word|explain|expla|expli|erkl|resum|zusammen|überblick|short|brief|this|it)/i;

export function detectIntent(question: string, capability: Capability): Intent {
  const q = question.slice(0, 1000);
  if (LAW.test(q)) return { kind: "governing_law" };
  const partyWords: PartyRole[] = [];
  if (TRUSTEE.test(q)) partyWords.push(...(SUCCESSOR.test(q) ? (["successor_trustee"] as const) : (["trustee", "successor_trustee"] as const)));
  if (BENEFICIARY.test(q)) partyWords.push("beneficiary");
  if (SETTLOR.test(q)) partyWords.push("settlor");
  if (AGENT.test(q)) partyWords.push(...(SUCCESSOR.test(q) ? (["successor_agent"] as const) : (["agent", "successor_agent", "health_care_agent"] as const)));
  if (EXECUTOR.test(q)) partyWords.push("executor");
  const time = TIME.test(q);
  const duty = DUTY.test(q);
  if (partyWords.length && (WHO.test(q) || (!time && !duty))) return { kind: "parties", roles: partyWords };
  if (duty || (time && capability === "compliance_guidance")) return { kind: "duties" };
  if (time) return { kind: "dates" };
  // "Explain this document", not "explain the spendthrift clause" (that one is a search).
  if (SUMMARY.test(q) && queryTerms(q).every((term) => GENERIC.test(term))) return { kind: "summary" };
  if (HOW_TO.test(q)) return { kind: "how_to" };
  if (capability === "compliance_guidance") return { kind: "duties" };
  return { kind: "general" };
}

/** Words added to retrieval for an intent, so that "who are the trustees" also finds "shall serve as". */
export function intentTerms(intent: Intent): string[] {
  switch (intent.kind) {
    case "parties":
      return intent.roles.flatMap((role) => role.split("_"));
    case "duties":
      return ["shall", "within", "annual"];
    case "dates":
      return ["dated", "within", "day", "before"];
    case "governing_law":
      return ["governed", "law"];
    default:
      return [];
  }
}

/** Words that only say what kind of answer is wanted ("when", "due", "duties"…), not its subject. */
const ASKING =
  /^(when|due|date|dates|deadline|day|time|duty|dut|obligation|task|tasks|complian|compliance|responsib|responsibility|responsible|must|shall|required|require|requirement|important|upcoming|next|soon|trustee|what|which|whom?|name|list|all|any|cuándo|plazo|fecha|quand|délai|échéance|wann|frist|datum|pflicht|aufgabe|いつ|期限|什么时候|截止)/i;

/** The question's subject words (stemmed): what duties and dates are narrowed to. */
export function subjectTerms(question: string): string[] {
  return queryTerms(question).filter((term) => !ASKING.test(term));
}
