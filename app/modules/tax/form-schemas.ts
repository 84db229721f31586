import { z } from "zod";
import { parseAmountInput } from "~/modules/banking/money";
import { profileFields } from "./validation";

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The /tax-administration page's forms, checked the same way in the browser and on the server. */
/** The EIN field left empty keeps the stored number (the page never has it to show). */
export const profileFormSchema = (t: Translate) =>
  z.preprocess((v) => {
    if (v && typeof v === "object" && "ein" in v && !(v as { ein?: unknown }).ein) {
      const { ein: _empty, ...rest } = v as Record<string, unknown>;
      return rest;
    }
    return v;
  }, profileFields(t));

export const markFormSchema = (t: Translate) =>
  z.object({ key: z.string().min(1).max(64), note: z.string().trim().max(500, t("validation.noteTooLong")).optional() });

export const feedRevokeSchema = () => z.object({ id: z.string().regex(/^[0-9a-f-]{36}$/i) });

const money = (t: Translate, optional = false) =>
  z
    .string()
    .trim()
    .refine((v) => (optional && v === "") || parseAmountInput(v, "USD") !== null, t("validation.amountInvalid"))
    .transform((v) => (v === "" ? null : parseAmountInput(v, "USD")));

export const safeHarbourFormSchema = (t: Translate) =>
  z.object({
    currentYearTax: money(t),
    priorYearTax: money(t, true),
    priorYearAgi: money(t),
  });
