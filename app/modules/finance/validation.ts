import { z } from "zod";
import { isoDay } from "~/modules/banking/validation";
import { POLL_LIMITS } from "~/modules/polls/validation";
import { ALL_BP, ALLOCATED_CATEGORIES } from "./allocation";
import { APPROVAL_MODES, ASSET_KINDS, PURPOSE_MAX } from "./constants";

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** Larger than any trust's value, small enough that sums of 100,000 entries stay exact in a double. */
const MAX_MINOR = 1e14;

const value = (t: Translate) =>
  z
    .number({ required_error: t("validation.valueRequired"), invalid_type_error: t("validation.valueInvalid") })
    .int(t("validation.valueInvalid"))
    .min(0, t("validation.valueNegative"))
    .max(MAX_MINOR, t("validation.valueInvalid"));

const currency = (t: Translate) =>
  z
    .string({ required_error: t("validation.currencyInvalid") })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, t("validation.currencyInvalid"));

const uuid = (t: Translate, key: string) => z.string({ required_error: t(key), invalid_type_error: t(key) }).regex(/^[0-9a-f-]{36}$/i, t(key));

/** POST /api/finance/assets */
export const createAssetSchema = (t: Translate) =>
  z
    .object({
      name: z
        .string({ required_error: t("validation.nameRequired") })
        .trim()
        .min(1, t("validation.nameRequired"))
        .max(120, t("validation.nameTooLong")),
      kind: z.enum(ASSET_KINDS, { errorMap: () => ({ message: t("validation.kindInvalid") }) }),
      description: z.string().trim().max(1000, t("validation.descriptionTooLong")).nullish(),
      currency: currency(t),
      acquiredOn: isoDay(t),
      carryingMinor: value(t),
      currentMinor: value(t),
      /** The first valuation's date; the acquisition date when absent. */
      valuedOn: isoDay(t).optional(),
    })
    .strict()
    .refine((a) => !a.valuedOn || a.valuedOn >= a.acquiredOn, { path: ["valuedOn"], message: t("validation.valuedBeforeAcquired") });

/** POST /api/finance/assets/{id}/valuations */
export const valuationSchema = (t: Translate) =>
  z
    .object({
      valuedOn: isoDay(t),
      carryingMinor: value(t),
      currentMinor: value(t),
      source: z.enum(["manual", "appraisal", "statement"], { errorMap: () => ({ message: t("validation.sourceInvalid") }) }).default("manual"),
      note: z.string().trim().max(500, t("validation.noteTooLong")).nullish(),
    })
    .strict();

/** POST /api/finance/assets/{id}/dispose: sold, given away or paid off. */
export const disposalSchema = (t: Translate) => z.object({ disposedOn: isoDay(t), proceedsMinor: value(t) }).strict();

/** PUT /api/finance/allocations: the trustee's changes to the Act's defaults. */
export const allocationsSchema = (t: Translate) =>
  z
    .object({
      allocations: z
        .array(
          z.object({
            category: z.enum(ALLOCATED_CATEGORIES as [string, ...string[]], { errorMap: () => ({ message: t("validation.categoryInvalid") }) }),
            incomeShareBp: z
              .number({ invalid_type_error: t("validation.shareInvalid") })
              .int(t("validation.shareInvalid"))
              .min(0, t("validation.shareInvalid"))
              .max(ALL_BP, t("validation.shareInvalid")),
          }),
        )
        .max(ALLOCATED_CATEGORIES.length, t("validation.categoryInvalid")),
    })
    .strict();

/** POST /api/finance/distributions */
export const requestDistributionSchema = (t: Translate) =>
  z
    .object({
      /** A member; or, for someone the instrument names who has no login, `beneficiaryName`. */
      beneficiaryUserId: uuid(t, "validation.beneficiaryInvalid").nullish(),
      beneficiaryName: z.string().trim().min(1, t("validation.beneficiaryRequired")).max(120, t("validation.nameTooLong")).nullish(),
      amountMinor: z
        .number({ required_error: t("validation.amountRequired"), invalid_type_error: t("validation.amountInvalid") })
        .int(t("validation.amountInvalid"))
        .positive(t("validation.amountPositive"))
        .max(MAX_MINOR, t("validation.amountInvalid")),
      currency: currency(t),
      purpose: z
        .string({ required_error: t("validation.purposeRequired") })
        .trim()
        .min(3, t("validation.purposeRequired"))
        .max(PURPOSE_MAX, t("validation.purposeTooLong", { max: PURPOSE_MAX })),
      principalOrIncome: z.enum(["principal", "income"], { errorMap: () => ({ message: t("validation.sideInvalid") }) }),
      neededBy: isoDay(t).nullish(),
      authority: z.object(
        {
          documentId: uuid(t, "validation.authorityRequired"),
          provisionId: z.string({ required_error: t("validation.authorityRequired") }).regex(/^p\d{1,3}$/, t("validation.authorityRequired")),
        },
        { required_error: t("validation.authorityRequired"), invalid_type_error: t("validation.authorityRequired") },
      ),
      approvalMode: z.enum(APPROVAL_MODES, { errorMap: () => ({ message: t("validation.approvalInvalid") }) }).default("trustee"),
      /** For approval by poll: weigh votes by beneficial interest. */
      weighted: z.boolean().default(false),
      /** For approval by poll: when the poll closes (ISO time); a week from now when absent. */
      closesAt: z
        .string()
        .datetime({ offset: true, message: t("validation.closesAtInvalid") })
        // The polls' own window, in their sentences (the finance API reads the polls namespace too).
        .refine((v) => Date.parse(v) >= Date.now() + POLL_LIMITS.minOpenMs, t("errors.closesAtPast"))
        .refine((v) => Date.parse(v) <= Date.now() + POLL_LIMITS.maxOpenMs, t("errors.closesAtFar"))
        .optional(),
      /** The trustee read the warnings and asks anyway (more than the side's balance). */
      confirmWarnings: z.boolean().default(false),
    })
    .strict()
    .refine((d) => Boolean(d.beneficiaryUserId) !== Boolean(d.beneficiaryName), { path: ["beneficiaryUserId"], message: t("validation.beneficiaryRequired") });

export type DistributionRequest = z.infer<ReturnType<typeof requestDistributionSchema>>;

/** POST /api/finance/distributions/{id}/{approve|reject|cancel} */
export const decisionSchema = (t: Translate) =>
  z
    .object({
      note: z.string().trim().max(500, t("validation.noteTooLong")).nullish(),
      /** Approving more than the side's balance: the trustee read the warning. */
      confirmWarnings: z.boolean().default(false),
    })
    .strict();

/** POST /api/finance/distributions/{id}/pay: the bank transaction that paid it. */
export const paymentSchema = (t: Translate) => z.object({ transactionId: uuid(t, "validation.transactionRequired") }).strict();

/** POST /api/finance/accountings: save the accounting of a period and send it to the beneficiaries (all when absent). */
export const sendAccountingSchema = (t: Translate) =>
  z
    .object({
      from: isoDay(t),
      to: isoDay(t),
      reason: z.enum(["annual", "trustee_change", "termination"], { errorMap: () => ({ message: t("validation.periodInvalid") }) }).default("annual"),
      jurisdiction: z.enum(["CA", "FL", "TX"]).nullable().default(null),
      recipients: z.array(uuid(t, "errors.notQualified")).max(200).nullish(),
    })
    .strict()
    .refine((v) => v.from <= v.to, { path: ["to"], message: t("validation.periodOrder") });
