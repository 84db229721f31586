import { z } from "zod";
import { LANGUAGE_CODES } from "~/modules/preferences/languages";
import { THEME_IDS } from "~/modules/preferences/themes";
import { DIGEST_MODES } from "./schema";
import { EMAIL_LIMITS } from "./templates";

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** An optional text: absent leaves it as it is, an empty one returns it to the product's default. */
const text = (t: Translate, max: number, tooLong: string) =>
  z
    .string({ invalid_type_error: t("errors.notText") })
    .max(max, t(tooLong, { max }))
    .transform((v) => v.trim())
    .nullish();

const look = (t: Translate) => ({
  familyName: text(t, EMAIL_LIMITS.familyNameMax, "errors.familyNameLong"),
  greeting: text(t, EMAIL_LIMITS.greetingMax, "errors.greetingLong"),
  signature: text(t, EMAIL_LIMITS.signatureMax, "errors.signatureLong"),
  accentTheme: z.enum(THEME_IDS as [string, ...string[]], { errorMap: () => ({ message: t("errors.unknownTheme") }) }).nullish(),
  intro: text(t, EMAIL_LIMITS.introMax, "errors.introLong"),
});

/** PUT /api/email/templates/{key}: the template's intro and, shared by every template, the workspace's look. */
export const templateUpdateSchema = (t: Translate) => z.object(look(t));

/** POST /api/email/templates/{key}/preview and …/test: unsaved changes to show, a language, a member's data. */
export const previewSchema = (t: Translate) =>
  z.object({
    ...look(t),
    language: z.enum(LANGUAGE_CODES as [string, ...string[]], { errorMap: () => ({ message: t("errors.unknownLanguage") }) }).optional(),
    memberId: z.string().trim().min(1).max(64).nullish(),
  });

/** PUT /api/email/settings: a person's own choice. */
export const settingsSchema = (t: Translate) => z.object({ digest: z.enum(DIGEST_MODES, { errorMap: () => ({ message: t("errors.unknownDigest") }) }) });

/** DELETE /api/email/opt-outs: the kind of mail to receive again in this workspace. */
export const resubscribeSchema = (t: Translate) =>
  z.object({
    scope: z
      .string({ required_error: t("errors.scopeMissing") })
      .trim()
      .min(1, t("errors.scopeMissing"))
      .max(80),
  });
