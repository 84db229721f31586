import { z } from "zod";
import { parseAmountInput } from "~/modules/banking/money";
import { isoDay } from "~/modules/banking/validation";
import { ALL_BP, ALLOCATED_CATEGORIES } from "./allocation";
import { APPROVAL_MODES, ASSET_KINDS, PURPOSE_MAX } from "./constants";

/**
 * The /financial page's forms, checked the same way in the browser (on blur) and on the server. People type money
 * as they write it ("2,500.00", "2.500,00"); the API takes minor units, so each schema turns one into the other.
 */
type Translate = (key: string, options?: Record<string, unknown>) => string;

// Checked on the field itself (two decimals, as most currencies), so the message shows even while another field is
// wrong; the exact conversion in the trust's currency happens once the whole form is valid.
const money = (t: Translate, requiredKey: string, positive = false) =>
  z
    .string({ required_error: t(requiredKey) })
    .trim()
    .min(1, t(requiredKey))
    .refine((v) => parseAmountInput(v, "USD") !== null, t("validation.amountInvalid"))
    .refine((v) => (parseAmountInput(v, "USD") ?? 0) >= (positive ? 1 : 0), t(positive ? "validation.amountPositive" : "validation.valueNegative"));

function toMinor(text: string, currency: string, path: string, t: Translate, context: z.RefinementCtx, positive = false): number {
  const minor = parseAmountInput(text, currency);
  if (minor === null) {
    context.addIssue({ code: "custom", path: [path], message: t("validation.amountInvalid") });
    return 0;
  }
  if (positive ? minor <= 0 : minor < 0)
    context.addIssue({ code: "custom", path: [path], message: t(positive ? "validation.amountPositive" : "validation.valueNegative") });
  return minor;
}

export const assetFormSchema = (t: Translate) =>
  z
    .object({
      name: z
        .string({ required_error: t("validation.nameRequired") })
        .trim()
        .min(1, t("validation.nameRequired"))
        .max(120, t("validation.nameTooLong")),
      kind: z.enum(ASSET_KINDS, { errorMap: () => ({ message: t("validation.kindInvalid") }) }),
      description: z.string().trim().max(1000, t("validation.descriptionTooLong")).optional(),
      currency: z
        .string({ required_error: t("validation.currencyInvalid") })
        .trim()
        .toUpperCase()
        .regex(/^[A-Z]{3}$/, t("validation.currencyInvalid")),
      acquiredOn: isoDay(t),
      carrying: money(t, "validation.valueRequired"),
      current: money(t, "validation.valueRequired"),
    })
    .transform((v, context) => ({
      name: v.name,
      kind: v.kind,
      description: v.description || null,
      currency: v.currency,
      acquiredOn: v.acquiredOn,
      carryingMinor: toMinor(v.carrying, v.currency, "carrying", t, context),
      currentMinor: toMinor(v.current, v.currency, "current", t, context),
    }));

export const valuationFormSchema = (t: Translate) =>
  z
    .object({
      assetId: z.string().min(1),
      currency: z.string().regex(/^[A-Z]{3}$/),
      valuedOn: isoDay(t),
      carrying: money(t, "validation.valueRequired"),
      current: money(t, "validation.valueRequired"),
      source: z.enum(["manual", "appraisal", "statement"], { errorMap: () => ({ message: t("validation.sourceInvalid") }) }).default("manual"),
      note: z.string().trim().max(500, t("validation.noteTooLong")).optional(),
    })
    .transform((v, context) => ({
      assetId: v.assetId,
      valuedOn: v.valuedOn,
      source: v.source,
      note: v.note || null,
      carryingMinor: toMinor(v.carrying, v.currency, "carrying", t, context),
      currentMinor: toMinor(v.current, v.currency, "current", t, context),
    }));

const checkbox = z.preprocess((v) => v === "on" || v === "true" || v === true, z.boolean());

