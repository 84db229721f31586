import { CURRENCIES } from "./format";

/**
 * Every field a template can ask for. A field has one meaning wherever it appears (its label is
 * `field.{id}` in the "drafting" namespace, its hint `hint.{id}`), so facts found once pre-fill it
 * in every template.
 */
export type FieldKind = "text" | "textarea" | "date" | "list" | "select" | "amount";

export interface FieldSpec {
  kind: FieldKind;
  /** Longest text (per item for lists). */
  max: number;
  /** Most items of a list. */
  maxItems?: number;
  /** Choices of a select; their labels are `option.{id}.{value}`. */
  options?: readonly string[];
  /** Suggest the names known from the workspace and the analyses (a datalist). */
  people?: boolean;
  /** Has a hint under its label (`hint.{id}`). */
  hint?: boolean;
}

const text = (max = 300, extra: Partial<FieldSpec> = {}): FieldSpec => ({ kind: "text", max, ...extra });
const long = (max = 6000, extra: Partial<FieldSpec> = {}): FieldSpec => ({ kind: "textarea", max, ...extra });
const date = (extra: Partial<FieldSpec> = {}): FieldSpec => ({ kind: "date", max: 10, ...extra });
const people = (extra: Partial<FieldSpec> = {}): FieldSpec => ({ kind: "list", max: 200, maxItems: 30, people: true, ...extra });
const list = (extra: Partial<FieldSpec> = {}): FieldSpec => ({ kind: "list", max: 500, maxItems: 30, ...extra });
const select = (options: readonly string[], extra: Partial<FieldSpec> = {}): FieldSpec => ({ kind: "select", max: 40, options, ...extra });

export const FIELDS = {
  trustName: text(200),
  trustDate: date({ hint: true }),
  settlors: people(),
  trustees: people({ hint: true }),
  trusteeAddress: long(600, { hint: true }),
  trusteePowers: long(6000, { hint: true }),
  revocability: select(["revocable", "irrevocable"]),
  revocationHolders: text(300, { hint: true }),
  signingAuthority: select(["any", "majority", "all"]),
  governingLaw: text(120, { hint: true }),
  titleForm: text(400, { hint: true }),
  tin: text(20, { hint: true }),
  signedAt: text(120),
  signingDate: date(),
  irrevocableDate: date(),
  irrevocableEvent: text(300, { hint: true }),
  beneficiaries: people({ hint: true }),
  trusteeContact: long(800, { hint: true }),
  noticeDate: date({ hint: true }),
  contestWarning: long(2000, { hint: true }),
  trusteeName: text(200, { people: true }),
  capacity: select(["successor_trustee", "co_trustee", "trustee"]),
  vacancyReason: text(300, { hint: true }),
  effectiveDate: date(),
  beneficiaryName: text(200, { people: true }),
  amount: { kind: "amount", max: 30, hint: true },
  currency: select(CURRENCIES),
  assetsDescription: long(2000, { hint: true }),
  distributionDate: date(),
  distributionKind: select(["partial", "final"], { hint: true }),
  meetingDate: date(),
  meetingTime: text(40),
  location: text(200),
  chair: text(200, { people: true }),
  recorder: text(200, { people: true }),
  attendees: people(),
  absent: people(),
  agenda: list(),
  discussion: long(8000),
  resolutions: list({ hint: true }),
  nextMeeting: text(200),
  adjournedAt: text(40),
} as const satisfies Record<string, FieldSpec>;

export type FieldId = keyof typeof FIELDS;

/** A template's fields, in the order the form shows them. */
export interface TemplateField {
  id: FieldId;
  required?: boolean;
}

/** The values of a draft: text for most fields, a list of lines for list fields. */
export type DraftValues = Partial<Record<FieldId, string | string[]>>;

export function fieldSpec(id: FieldId): FieldSpec {
  return FIELDS[id];
}

export function isFieldId(id: string): id is FieldId {
  return Object.prototype.hasOwnProperty.call(FIELDS, id);
}

/** A value as text ("" when missing); a list's items are joined by new lines. */
export function textValue(values: DraftValues, id: FieldId): string {
  const value = values[id];
  if (Array.isArray(value)) return value.join("\n");
  return (value ?? "").trim();
}

/** A value as a list of non-empty lines. */
export function listValue(values: DraftValues, id: FieldId): string[] {
  const value = values[id];
  const items = Array.isArray(value) ? value : (value ?? "").split("\n");
  return items.map((item) => item.trim()).filter(Boolean);
}
