import { serverT } from "~/i18n.server";
import type { CurrentSession } from "~/modules/auth/session.server";
import { ensureBeneficiaryThread } from "~/modules/conversations/beneficiary-thread.server";
import { MAX_CHANNEL_DESCRIPTION_CHARS, MAX_CHANNEL_NAME_CHARS } from "~/modules/conversations/limits";
import { setPortalShowsTotals } from "~/modules/workspaces/beneficiaries.server";
import { Refusal } from "~/platform/http.server";
import type { RequestContext } from "~/platform/request-context.server";
import type { PortalSubject } from "./subject.server";

/** The owner's switch: whether beneficiaries see the trust's totals on their portal. Owner only, audited. */
export async function setTotalsShown(ctx: RequestContext, session: CurrentSession, on: boolean) {
  const workspace = session.workspace;
  if (!workspace) throw new Refusal(403, "errors.noWorkspace");
  const entry = { workspaceId: workspace.id, actorUserId: session.user.id, targetType: "workspace", targetId: workspace.id };
  if (workspace.role !== "owner") {
    await ctx.audit({ ...entry, action: "portal.totals_denied", outcome: "denied" });
    throw new Refusal(403, "errors.onlyOwnerTotals");
  }
  await setPortalShowsTotals(ctx.db, workspace.id, on);
  await ctx.audit({ ...entry, action: on ? "portal.totals_shown" : "portal.totals_hidden" });
}

/** Her private thread with the trustees, opened on first use; its name is written in the opener's language. */
export async function openThread(ctx: RequestContext, session: CurrentSession, subject: PortalSubject, language: string) {
  const t = serverT(["portal"], language);
  return ensureBeneficiaryThread(ctx, {
    workspaceId: subject.workspaceId,
    beneficiaryUserId: subject.userId,
    openedBy: session.user.id,
    name: t("thread.channelName", { name: subject.name }).slice(0, MAX_CHANNEL_NAME_CHARS - 5),
    description: t("thread.channelDescription").slice(0, MAX_CHANNEL_DESCRIPTION_CHARS),
  });
}