export const requestFormSchema = (t: Translate) =>
  z
    .object({
      /** "user:<id>" for a member, "name:<name>" for someone the instrument names who has no login. */
      beneficiary: z.string({ required_error: t("validation.beneficiaryRequired") }).regex(/^(user|name):.+/, t("validation.beneficiaryRequired")),
      amount: money(t, "validation.amountRequired", true),
      currency: z.string().regex(/^[A-Z]{3}$/, t("validation.currencyInvalid")),
      purpose: z
        .string({ required_error: t("validation.purposeRequired") })
        .trim()
        .min(3, t("validation.purposeRequired"))
        .max(PURPOSE_MAX, t("validation.purposeTooLong", { max: PURPOSE_MAX })),
      principalOrIncome: z.enum(["principal", "income"], { errorMap: () => ({ message: t("validation.sideInvalid") }) }),
      neededBy: isoDay(t).optional(),
      /** "<documentId>:<provisionId>" */
      authority: z.string({ required_error: t("validation.authorityRequired") }).regex(/^[0-9a-f-]{36}:p\d{1,3}$/i, t("validation.authorityRequired")),
      approvalMode: z.enum(APPROVAL_MODES, { errorMap: () => ({ message: t("validation.approvalInvalid") }) }).default("trustee"),
      weighted: checkbox.default(false),
    })
    .transform((v, context) => {
      const [kind, ...rest] = v.beneficiary.split(":");
      const who = rest.join(":");
      const [documentId, provisionId] = v.authority.split(":");
      return {
        beneficiaryUserId: kind === "user" ? who : null,
        beneficiaryName: kind === "name" ? who : null,
        amountMinor: toMinor(v.amount, v.currency, "amount", t, context, true),
        currency: v.currency,
        purpose: v.purpose,
        principalOrIncome: v.principalOrIncome,
        neededBy: v.neededBy ?? null,
        authority: { documentId, provisionId },
        approvalMode: v.approvalMode,
        weighted: v.weighted,
        confirmWarnings: false,
      };
    });

export const decisionFormSchema = (t: Translate) =>
  z.object({
    distributionId: z.string().min(1),
    note: z.string().trim().max(500, t("validation.noteTooLong")).optional(),
    confirmWarnings: checkbox.default(false),
  });

export const payFormSchema = (t: Translate) =>
  z.object({
    distributionId: z.string().min(1),
    transactionId: z.string({ required_error: t("validation.transactionRequired") }).min(1, t("validation.transactionRequired")),
  });

/** One field per category, as a percentage of income ("50" or "33.33"). */
export const allocationsFormSchema = (t: Translate) =>
  z
    .object(
      Object.fromEntries(
        ALLOCATED_CATEGORIES.map((c) => [
          c,
          z.coerce
            .number({ invalid_type_error: t("validation.shareInvalid") })
            .min(0, t("validation.shareInvalid"))
            .max(100, t("validation.shareInvalid")),
        ]),
      ),
    )
    .transform((v) => Object.entries(v).map(([category, percent]) => ({ category, incomeShareBp: Math.round((percent as number) * (ALL_BP / 100)) })));

/** "Save and send to the beneficiaries": the period, the notice, and who receives it (each ticked beneficiary). */
export const sendAccountingFormSchema = (t: Translate) =>
  z
    .object({
      from: isoDay(t),
      to: isoDay(t),
      reason: z.enum(["annual", "trustee_change", "termination"]).default("annual"),
      jurisdiction: z.enum(["CA", "FL", "TX", "none"]).default("none"),
      recipients: z.preprocess((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]), z.array(z.string().min(1)).min(1, t("errors.noQualified"))),
    })
    .refine((v) => v.from <= v.to, { path: ["to"], message: t("validation.periodOrder") })
    .transform((v) => ({ ...v, jurisdiction: v.jurisdiction === "none" ? null : v.jurisdiction }));
