import type { DocumentAnalysis } from "~/modules/documents/analysis/schema";
import type { DraftValues, FieldId } from "./fields";
import { joinNames, todayIso } from "./format";
import { TEMPLATES, type TemplateId } from "./templates";

/**
 * What the workspace and the analyses of its documents tell about the trust: the facts every
 * template starts from. Each list is in the order found, without duplicates.
 */
export interface DraftingFacts {
  trustName: string;
  trustDate: string | null;
  settlors: string[];
  /** Current trustees: the workspace's trustees, else those the instrument names. */
  trustees: string[];
  beneficiaries: string[];
  governingLaw: string | null;
  /** The instrument's own words on the trustee's powers, when the analysis quoted them. */
  trusteePowers: string | null;
  revocable: boolean | null;
  /** The person drafting, and whether they are a trustee (they then sign). */
  userName: string;
  userIsTrustee: boolean;
  /** Every name known (members, parties), for the name fields' suggestions. */
  people: string[];
}

/** A document with an analysis, that the facts can be read from. */
export interface AnalysedDocument {
  id: string;
  title: string;
  type: string;
}

/** Where the facts came from, shown on the page. */
export interface FactSources {
  workspace: string;
  document: { id: string; title: string; engine: string } | null;
  /** The amendments applied to that document (the trust as amended), oldest first. */
  amendments: { id: string; title: string }[];
}

const CALIFORNIA_CONTEST_WARNING =
  "You may not bring an action to contest the trust more than 120 days from the date this notification by the trustee is served upon you or 60 days from the date on which a copy of the terms of the trust is delivered to you during that 120-day period, whichever is later.";

export const DEFAULT_AGENDA = [
  "Call to order and attendance",
  "Trustee's report on the trust's assets, income and expenses",
  "Distributions made and requested",
  "Questions from the beneficiaries",
  "Adjournment",
];

function defaultPowers(governingLaw: string | null): string {
  return `The trustee has all powers conferred by the trust instrument and by the law of ${governingLaw ?? "the governing jurisdiction"}, including the power to acquire, sell, convey, lease, encumber, invest and reinvest trust property, to open and manage accounts with financial institutions, and to execute and deliver any instrument for these purposes.`;
}

/** The starting values of a template's fields, from the facts (every one stays editable). */
export function prefillValues(templateId: TemplateId, facts: DraftingFacts, now = new Date()): DraftValues {
  const today = todayIso(now);
  const signer = facts.userIsTrustee ? facts.userName : (facts.trustees[0] ?? "");
  const known: DraftValues = {
    trustName: facts.trustName,
    trustDate: facts.trustDate ?? "",
    settlors: facts.settlors,
    trustees: facts.trustees,
    trusteeAddress: "",
    trusteePowers: facts.trusteePowers ?? defaultPowers(facts.governingLaw),
    revocability: facts.revocable === false ? "irrevocable" : "revocable",
    revocationHolders: facts.revocable === false ? "" : joinNames(facts.settlors),
    signingAuthority: "any",
    governingLaw: facts.governingLaw ?? "",
    titleForm: "",
    tin: "",
    signedAt: "",
    signingDate: today,
    irrevocableDate: "",
    irrevocableEvent: "",
    beneficiaries: facts.beneficiaries,
    trusteeContact: signer ? `${signer}\n` : "",
    noticeDate: today,
    contestWarning: /california/i.test(facts.governingLaw ?? "") ? CALIFORNIA_CONTEST_WARNING : "",
    trusteeName: facts.userName,
    capacity: "successor_trustee",
    vacancyReason: "",
    effectiveDate: today,
    beneficiaryName: facts.beneficiaries[0] ?? "",
    amount: "",
    currency: "USD",
    assetsDescription: "",
    distributionDate: today,
    distributionKind: "partial",
    meetingDate: today,
    meetingTime: "",
    location: "",
    chair: signer || facts.userName,
    recorder: "",
    attendees: [...new Set([...facts.trustees, ...facts.beneficiaries])],
    absent: [],
    agenda: DEFAULT_AGENDA,
    discussion: "",
    resolutions: [],
    nextMeeting: "",
    adjournedAt: "",
  };
  const values: DraftValues = {};
  for (const field of TEMPLATES[templateId].fields) values[field.id] = known[field.id as FieldId] ?? "";
  return values;
}

export interface FactInputs {
  workspace: { name: string; jurisdiction: string };
  members: { name: string; role: string }[];
  user: { name: string; role: string | null };
  /** The analysis of the trust instrument chosen as the source, if any. */
  analysis: Pick<DocumentAnalysis, "parties" | "governingLaw" | "instrumentDate" | "keyProvisions"> | null;
  /** That document's title ("… Revocable Living Trust" says it is revocable). */
  documentTitle?: string | null;
  /** The trust's own name, as its terms give it (else the workspace's name is used). */
  trustName?: string | null;
  /** The analysis is the trust as amended: the trustees it names are the current ones, before the workspace's roles. */
  instrumentTrustees?: boolean;
}

const TRUSTEE_ROLES = ["owner", "trustee", "co_trustee"];
const unique = (names: string[]) => [
  ...new Map(
    names
      .map((n) => n.trim())
      .filter(Boolean)
      .map((n) => [n.toLowerCase(), n]),
  ).values(),
];

/**
 * The facts from the workspace and the chosen analysis. Current trustees are those the trust as
 * amended names; from a single document's analysis (which may name only the first trustees) the
 * workspace's owner and trustees come first, else the instrument's; settlors, beneficiaries, the date and the governing law come from the instrument,
 * the governing law else from the workspace's jurisdiction.
 */
export function buildFacts({ workspace, members, user, analysis, documentTitle, trustName, instrumentTrustees }: FactInputs): DraftingFacts {
  const parties = analysis?.parties ?? [];
  const named = (role: string) => unique(parties.filter((p) => p.role === role).map((p) => p.name));
  const workspaceTrustees = unique(members.filter((m) => TRUSTEE_ROLES.includes(m.role)).map((m) => m.name));
  const workspaceBeneficiaries = unique(members.filter((m) => m.role === "beneficiary").map((m) => m.name));
  const powers = analysis?.keyProvisions.find((p) => /\bpowers?\b/i.test(p.title) && p.text.length > 40)?.text ?? null;
  const title = documentTitle ?? "";
  const trustees = instrumentTrustees && named("trustee").length ? named("trustee") : workspaceTrustees.length ? workspaceTrustees : named("trustee");
  return {
    trustName: trustName || workspace.name,
    trustDate: analysis?.instrumentDate ?? null,
    settlors: named("settlor"),
    trustees,
    beneficiaries: named("beneficiary").length ? named("beneficiary") : workspaceBeneficiaries,
    governingLaw: analysis?.governingLaw ?? (workspace.jurisdiction || null),
    trusteePowers: powers,
    revocable: /\birrevocable\b/i.test(title) ? false : /\brevocable\b/i.test(title) ? true : null,
    userName: user.name,
    userIsTrustee: TRUSTEE_ROLES.includes(user.role ?? ""),
    people: unique([...members.map((m) => m.name), ...parties.map((p) => p.name)]),
  };
}
