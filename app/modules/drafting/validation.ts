import { z } from "zod";
import { DOCUMENT_TYPES } from "~/modules/documents/schema";
import { type FieldId, FIELDS, type DraftValues } from "./fields";
import { daysBetween, isCalendarDate, parseAmount, todayIso } from "./format";
import { TEMPLATE_IDS, TEMPLATES, type TemplateId } from "./templates";

type Translate = (key: string, options?: Record<string, unknown>) => string;

export const DRAFT_FORMATS = ["docx", "pdf"] as const;
export type DraftFormat = (typeof DRAFT_FORMATS)[number];

export const AI_REQUEST_MAX = 2000;
export const TITLE_MAX = 200;
/** The documents module's limit on a version note (VERSION_NOTE_MAX). */
export const NOTE_MAX = 500;

const TIN = /^(\d{2}-\d{7}|\d{3}-\d{2}-\d{4})$/;

/** One field's rule, with messages that name the field as the form labels it. */
export function fieldSchema(id: FieldId, required: boolean, t: Translate): z.ZodTypeAny {
  const spec = FIELDS[id];
  const field = t(`field.${id}`);
  const text = z
    .string({ invalid_type_error: t("errors.notText", { field }) })
    .trim()
    .max(spec.max, t("errors.tooLong", { field, max: spec.max }));
  const needed = (schema: z.ZodString) => (required ? schema.min(1, t("errors.required", { field })) : schema);

  switch (spec.kind) {
    case "list": {
      const item = z
        .string({ invalid_type_error: t("errors.notText", { field }) })
        .trim()
        .max(spec.max, t("errors.itemTooLong", { field, max: spec.max }));
      const items = z
        .preprocess((value) => (typeof value === "string" ? value.split("\n") : value), z.array(item, { invalid_type_error: t("errors.notList", { field }) }))
        .transform((lines) => lines.filter(Boolean))
        .refine((lines) => lines.length <= (spec.maxItems ?? 30), t("errors.tooManyItems", { field, max: spec.maxItems ?? 30 }))
        .refine((lines) => !required || lines.length > 0, t("errors.listRequired", { field }));
      return required ? items : items.optional();
    }
    case "date": {
      const schema = needed(text).refine((value) => value === "" || isCalendarDate(value), t("errors.invalidDate", { field }));
      return required ? schema : schema.optional();
    }
    case "select": {
      const options = (spec.options ?? []) as readonly string[];
      const schema = needed(text).refine((value) => value === "" || options.includes(value), t("errors.invalidChoice", { field }));
      return required ? schema : schema.optional();
    }
    case "amount": {
      const schema = needed(text).refine(
        (value) => value === "" || parseAmount(value, "USD") !== null || parseAmount(value, "JPY") !== null,
        t("errors.invalidAmount", { field }),
      );
      return required ? schema : schema.optional();
    }
    default: {
      let schema: z.ZodTypeAny = needed(text);
      if (id === "tin") schema = (schema as z.ZodString).refine((value) => value === "" || TIN.test(value), t("errors.invalidTin"));
      return required ? schema : schema.optional();
    }
  }
}

