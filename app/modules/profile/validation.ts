import { z } from "zod";
import { LANGUAGE_CODES } from "~/modules/preferences/languages";
import { THEME_IDS } from "~/modules/preferences/themes";

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** POST /api/preferences: any of the three display choices. */
export function preferencesSchema(t: Translate) {
  return z
    .object({
      language: z.enum(LANGUAGE_CODES as [string, ...string[]], { message: t("errors.unknownLanguage") }).optional(),
      theme: z.enum(THEME_IDS as [string, ...string[]], { message: t("errors.unknownTheme") }).optional(),
      darkMode: z.boolean({ message: t("errors.darkModeBoolean") }).optional(),
    })
    .strict()
    .refine((v) => v.language !== undefined || v.theme !== undefined || v.darkMode !== undefined, {
      message: t("errors.noPreference"),
    });
}
export type PreferencesInput = z.infer<ReturnType<typeof preferencesSchema>>;
