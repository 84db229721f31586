import type { CurrentSession } from "~/modules/auth/session.server";
import { canAdminister } from "~/modules/workspaces/roles";
import { findBeneficiary } from "~/modules/workspaces/beneficiaries.server";
import { Refusal } from "~/platform/http.server";
import { isUuid } from "~/platform/ids";
import type { RequestContext } from "~/platform/request-context.server";

/**
 * Whose portal is shown. Every query of the portal takes this subject's user and workspace ids and nothing else:
 * a beneficiary is always her own subject; owners and trustees choose one with `?as=<userId>` (a preview, audited).
 */
export interface PortalSubject {
  workspaceId: string;
  trustName: string;
  userId: string;
  name: string;
  shareBp: number | null;
  /** A trustee looking at her portal, not she herself. */
  preview: boolean;
}

/** The subject, or null when a trustee opened the portal without choosing whom to preview (the page lists them). */
export async function portalSubject(ctx: RequestContext, session: CurrentSession, as: string | null): Promise<PortalSubject | null> {
  const workspace = session.workspace;
  if (!workspace) throw new Refusal(403, "errors.noWorkspace");
  const admin = canAdminister(workspace.role);
  const own = async () => {
    const me = await findBeneficiary(ctx.db, workspace.id, session.user.id);
    if (!me) throw new Refusal(403, "errors.onlyBeneficiaries");
    return { workspaceId: workspace.id, trustName: workspace.name, ...me, preview: false };
  };
  if (as === null || as === "") {
    if (workspace.role === "beneficiary") return own();
    if (admin) return null;
    throw new Refusal(403, "errors.onlyBeneficiaries");
  }
  if (!isUuid(as)) throw new Refusal(400, "errors.previewIdInvalid");
  if (as === session.user.id && workspace.role === "beneficiary") return own();
  const audit = (action: string, outcome?: "denied") =>
    ctx.audit({ action, outcome, workspaceId: workspace.id, actorUserId: session.user.id, targetType: "user", targetId: as });
  if (!admin) {
    await audit("portal.preview_denied", "denied");
    throw new Refusal(403, "errors.previewOnlyTrustees");
  }
  const beneficiary = await findBeneficiary(ctx.db, workspace.id, as);
  if (!beneficiary) throw new Refusal(404, "errors.notABeneficiary");
  await audit("portal.previewed");
  return { workspaceId: workspace.id, trustName: workspace.name, ...beneficiary, preview: true };
}

/** Her session for reading what she may read (documents, the instrument): the trustee's preview sees no more than she does. */
export function sessionAs(session: CurrentSession, subject: PortalSubject): CurrentSession {
  return {
    ...session,
    user: { ...session.user, id: subject.userId, name: subject.name },
    workspace: session.workspace ? { ...session.workspace, role: "beneficiary" } : null,
  };
}