/** The fields of one template: each field's rule, no unknown fields, and the rules between fields. */
export function draftValuesSchema(templateId: TemplateId, t: Translate, now = new Date()) {
  const template = TEMPLATES[templateId];
  const shape: Record<string, z.ZodTypeAny> = {};
  for (const field of template.fields) shape[field.id] = fieldSchema(field.id, !!field.required, t);
  const ids = new Set(template.fields.map((f) => f.id as string));
  return z
    .object(shape)
    .strict()
    .superRefine((values: Record<string, unknown>, ctx) => {
      const get = (id: string) => (typeof values[id] === "string" ? (values[id] as string) : "");
      if (ids.has("trustDate") && isCalendarDate(get("trustDate")) && get("trustDate") > todayIso(now)) {
        ctx.addIssue({ code: "custom", path: ["trustDate"], message: t("errors.futureDate", { field: t("field.trustDate") }) });
      }
      if (ids.has("noticeDate")) {
        const days = daysBetween(get("irrevocableDate"), get("noticeDate"));
        if (days !== null && days < 0) ctx.addIssue({ code: "custom", path: ["noticeDate"], message: t("errors.noticeBeforeIrrevocable") });
      }
      if (ids.has("amount") && get("amount")) {
        const minor = parseAmount(get("amount"), get("currency") || "USD");
        if (minor === null) ctx.addIssue({ code: "custom", path: ["amount"], message: t("errors.amountForCurrency", { currency: get("currency") || "USD" }) });
        else if (minor === 0) ctx.addIssue({ code: "custom", path: ["amount"], message: t("errors.amountZero") });
      }
    }) as unknown as z.ZodType<DraftValues>;
}

/** Field id → its first message, for the form (empty when the draft is complete). */
export function draftErrors(templateId: TemplateId, values: DraftValues, t: Translate): Partial<Record<FieldId, string>> {
  const result = draftValuesSchema(templateId, t).safeParse(values);
  const errors: Partial<Record<FieldId, string>> = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const id = String(issue.path[0] ?? "") as FieldId;
    if (id && !errors[id]) errors[id] = issue.message;
  }
  return errors;
}

const templateSchema = (t: Translate) => z.enum(TEMPLATE_IDS, { errorMap: () => ({ message: t("errors.unknownTemplate") }) });
const fieldsObject = (t: Translate) => z.record(z.unknown(), { required_error: t("errors.fieldsMissing"), invalid_type_error: t("errors.fieldsMissing") });

/** POST /api/drafting/export */
export const exportRequestSchema = (t: Translate) =>
  z
    .object({
      template: templateSchema(t),
      format: z.enum(DRAFT_FORMATS, { errorMap: () => ({ message: t("errors.unknownFormat") }) }),
      fields: fieldsObject(t),
    })
    .strict();

/** Where a saved draft goes: a new document, or a new version of one this person may edit. */
export const saveTargetSchema = (t: Translate) =>
  z.discriminatedUnion(
    "kind",
    [
      z
        .object({
          kind: z.literal("document"),
          title: z
            .string()
            .trim()
            .max(TITLE_MAX, t("errors.titleTooLong", { max: TITLE_MAX }))
            .optional(),
          type: z.enum(DOCUMENT_TYPES, { errorMap: () => ({ message: t("errors.unknownDocumentType") }) }).optional(),
        })
        .strict(),
      z
        .object({
          kind: z.literal("version"),
          documentId: z.string({ required_error: t("errors.documentMissing") }).uuid(t("errors.documentMissing")),
          note: z
            .string()
            .trim()
            .max(NOTE_MAX, t("errors.noteTooLong", { max: NOTE_MAX }))
            .optional(),
        })
        .strict(),
    ],
    { errorMap: () => ({ message: t("errors.unknownTarget") }) },
  );

/** POST /api/drafting/save */
export const saveRequestSchema = (t: Translate) =>
  z
    .object({
      template: templateSchema(t),
      format: z.enum(DRAFT_FORMATS, { errorMap: () => ({ message: t("errors.unknownFormat") }) }),
      fields: fieldsObject(t),
      target: saveTargetSchema(t),
    })
    .strict();

/** POST /api/drafting/ai */
export const aiRequestSchema = (t: Translate) =>
  z
    .object({
      template: templateSchema(t),
      request: z
        .string({ required_error: t("errors.aiRequestMissing"), invalid_type_error: t("errors.aiRequestMissing") })
        .trim()
        .min(3, t("errors.aiRequestMissing"))
        .max(AI_REQUEST_MAX, t("errors.aiRequestTooLong", { max: AI_REQUEST_MAX })),
      fields: z.record(z.unknown()).optional(),
    })
    .strict();
