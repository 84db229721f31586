import type { ModelMessage } from "~/modules/ai/text-model";
import { type DraftValues, FIELDS, isFieldId } from "./fields";
import { TEMPLATES, type TemplateId } from "./templates";
import { fieldSchema } from "./validation";

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** What each field means, in the words the model is given (English, like the instruments). */
const MEANING: Record<string, string> = {
  trustName: "the trust's full name",
  trustDate: "the date the trust instrument was signed",
  settlors: "the people who created the trust",
  trustees: "the currently acting trustees",
  trusteeAddress: "the acting trustee's postal address",
  trusteePowers: "the powers of the trustee, in a sentence or two",
  revocability: "whether the trust is revocable",
  revocationHolders: "who may revoke the trust",
  signingAuthority: "how many trustees must sign: any one, a majority, or all",
  governingLaw: "the state or country whose law governs the trust",
  titleForm: "the name in which title to trust property is taken",
  tin: "the trust's taxpayer identification number",
  signedAt: "the city and state where the document is signed",
  signingDate: "the date of signing",
  irrevocableDate: "the date the trust became irrevocable",
  irrevocableEvent: "the event that made the trust irrevocable, e.g. 'the death of Jane Doe'",
  beneficiaries: "the beneficiaries who receive the notice",
  trusteeContact: "the trustee's name, address, telephone and e-mail",
  noticeDate: "the date of the notice",
  contestWarning: "a warning about the time limit to contest the trust, if the governing law requires one",
  trusteeName: "the trustee who accepts",
  capacity: "the capacity in which the trustee accepts",
  vacancyReason: "why the trustee is appointed, e.g. 'following the resignation of John Doe'",
  effectiveDate: "the date the acceptance takes effect",
  beneficiaryName: "the beneficiary who receives the distribution",
  amount: "the amount of money distributed, digits only, e.g. 15000.00",
  currency: "the ISO 4217 currency code of the amount",
  assetsDescription: "property other than money that was distributed",
  distributionDate: "the date of the distribution",
  distributionKind: "whether the distribution is partial or final",
  meetingDate: "the date of the meeting",
  meetingTime: "the time the meeting started",
  location: "where the meeting took place",
  chair: "who chaired the meeting",
  recorder: "who recorded the minutes",
  attendees: "who attended",
  absent: "who was absent",
  agenda: "the agenda items",
  discussion: "a summary of the discussion",
  resolutions: "the decisions taken",
  nextMeeting: "when the next meeting is",
  adjournedAt: "the time the meeting ended",
};

function describeField(id: string): string {
  const spec = FIELDS[id as keyof typeof FIELDS];
  const shape =
    spec.kind === "list"
      ? "array of strings"
      : spec.kind === "date"
        ? 'string "YYYY-MM-DD"'
        : spec.kind === "select"
          ? `one of ${(spec.options ?? []).map((o) => JSON.stringify(o)).join(", ")}`
          : "string";
  return `- ${id} (${shape}): ${MEANING[id] ?? id}`;
}

/**
 * The conversation that asks a model to fill a template's fields from a plain-language request.
 * It answers with one JSON object; it is told to leave out what the request does not say rather
 * than invent names, dates or amounts.
 */
export function draftPrompt(templateId: TemplateId, request: string, current: DraftValues, today: string): ModelMessage[] {
  const template = TEMPLATES[templateId];
  const fields = template.fields.map((f) => describeField(f.id)).join("\n");
  return [
    {
      role: "system",
      content: [
        `You help a trustee fill in a "${template.documentTitle}" (${template.reference}) for a family trust.`,
        "Answer with one JSON object and nothing else. Its keys are some of these fields:",
        fields,
        "Include only the fields the request gives or changes. Never invent names, dates, amounts, addresses or identification numbers that are neither in the request nor in the current fields.",
        `Today is ${today}. Write dates as YYYY-MM-DD. Write the values in English.`,
      ].join("\n"),
    },
    { role: "user", content: `Current fields:\n${JSON.stringify(current)}\n\nRequest:\n${request}` },
  ];
}

/** The first JSON object in a model's answer (some wrap it in a code fence or a sentence). */
export function extractJsonObject(answer: string): Record<string, unknown> | null {
  const start = answer.indexOf("{");
  const end = answer.lastIndexOf("}");
  if (start < 0 || end <= start) return null;
  try {
    const parsed: unknown = JSON.parse(answer.slice(start, end + 1));
    return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * The fields of a model's answer that pass the same rules as the form (each field on its own, so
 * one bad value does not throw away the good ones); unknown fields and bad values are listed.
 */
export function acceptDraftAnswer(templateId: TemplateId, answer: string, t: Translate): { fields: DraftValues; ignored: string[] } | null {
  const object = extractJsonObject(answer);
  if (!object) return null;
  const allowed = new Set(TEMPLATES[templateId].fields.map((f) => f.id as string));
  const fields: DraftValues = {};
  const ignored: string[] = [];
  for (const [key, value] of Object.entries(object)) {
    if (!isFieldId(key) || !allowed.has(key) || value === null) {
      if (value !== null) ignored.push(key);
      continue;
    }
    const parsed = fieldSchema(key, false, t).safeParse(value);
    if (parsed.success && parsed.data !== undefined) fields[key] = parsed.data as string | string[];
    else ignored.push(key);
  }
  return { fields, ignored };
}
