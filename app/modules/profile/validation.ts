import { z } from "zod";
import { registerFields, withPasswordsMatch, type Translate } from "~/modules/auth/validation";
import { LANGUAGE_CODES } from "~/modules/preferences/languages";
import { THEME_IDS } from "~/modules/preferences/themes";
import { unknownVariant } from "~/platform/union-error";
import { clockMinutes, isTimeZone } from "./quiet-hours";

/** Profile pictures: images only, at most 5 MB. */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;

/**
 * The profile picture form: a file (an empty file input is none) of at most AVATAR_MAX_BYTES, checked in the browser
 * and on the server; whether it is really an image the server reads from its bytes.
 */
export function avatarFormSchema(t: Translate) {
  return z.object({
    intent: z.literal("avatar"),
    avatar: z
      .custom<File>((value) => typeof File !== "undefined" && value instanceof File && value.size > 0, t("errors.avatarMissing"))
      .refine((file) => !(file instanceof File) || file.size <= AVATAR_MAX_BYTES, t("errors.avatarTooLarge")),
  });
}
export type AvatarFormInput = z.infer<ReturnType<typeof avatarFormSchema>>;

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

/** Name, username and phone, with the same rules as registration. */
export function profileDetailsSchema(t: Translate) {
  return registerFields(t).pick({ name: true, username: true, phone: true });
}
export type ProfileDetailsInput = z.infer<ReturnType<typeof profileDetailsSchema>>;

/** A new password with the registration rules, and the current one to prove it is really you. */
export function changePasswordSchema(t: Translate) {
  const current = t("validation.currentPasswordRequired");
  return withPasswordsMatch(
    z.object({
      currentPassword: z.string({ required_error: current, invalid_type_error: current }).min(1, current).max(256, current),
      password: registerFields(t).shape.password,
      confirmPassword: registerFields(t).shape.confirmPassword,
    }),
    t,
  );
}
export type ChangePasswordInput = z.infer<ReturnType<typeof changePasswordSchema>>;

/** The profile page's command buttons: no field besides the intent; anything else is an unknown action. */
export function profileCommandSchema(t: Translate) {
  const id = z.string().min(1).max(64);
  return z.discriminatedUnion(
    "intent",
    [
      z.object({ intent: z.literal("remove-avatar") }),
      z.object({ intent: z.literal("sign-out-others") }),
      z.object({ intent: z.literal("sign-out-device"), sessionId: id }),
      z.object({ intent: z.literal("leave-workspace"), workspaceId: id }),
      z.object({ intent: z.literal("answer-offer"), transferId: id, answer: z.enum(["accept", "decline"]) }),
    ],
    { errorMap: unknownVariant(t("errors.unknownAction")) },
  );
}

/**
 * GET/PUT /api/profile/quiet-hours: `{ timeZone, quietHours: { enabled, start, end } }`. The zone is an IANA name the
 * runtime knows (or null); the times are "HH:MM" and may wrap midnight; quiet hours need a zone to be read in.
 */
export function quietHoursSchema(t: Translate) {
  const clock = (field: "start" | "end") =>
    z
      .string({ required_error: t(`quiet.errors.${field}`), invalid_type_error: t(`quiet.errors.${field}`) })
      .refine((v) => clockMinutes(v) !== null, t(`quiet.errors.${field}`));
  return z
    .object({
      timeZone: z
        .string({ required_error: t("quiet.errors.timeZone"), invalid_type_error: t("quiet.errors.timeZone") })
        .trim()
        .max(64, t("quiet.errors.timeZone"))
        .nullable()
        .transform((v) => v || null)
        .refine((v) => v === null || isTimeZone(v), t("quiet.errors.timeZone")),
      quietHours: z
        .object(
          {
            enabled: z.boolean({ required_error: t("quiet.errors.enabled"), invalid_type_error: t("quiet.errors.enabled") }),
            start: clock("start"),
            end: clock("end"),
          },
          { required_error: t("quiet.errors.quietHours"), invalid_type_error: t("quiet.errors.quietHours") },
        )
        .strict()
        .refine((v) => v.start !== v.end, { message: t("quiet.errors.same"), path: ["end"] }),
    })
    .strict()
    .superRefine((v, ctx) => {
      if (v.quietHours.enabled && !v.timeZone) ctx.addIssue({ code: "custom", path: ["timeZone"], message: t("quiet.errors.zoneNeeded") });
    });
}
export type QuietHoursInput = z.infer<ReturnType<typeof quietHoursSchema>>;
