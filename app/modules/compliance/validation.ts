import { z } from "zod";
import { TRUST_TYPES } from "./profile-reading";
import { TRUST_EVENT_TYPES } from "./event-types";

type Translate = (key: string, options?: Record<string, unknown>) => string;

const ISO = /^\d{4}-\d{2}-\d{2}$/;
const isRealDay = (value: string) => {
  const time = Date.parse(`${value}T00:00:00Z`);
  return ISO.test(value) && !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value;
};
/** Tomorrow in the earliest time zone: an event dated today anywhere in the world is not refused as "future". */
const latestToday = () => new Date(Date.now() + 14 * 3_600_000).toISOString().slice(0, 10);

const person = (t: Translate) =>
  z
    .object({
      name: z.string().trim().min(1, t("validation.nameRequired")).max(200, t("validation.tooLong")),
      order: z.number().int().min(1).max(99).nullable().optional(),
      share: z.string().trim().max(60, t("validation.tooLong")).nullable().optional(),
      conditions: z.string().trim().max(1000, t("validation.tooLong")).nullable().optional(),
    })
    .strict();

const people = (t: Translate) => z.array(person(t)).max(50, t("validation.tooMany")).nullable();

/** PUT /api/trust/profile: only the fields sent change; null gives a field back to the documents' reading. */
export const profileSchema = (t: Translate) =>
  z
    .object({
      name: z.string().trim().min(1, t("validation.nameRequired")).max(200, t("validation.tooLong")).nullable(),
      type: z.enum(TRUST_TYPES, { errorMap: () => ({ message: t("validation.typeInvalid") }) }).nullable(),
      date: z.string().refine(isRealDay, t("validation.dateInvalid")).nullable(),
      settlors: people(t),
      trustees: people(t),
      successorTrustees: people(t),
      beneficiaries: people(t),
      governingLaw: z.string().trim().max(200, t("validation.tooLong")).nullable(),
      jurisdictions: z
        .array(
          z
            .string()
            .trim()
            .toUpperCase()
            .regex(/^[A-Z]{2}(?:-[A-Z]{2,3})?$/, t("validation.jurisdictionInvalid")),
        )
        .max(5, t("validation.tooMany"))
        .nullable(),
      estateTaxReturnRequired: z.boolean({ invalid_type_error: t("validation.yesNoInvalid") }).nullable(),
    })
    .partial()
    .strict();

/** POST /api/trust/events: what happened and when; it cannot have happened after today. */
export const eventSchema = (t: Translate) =>
  z
    .object({
      type: z.enum(TRUST_EVENT_TYPES, { errorMap: () => ({ message: t("validation.eventTypeInvalid") }) }),
      occurredOn: z
        .string({ required_error: t("validation.dateInvalid"), invalid_type_error: t("validation.dateInvalid") })
        .refine(isRealDay, t("validation.dateInvalid"))
        .refine((value) => !isRealDay(value) || value <= latestToday(), t("validation.eventInFuture")),
      subject: z.string().trim().max(200, t("validation.tooLong")).nullable().optional(),
      note: z.string().trim().max(1000, t("validation.tooLong")).nullable().optional(),
      documentId: z.string().uuid(t("validation.documentInvalid")).nullable().optional(),
    })
    .strict();

const evidence = (t: Translate) =>
  z
    .object({
      documentId: z.string().uuid(t("validation.documentInvalid")).nullable().optional(),
      deliveryId: z.string().max(64).nullable().optional(),
      note: z.string().trim().max(2000, t("validation.tooLong")).nullable().optional(),
    })
    .strict();

/** PATCH /api/compliance/items/{id}: `{ status: "done" | "open", evidence? }` (or `{ done: true }`). */
export const itemPatchSchema = (t: Translate) =>
  z
    .object({
      status: z.enum(["done", "open"], { errorMap: () => ({ message: t("validation.statusInvalid") }) }).optional(),
      done: z.boolean({ invalid_type_error: t("validation.statusInvalid") }).optional(),
      evidence: evidence(t).nullable().optional(),
    })
    .strict()
    .refine((body) => body.status !== undefined || body.done !== undefined, { message: t("validation.statusInvalid"), path: ["status"] })
    .transform((body) => ({ done: body.done ?? body.status === "done", evidence: body.evidence ?? null }));

/** ?from&to on the item list: plain days. */
export const rangeSchema = (t: Translate) =>
  z
    .object({
      from: z.string().refine(isRealDay, t("validation.dateInvalid")).optional(),
      to: z.string().refine(isRealDay, t("validation.dateInvalid")).optional(),
    })
    .refine((range) => !range.from || !range.to || range.from <= range.to, { message: t("validation.rangeInvalid"), path: ["to"] });
