import { z } from "zod";
import { CATEGORY_IDS } from "./categories";
import { parseAmountInput } from "./money";
import { ACCOUNT_TYPES, MAX_SPLIT_PARTS, PRINCIPAL_OR_INCOME } from "./constants";

type Translate = (key: string, options?: Record<string, unknown>) => string;

const isoDay = (t: Translate) =>
  z
    .string({ required_error: t("validation.dateRequired") })
    .regex(/^\d{4}-\d{2}-\d{2}$/, t("validation.dateInvalid"))
    .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), t("validation.dateInvalid"));

const minor = (t: Translate) =>
  z
    .number({ required_error: t("validation.amountRequired"), invalid_type_error: t("validation.amountInvalid") })
    .int(t("validation.amountInvalid"))
    .refine((n) => Math.abs(n) <= 1e15, t("validation.amountInvalid"));

/** What every account has, asked the same way by the API and the page's form. */
const accountFields = (t: Translate) => ({
  name: z
    .string({ required_error: t("validation.nameRequired") })
    .trim()
    .min(1, t("validation.nameRequired"))
    .max(100, t("validation.nameTooLong")),
  institution: z
    .string({ required_error: t("validation.institutionRequired") })
    .trim()
    .min(1, t("validation.institutionRequired"))
    .max(100, t("validation.institutionTooLong")),
  type: z.enum(ACCOUNT_TYPES, { errorMap: () => ({ message: t("validation.typeInvalid") }) }),
  currency: z
    .string({ required_error: t("validation.currencyInvalid") })
    .trim()
    .toUpperCase()
    .refine((c) => /^[A-Z]{3}$/.test(c) && currencyKnown(c), t("validation.currencyInvalid")),
  lastFour: z.string({ required_error: t("validation.lastFourInvalid") }).regex(/^\d{4}$/, t("validation.lastFourInvalid")),
  openingOn: isoDay(t),
});

/** POST /api/banking/accounts */
export const createAccountSchema = (t: Translate) => z.object({ ...accountFields(t), openingBalanceMinor: minor(t) }).strict();

function currencyKnown(code: string): boolean {
  try {
    return (
      new Intl.NumberFormat("en", { style: "currency", currency: code }).resolvedOptions().currency === code &&
      Intl.supportedValuesOf("currency").includes(code)
    );
  } catch {
    return false;
  }
}

/** PATCH /api/banking/transactions/{id} */
export const updateTransactionSchema = (t: Translate) =>
  z
    .object({
      purpose: z.string().trim().max(500, t("validation.purposeTooLong")).nullable().optional(),
      responsibleParty: z.string().trim().max(200, t("validation.partyTooLong")).nullable().optional(),
      notes: z.string().trim().max(4000, t("validation.notesTooLong")).nullable().optional(),
      category: z
        .enum(CATEGORY_IDS as [string, ...string[]], { errorMap: () => ({ message: t("validation.categoryInvalid") }) })
        .nullable()
        .optional(),
      principalOrIncome: z
        .enum(PRINCIPAL_OR_INCOME, { errorMap: () => ({ message: t("validation.sideInvalid") }) })
        .nullable()
        .optional(),
      beneficiaryUserId: z.string().uuid(t("validation.beneficiaryInvalid")).nullable().optional(),
      /** Seen on the bank's statement (ticked while reconciling). */
      cleared: z.boolean({ invalid_type_error: t("validation.clearedInvalid") }).optional(),
    })
    .strict();

export type TransactionUpdate = z.infer<ReturnType<typeof updateTransactionSchema>>;

export { isoDay, minor };

/** The page's "Add account" form: the opening balance is typed as a person writes money. */
export const accountFormSchema = (t: Translate) =>
  z
    .object({
      ...accountFields(t),
      openingBalance: z
        .string({ required_error: t("validation.amountRequired") })
        .trim()
        .min(1, t("validation.amountRequired")),
    })
    .transform((value, context) => {
      const minor = parseAmountInput(value.openingBalance, value.currency);
      if (minor === null) {
        context.addIssue({ code: "custom", path: ["openingBalance"], message: t("validation.amountInvalid") });
        return z.NEVER;
      }
      const { openingBalance: _typed, ...rest } = value;
      return { ...rest, openingBalanceMinor: minor };
    });

/** POST /api/banking/accounts/{id}/reconciliations */
export const startReconciliationSchema = (t: Translate) => z.object({ statementEndOn: isoDay(t), closingBalanceMinor: minor(t) }).strict();

/** POST /api/banking/reconciliations/{id}/unlock */
export const unlockSchema = (t: Translate) =>
  z
    .object({
      reason: z
        .string({ required_error: t("validation.reasonRequired") })
        .trim()
        .min(3, t("validation.reasonRequired"))
        .max(1000, t("validation.reasonTooLong")),
    })
    .strict();

/** PUT /api/banking/transactions/{id}/splits: the parts replace any earlier split; an empty list removes it. */
export const splitsSchema = (t: Translate) =>
  z
    .object({
      parts: z
        .array(
          z
            .object({
              amountMinor: minor(t).refine((n) => n !== 0, t("validation.splitPartZero")),
              category: z.enum(CATEGORY_IDS as [string, ...string[]], { errorMap: () => ({ message: t("validation.categoryInvalid") }) }),
              principalOrIncome: z.enum(PRINCIPAL_OR_INCOME, { errorMap: () => ({ message: t("validation.sideInvalid") }) }).optional(),
              beneficiaryUserId: z.string().uuid(t("validation.beneficiaryInvalid")).nullable().optional(),
              note: z.string().trim().max(500, t("validation.notesTooLong")).nullable().optional(),
            })
            .strict(),
          { required_error: t("validation.splitTooFew"), invalid_type_error: t("validation.splitTooFew") },
        )
        .max(MAX_SPLIT_PARTS, t("validation.splitTooMany")),
    })
    .strict();

export type SplitPartInput = z.infer<ReturnType<typeof splitsSchema>>["parts"][number];

/** The most transactions one bulk edit may change (two pages of the list). */
export const BULK_LIMIT = 200;

/** PATCH /api/banking/transactions: the same change to each selected transaction. */
export const bulkUpdateSchema = (t: Translate) =>
  z
    .object({
      ids: z
        .array(z.string().uuid(t("errors.transactionNotFound")), { required_error: t("validation.bulkNone") })
        .min(1, t("validation.bulkNone"))
        .max(BULK_LIMIT, t("validation.bulkTooMany", { max: BULK_LIMIT })),
      changes: updateTransactionSchema(t)
        .omit({ cleared: true })
        .refine((c) => Object.keys(c).length > 0, t("validation.bulkNoChange")),
    })
    .strict();

/** POST /api/banking/reconciliations/{id}/sign-off */
export const signOffSchema = (t: Translate) =>
  z.object({ note: z.string().trim().max(2000, t("validation.signOffNoteTooLong")).nullable().optional() }).strict();
