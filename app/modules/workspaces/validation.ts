import { z } from "zod";
import type { Translate } from "~/modules/auth/validation";
import { CREATOR_ROLES, INVITABLE_ROLES } from "./roles";

export function workspaceFields(t: Translate) {
  const nameMin = t("validation.trustNameMin");
  const jurisdictionMin = t("validation.jurisdictionMin");
  return z.object({
    trustName: z.string({ required_error: nameMin, invalid_type_error: nameMin }).trim().min(2, nameMin).max(120, t("validation.trustNameMax")),
    role: z.enum(CREATOR_ROLES, { errorMap: () => ({ message: t("validation.roleRequired") }) }),
    jurisdiction: z
      .string({ required_error: jurisdictionMin, invalid_type_error: jurisdictionMin })
      .trim()
      .min(2, jurisdictionMin)
      .max(100, t("validation.jurisdictionMax")),
  });
}

export function invitationFields(t: Translate) {
  const invalid = t("validation.invalidEmail");
  return z.object({
    email: z.string({ required_error: invalid, invalid_type_error: invalid }).trim().max(254, invalid).email(invalid),
    role: z.enum(INVITABLE_ROLES, { errorMap: () => ({ message: t("validation.roleRequired") }) }),
  });
}

export type WorkspaceInput = z.infer<ReturnType<typeof workspaceFields>>;
export type InvitationInput = z.infer<ReturnType<typeof invitationFields>>;

/** A member's beneficial interest in basis points (null: none), as PUT /api/workspaces/members/{userId}/share takes it. */
export const beneficialShareSchema = (t: (key: string) => string) =>
  z.object({ shareBp: z.number({ invalid_type_error: t("errors.shareInvalid") }).nullable() }).strict();

/**
 * The settings page's beneficial-interest form: the member, and a percentage as typed ("12.5" or "12,5"; empty for
 * none) turned into the API's basis points. The range and the 100% total are the module's to check (its refusal
 * names the row). `t` reads the polls' messages.
 */
export const sharePercentFormSchema = (t: (key: string) => string) =>
  z.object({
    intent: z.literal("share"),
    userId: z.string().default(""),
    sharePercent: z
      .string()
      .optional()
      .transform((raw) => {
        const text = (raw ?? "").trim().replace(",", ".");
        return text === "" ? null : Math.round(Number(text) * 100);
      })
      .pipe(beneficialShareSchema(t).shape.shareBp),
  });
export type SharePercentInput = z.infer<ReturnType<typeof sharePercentFormSchema>>;

/** The admin page's "revoke" button: which pending invitation (the module checks that it is this workspace's). */
export function revokeInvitationSchema(t: Translate) {
  const missing = t("errors.invitationNotFound");
  return z.object({
    intent: z.literal("revoke"),
    invitationId: z.string({ required_error: missing, invalid_type_error: missing }).trim().min(1, missing).max(64, missing),
  });
}

/** PATCH /api/workspaces/members/{userId} and the role form on /admin: a role an administrator may give. */
export const memberRoleSchema = (t: Translate) => z.object({ role: z.enum(INVITABLE_ROLES, { errorMap: () => ({ message: t("validation.roleRequired") }) }) });

/** Deleting a workspace: its name, typed again. */
export const deleteWorkspaceSchema = (t: Translate) => {
  const message = t("validation.confirmNameRequired");
  return z.object({ confirmName: z.string({ required_error: message, invalid_type_error: message }).trim().min(1, message).max(200, message) });
};

/** Offering ownership to a member. */
export const ownershipOfferSchema = (t: Translate) => {
  const message = t("validation.memberRequired");
  return z.object({ userId: z.string({ required_error: message, invalid_type_error: message }).uuid(message) });
};

/** The offered member's answer. */
export const ownershipAnswerSchema = (t: Translate) =>
  z.object({ accept: z.boolean({ required_error: t("validation.acceptRequired"), invalid_type_error: t("validation.acceptRequired") }) });
