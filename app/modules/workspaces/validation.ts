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
