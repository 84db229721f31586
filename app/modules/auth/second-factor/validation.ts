import { z } from "zod";
import { PASSWORD_MAX, type Translate } from "../validation";

/** Long enough for a recovery code with spaces; anything longer is not a code. */
const CODE_MAX = 64;
export const PASSKEY_NAME_MAX = 60;

function code(t: Translate, required: string) {
  return z
    .string({ required_error: t(required), invalid_type_error: t(required) })
    .trim()
    .min(1, t(required))
    .max(CODE_MAX, t("secondFactor.errors.codeFormat"));
}

/** A WebAuthn response is the browser's JSON; @simplewebauthn checks its inside. Here: an object, not too large. */
function webauthnResponse(t: Translate) {
  return z.record(z.string(), z.unknown(), { invalid_type_error: t("secondFactor.validation.passkeyResponse") });
}

/** The sign-in's second step (JSON): a typed code (authenticator app or recovery code) or a passkey's assertion. */
export function secondFactorSchema(t: Translate) {
  return z
    .object({ code: code(t, "secondFactor.validation.codeRequired").optional(), passkey: webauthnResponse(t).optional() })
    .strict()
    .refine((v) => (v.code === undefined) !== (v.passkey === undefined), { message: t("secondFactor.validation.codeOrPasskey"), path: ["code"] });
}

/** The form without JavaScript: only a typed code. */
export function secondFactorFormSchema(t: Translate) {
  return z.object({ code: code(t, "secondFactor.validation.codeRequired") });
}

/** The new app's first code, and the password: a session left open is not enough to bind an authenticator to the account. */
export function totpConfirmSchema(t: Translate) {
  return z.object({ code: code(t, "secondFactor.validation.codeRequired"), password: password(t) }).strict();
}

function password(t: Translate) {
  const required = t("validation.currentPasswordRequired");
  return z.string({ required_error: required, invalid_type_error: required }).min(1, required).max(PASSWORD_MAX, required);
}

/** Adding or removing a factor, renewing recovery codes: the password again, and a code when an authenticator app is set up. */
export function reverifyFields(t: Translate) {
  return z.object({
    password: password(t),
    code: z
      .string({ invalid_type_error: t("secondFactor.errors.codeFormat") })
      .trim()
      .max(CODE_MAX, t("secondFactor.errors.codeFormat"))
      .optional()
      .transform((v) => v || undefined),
  });
}

export function passkeyRegisterSchema(t: Translate) {
  const name = t("secondFactor.errors.passkeyName", { max: PASSKEY_NAME_MAX });
  return z
    .object({
      response: webauthnResponse(t),
      name: z.string({ required_error: name, invalid_type_error: name }).trim().min(1, name).max(PASSKEY_NAME_MAX, name),
    })
    .strict();
}

export function passkeyRemoveSchema(t: Translate) {
  const unknown = t("secondFactor.errors.passkeyNotFound");
  return reverifyFields(t)
    .extend({ passkeyId: z.string({ required_error: unknown, invalid_type_error: unknown }).uuid(unknown) })
    .strict();
}

export const strictReverify = (t: Translate) => reverifyFields(t).strict();
