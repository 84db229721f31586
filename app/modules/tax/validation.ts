import { z } from "zod";

type Translate = (key: string, options?: Record<string, unknown>) => string;
const checkbox = z.preprocess((v) => v === true || v === "true" || v === "on", z.boolean());

/** The tax profile's fields, for PUT /api/tax/profile (strict) and the profile form (which also carries its intent). */
export const profileFields = (t: Translate) =>
  z.object({
    grantor: checkbox.default(false),
    taxYearEndMonth: z.coerce
      .number({ invalid_type_error: t("validation.monthInvalid") })
      .int(t("validation.monthInvalid"))
      .min(1, t("validation.monthInvalid"))
      .max(12, t("validation.monthInvalid")),
    states: z.preprocess(
      (v) => (typeof v === "string" ? v.split(/[\s,]+/).filter(Boolean) : v),
      z
        .array(
          z
            .string()
            .trim()
            .toUpperCase()
            .regex(/^[A-Z]{2}$/, t("validation.stateInvalid")),
        )
        .max(10, t("validation.stateInvalid")),
    ),
    januaryEstimateSkipped: checkbox.default(false),
    /** Nine digits, written 12-3456789; empty removes it; absent keeps the stored one. */
    ein: z
      .string()
      .trim()
      .regex(/^$|^\d{2}-?\d{7}$/, t("validation.einInvalid"))
      .transform((v) => (v === "" ? null : `${v.replace("-", "").slice(0, 2)}-${v.replace("-", "").slice(2)}`))
      .optional(),
  });

export const profileSchema = (t: Translate) => profileFields(t).strict();

export const yearSchema = (t: Translate) =>
  z.coerce
    .number({ invalid_type_error: t("validation.yearInvalid") })
    .int(t("validation.yearInvalid"))
    .min(1990, t("validation.yearInvalid"))
    .max(2100, t("validation.yearInvalid"));

/** POST /api/tax/calendar/{key}/{done|undone} */
export const markSchema = (t: Translate) => z.object({ note: z.string().trim().max(500, t("validation.noteTooLong")).nullish() }).strict();

/** The estimated-tax helper's figures, in minor units. */
export const safeHarbourSchema = (t: Translate) =>
  z
    .object({
      currentYearTaxMinor: z
        .number({ invalid_type_error: t("validation.amountInvalid") })
        .int(t("validation.amountInvalid"))
        .min(0, t("validation.amountInvalid")),
      priorYearTaxMinor: z
        .number({ invalid_type_error: t("validation.amountInvalid") })
        .int(t("validation.amountInvalid"))
        .min(0, t("validation.amountInvalid"))
        .nullable(),
      priorYearAgiMinor: z
        .number({ invalid_type_error: t("validation.amountInvalid") })
        .int(t("validation.amountInvalid"))
        .min(0, t("validation.amountInvalid")),
    })
    .strict();
