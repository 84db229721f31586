// zod/v4 (shipped inside zod 3.25) because it can turn the schema into the JSON Schema that the
// AI providers are asked to follow: one definition for the prompt, the validation and the types.
import { z } from "zod/v4";
import { DOCUMENT_TYPES } from "../schema";

export const ANALYSIS_ENGINES = ["offline", "workers-ai", "openai-compatible"] as const;
export type AnalysisEngineId = (typeof ANALYSIS_ENGINES)[number];

export const PARTY_ROLES = [
  "settlor",
  "trustee",
  "successor_trustee",
  "beneficiary",
  "principal",
  "agent",
  "successor_agent",
  "testator",
  "executor",
  "successor_executor",
  "guardian",
  "successor_guardian",
  "health_care_agent",
  "trust_protector",
  "other",
] as const;
export type PartyRole = (typeof PARTY_ROLES)[number];

/** Roles held in a chain of succession: each holder has an order (1 = first). */
export const SUCCESSOR_ROLES = ["successor_trustee", "successor_agent", "successor_executor", "successor_guardian"] as const satisfies readonly PartyRole[];
/** Offices (someone acts for others), as opposed to the people a document is for or by. */
export const OFFICE_ROLES = [
  "trustee",
  "successor_trustee",
  "trust_protector",
  "agent",
  "successor_agent",
  "executor",
  "successor_executor",
  "guardian",
  "successor_guardian",
  "health_care_agent",
] as const satisfies readonly PartyRole[];

/** A calendar date without a time: what legal instruments state. */
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Use YYYY-MM-DD");

const keyProvision = z.object({
  reference: z.string().nullable().describe('Article, section or clause number as written, e.g. "Article Six, 6.1"'),
  title: z.string().min(1).describe("Short name of the provision"),
  text: z.string().min(1).describe("The provision quoted word for word from the document"),
});

const complianceRequirement = z.object({
  duty: z.string().min(1).describe("What must be done"),
  responsibleParty: z.string().nullable().describe("Who must do it (a role or a name)"),
  due: z.string().nullable().describe('When, as the document says it, e.g. "within sixty (60) days after …"'),
  citation: z.string().nullable().describe("The statute or rule the document cites for this duty, if any"),
  reference: z.string().nullable().describe("Article or section of the document"),
  sourceText: z.string().nullable().describe("The sentence the duty comes from, quoted word for word"),
});

const importantDate = z.object({
  date: isoDate.nullable().describe("YYYY-MM-DD when the document gives a calendar date; null for relative or recurring dates"),
  description: z.string().min(1).describe("What happens on or by this date"),
  sourceText: z.string().nullable().describe("The sentence the date comes from, quoted word for word"),
});

const party = z.object({
  name: z.string().min(1),
  role: z.enum(PARTY_ROLES),
  order: z.number().int().positive().nullable().describe("Order of succession for successors and alternates (1 = first)"),
  share: z.string().nullable().describe('Beneficial share as written, e.g. "40%"'),
  sourceText: z.string().nullable().optional().describe("The sentence that names them in this role, quoted word for word"),
});

/** How an amendment changes the instrument it amends (app/modules/instruments/edits.ts reads the same from text). */
export const AMENDMENT_EDIT_KINDS = ["replace", "delete", "add", "strike_insert", "new_provision", "ratify", "restate_all"] as const;

const amendmentEdit = z.object({
  kind: z.enum(AMENDMENT_EDIT_KINDS),
  target: z
    .string()
    .nullable()
    .describe(
      'The article, section or paragraph of the amended instrument, as written ("Section 1.3", "Article II", "Paragraph (b) of Article FOURTH"); null for a new unnumbered provision or a whole restatement',
    ),
  text: z.string().nullable().describe("The new words, quoted word for word (null for a deletion or a ratification)"),
  struck: z.string().nullable().describe("For strike_insert: the words struck out, quoted word for word"),
  sourceText: z.string().min(1).describe("The amendment's operative sentence, quoted word for word"),
});

/** What an engine is asked to produce from a document's text. */
export const analysisFindingsSchema = z.object({
  documentType: z.enum(DOCUMENT_TYPES),
  summary: z.string().min(1).describe("Three to six plain sentences for a family member who is not a lawyer"),
  governingLaw: z.string().nullable().describe('The jurisdiction whose law governs, e.g. "California"'),
  instrumentDate: isoDate.nullable().describe("The date the instrument was made or signed"),
  keyProvisions: z.array(keyProvision),
  complianceRequirements: z.array(complianceRequirement),
  importantDates: z.array(importantDate),
  parties: z.array(party),
  edits: z
    .array(amendmentEdit)
    .default([])
    .describe(
      "For an amendment, restatement, codicil or decanting: each operative clause as an edit of the instrument it amends, in order; empty for any other document",
    ),
});

/** The stored analysis: the findings plus which engine produced them and whether all text was read. */
export const documentAnalysisSchema = analysisFindingsSchema.extend({
  engine: z.object({ id: z.enum(ANALYSIS_ENGINES), model: z.string().nullable(), version: z.string() }),
  truncated: z.boolean(),
});

export type AnalysisFindings = z.infer<typeof analysisFindingsSchema>;
export type DocumentAnalysis = z.infer<typeof documentAnalysisSchema>;
export type KeyProvision = z.infer<typeof keyProvision>;
export type ComplianceRequirement = z.infer<typeof complianceRequirement>;
export type ImportantDate = z.infer<typeof importantDate>;
export type Party = z.infer<typeof party>;
export type AmendmentEdit = z.infer<typeof amendmentEdit>;

/** The JSON Schema given to AI providers for structured output. */
export function analysisJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(analysisFindingsSchema) as Record<string, unknown>;
  delete schema.$schema;
  return schema;
}
