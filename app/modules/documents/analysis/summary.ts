/** The summary paragraph: what the document is, who is in it, what it provides for and how many duties it sets. */
import type { DocumentType } from "../schema";
import type { ComplianceRequirement, Party, PartyRole } from "./schema";
import { PROVISION_KINDS } from "./provisions";
import type { Clause } from "./text-structure";

const TYPE_PHRASE: Record<DocumentType, string> = {
  trust: "trust instrument",
  will: "will",
  power_of_attorney: "power of attorney",
  healthcare_directive: "health care directive",
  other: "legal document",
};

function list(items: string[], joiner: "and" | "then" = "and"): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")}${joiner === "then" ? ", then" : " and"} ${items[items.length - 1]}`;
}

function longDate(isoDate: string): string {
  const [year, month, day] = isoDate.split("-").map(Number);
  const months = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
  return `${months[month - 1]} ${day}, ${year}`;
}

export function summarise(input: {
  name: string;
  type: DocumentType;
  instrumentDate: string | null;
  governingLaw: string | null;
  parties: Party[];
  kinds: Set<string>;
  clauses: Clause[];
  duties: ComplianceRequirement[];
  ages: number[];
}): string {
  const { parties } = input;
  const named = (role: PartyRole) => parties.filter((party) => party.role === role);
  const names = (role: PartyRole) => named(role).map((party) => party.name);
  const sentences: string[] = [];
  const opening = `${input.name} is a ${TYPE_PHRASE[input.type]}`;
  const when = input.instrumentDate ? ` dated ${longDate(input.instrumentDate)}` : "";
  const law = input.governingLaw ? `, governed by ${input.governingLaw} law` : "";
  sentences.push(`${opening}${when}${law}.`);

  const roleSentences: [PartyRole, string, string][] = [
    ["settlor", "Settlor", "Settlors"],
    ["testator", "Testator", "Testators"],
    ["principal", "Principal", "Principals"],
    ["trustee", "Trustee", "Trustees"],
    ["agent", "Agent", "Agents"],
    ["health_care_agent", "Health care agent", "Health care agents"],
    ["executor", "Executor", "Executors"],
    ["guardian", "Guardian", "Guardians"],
    ["trust_protector", "Trust protector", "Trust protectors"],
  ];
  for (const [role, one, many] of roleSentences) {
    const found = names(role);
    if (found.length) sentences.push(`${found.length > 1 ? many : one}: ${list(found)}.`);
  }
  for (const [role, label] of [
    ["successor_trustee", "Successor trustees"],
    ["successor_agent", "Successor agents"],
    ["successor_executor", "Successor executors"],
    ["successor_guardian", "Successor guardians"],
  ] as const) {
    const found = names(role);
    if (found.length === 1) sentences.push(`${label.slice(0, -1)}: ${found[0]}.`);
    if (found.length > 1) sentences.push(`${label}, in order: ${list(found, "then")}.`);
  }
  const beneficiaries = named("beneficiary").map((party) => (party.share ? `${party.name} (${party.share})` : party.name));
  if (beneficiaries.length) sentences.push(`Beneficiaries: ${list(beneficiaries)}.`);

  const notable: string[] = [];
  if (input.kinds.has("hems")) notable.push("distributions for health, education, maintenance and support");
  if (input.ages.length) notable.push(`distributions at ages ${list(input.ages.map(String))}`);
  if (input.kinds.has("spendthrift")) notable.push("a spendthrift clause");
  if (input.kinds.has("no_contest")) notable.push("a no-contest clause");
  if (input.kinds.has("durability")) notable.push("durability if the principal becomes incapacitated");
  const gift = input.clauses.find((clause) => PROVISION_KINDS.find((kind) => kind.id === "gift_limit")!.test.test(clause.body));
  const giftLimit = gift?.body.match(/\$\s?[\d,]+(?:\.\d{2})?(?:\s+per\s+[a-z]+(?:\s+per\s+[a-z]+(?:\s+[a-z]+)?)?)?/)?.[0];
  if (giftLimit) notable.push(`a gift limit of ${giftLimit}`);
  if (notable.length) sentences.push(`It provides for ${list(notable)}.`);

  if (input.duties.length) {
    const dated = input.duties.filter((duty) => duty.due).length;
    const cited = input.duties.filter((duty) => duty.citation).length;
    sentences.push(
      `It sets out ${input.duties.length} ${input.duties.length === 1 ? "duty" : "duties"}` +
        (dated ? `, ${dated} with a deadline` : "") +
        (cited ? ` and ${cited} citing the law behind ${cited === 1 ? "it" : "them"}` : "") +
        ".",
    );
  }
  return sentences.join(" ");
}
