import { z } from "zod";

/** Any translate function: i18next's `t` on either side, already bound to the "auth" namespace. */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The spec's registration rule: a lowercase, an uppercase, a digit and one of @$!%*?& (other characters allowed). */
const PASSWORD_COMPLEXITY = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[@$!%*?&])/;
const USERNAME_CHARS = /^[A-Za-z0-9_]+$/;
export const PASSWORD_MAX = 256;

function email(t: Translate) {
  const message = t("validation.invalidEmail");
  return z.string({ required_error: message, invalid_type_error: message }).trim().max(254, message).email(message);
}

function newPassword(t: Translate) {
  const min = t("validation.passwordMin12");
  return z
    .string({ required_error: min, invalid_type_error: min })
    .min(12, min)
    .max(PASSWORD_MAX, t("validation.passwordMax", { max: PASSWORD_MAX }))
    .regex(PASSWORD_COMPLEXITY, t("validation.passwordComplexity"));
}

function confirmation(t: Translate) {
  const mismatch = t("validation.passwordsMismatch");
  return z.string({ required_error: mismatch, invalid_type_error: mismatch });
}

/**
 * "Passwords don't match" on confirmPassword. Kept in its own schema and joined with `.and()`, so the
 * message shows even while other fields are still invalid (an object refinement would wait for them).
 */
export function withPasswordsMatch<S extends z.ZodTypeAny>(schema: S, t: Translate) {
  const match = z.object({ password: z.unknown(), confirmPassword: z.unknown() }).superRefine((value, ctx) => {
    if (typeof value.password === "string" && value.password !== value.confirmPassword) {
      ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: t("validation.passwordsMismatch") });
    }
  });
  return schema.and(match);
}

export function loginFields(t: Translate) {
  const min = t("validation.passwordMin8");
  return z.object({
    email: email(t),
    password: z.string({ required_error: min, invalid_type_error: min }).min(8, min).max(PASSWORD_MAX, min),
    rememberMe: z.boolean({ invalid_type_error: t("validation.rememberMe") }).optional(),
  });
}

export function registerFields(t: Translate) {
  const nameMin = t("validation.nameMin");
  const usernameMin = t("validation.usernameMin");
  return z.object({
    name: z.string({ required_error: nameMin, invalid_type_error: nameMin }).trim().min(2, nameMin).max(100, t("validation.nameMax")),
    username: z
      .string({ required_error: usernameMin, invalid_type_error: usernameMin })
      .trim()
      .min(3, usernameMin)
      .max(50, t("validation.usernameMax"))
      .regex(USERNAME_CHARS, t("validation.usernameChars")),
    email: email(t),
    password: newPassword(t),
    confirmPassword: confirmation(t),
    phone: z
      .string({ invalid_type_error: t("validation.phone") })
      .trim()
      .max(40, t("validation.phone"))
      .optional(),
  });
}

export function forgotPasswordFields(t: Translate) {
  return z.object({ email: email(t) });
}

export function resetPasswordFields(t: Translate) {
  const invalid = t("validation.resetTokenInvalid");
  return z.object({
    token: z.string({ required_error: invalid, invalid_type_error: invalid }).min(20, invalid).max(200, invalid),
    password: newPassword(t),
    confirmPassword: confirmation(t),
  });
}

export const loginSchema = (t: Translate) => loginFields(t);
export const registerSchema = (t: Translate) => withPasswordsMatch(registerFields(t), t);
export const forgotPasswordSchema = (t: Translate) => forgotPasswordFields(t);
export const resetPasswordSchema = (t: Translate) => withPasswordsMatch(resetPasswordFields(t), t);

/** The JSON API refuses fields it does not know; forms may carry extra inputs, so they use the lenient forms above. */
export const strictSchemas = {
  login: (t: Translate) => loginFields(t).strict(),
  register: (t: Translate) => withPasswordsMatch(registerFields(t).strict(), t),
  forgotPassword: (t: Translate) => forgotPasswordFields(t).strict(),
  resetPassword: (t: Translate) => withPasswordsMatch(resetPasswordFields(t).strict(), t),
};

export type LoginInput = z.infer<ReturnType<typeof loginFields>>;
export type RegisterInput = z.infer<ReturnType<typeof registerFields>>;
