import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { data, redirect } from "@remix-run/cloudflare";
import { monthlyUsage } from "~/modules/ai/usage.server";
import { listWorkspaceAudit } from "~/modules/audit/audit.server";
import { requireSession } from "~/modules/auth/guard.server";
import type { CurrentSession } from "~/modules/auth/session.server";
import { smsOutcomes } from "~/modules/conversations/sms/outbound.server";
import { pollsT } from "~/modules/polls/i18n.server";
import { HttpError, readFormData, Refusal } from "~/platform/http.server";
import { mailOutcomes } from "~/platform/mail.server";
import { getRequestContext } from "~/platform/request-context.server";
import { setBeneficialShare, workspaceVoters } from "./beneficial-shares.server";
import { workspacesT } from "./i18n.server";
import { deletionsAwaitingPurge, requestWorkspaceDeletion, restoreWorkspace } from "./lifecycle/deletion.server";
import { changeMemberRole, leaveWorkspace, removeMember } from "./lifecycle/members.server";
import { offerOwnership, openOfferOf, withdrawOwnershipOffer } from "./lifecycle/ownership.server";
import { canAdminister } from "./roles";
import { secondFactorPolicy, setSecondFactorRequired } from "./second-factor-policy.server";
import { inviteMember, listMembers, listPendingInvitations, revokeInvitation } from "./service.server";
import { deleteWorkspaceSchema, invitationFields, memberRoleSchema, revokeInvitationSchema, sharePercentFormSchema } from "./validation";

const DELIVERY_WINDOW_DAYS = 30;

/** /admin: members and invitations, ownership, deletion and usage for administrators; restores for any owner. */
export async function adminPageLoader(args: LoaderFunctionArgs) {
  const ctx = getRequestContext(args.request, args.context);
  const session = await requireSession(args);
  const pendingDeletions = await deletionsAwaitingPurge(ctx, session.user.id);
  const workspace = session.workspace;
  if (!workspace || !canAdminister(workspace.role)) {
    if (workspace) {
      await ctx.audit({ action: "admin.open", outcome: "denied", actorUserId: session.user.id, workspaceId: workspace.id });
    }
    return data({ allowed: false as const, hasWorkspace: Boolean(workspace), pendingDeletions }, workspace ? 403 : 200);
  }
  const since = new Date(Date.now() - DELIVERY_WINDOW_DAYS * 24 * 60 * 60 * 1000);
  const [members, invitations, audit, voters, openOffer, aiUsage, mail, sms, secondFactor] = await Promise.all([
    listMembers(ctx, session),
    listPendingInvitations(ctx, session),
    listWorkspaceAudit(ctx.db, workspace.id),
    workspaceVoters(ctx.db, session),
    openOfferOf(ctx, workspace.id),
    monthlyUsage(ctx.db, workspace.id),
    mailOutcomes(ctx.db, workspace.id, since),
    smsOutcomes(ctx.db, workspace.id, since),
    secondFactorPolicy(ctx, session),
  ]);
  // Beneficial interests weigh weighted votes, so only voting members (viewers never vote) carry one.
  const shares = new Map(voters.map((v) => [v.userId, v.shareBp]));
  const owners = members.filter((m) => m.role === "owner").length;
  return {
    allowed: true as const,
    hasWorkspace: true,
    pendingDeletions,
    me: { userId: session.user.id, role: workspace.role, workspaceName: workspace.name, lastOwner: workspace.role === "owner" && owners <= 1 },
    members: members.map((m) => ({ ...m, since: m.since.toISOString(), votes: shares.has(m.userId), shareBp: shares.get(m.userId) ?? null })),
    sharesTotalBp: voters.reduce((sum, v) => sum + (v.shareBp ?? 0), 0),
    invitations: invitations.map((i) => ({ ...i, expiresAt: i.expiresAt.toISOString() })),
    audit,
    openOffer,
    secondFactor,
    usage: {
      windowDays: DELIVERY_WINDOW_DAYS,
      ai: aiUsage,
      mail: { byStatus: mail.byStatus, failures: mail.failures.map((f) => ({ ...f, createdAt: f.createdAt.toISOString() })) },
      sms: { byStatus: sms.byStatus, failures: sms.failures.map((f) => ({ ...f, createdAt: f.createdAt.toISOString() })) },
    },
  };
}

export type AdminIntent = "invite" | "revoke" | "share" | "role" | "remove" | "offer" | "withdrawOffer" | "leave" | "delete" | "restore" | "second-factor";

/** What every intent answers: a notice or an error in words, and for forms checked by Conform their result. */
export interface AdminActionResult {
  intent: AdminIntent;
  notice: string | null;
  error: string | null;
  /** The member row the answer is about (role, remove, share). */
  userId?: string;
  result?: SubmissionResult<string[]>;
  shareResult?: SubmissionResult<string[]>;
  /** A share's refused input, shown again in its field. */
  submitted?: string | null;
}

export async function adminPageAction(args: ActionFunctionArgs) {
  const ctx = getRequestContext(args.request, args.context);
  const session = await requireSession(args);
  const formData = await readFormData(args.request);
  const intent = String(formData.get("intent") ?? "invite") as AdminIntent;
  const t = workspacesT(args.request);
  const answer = (body: Omit<AdminActionResult, "intent">, status = 200) => data({ intent, ...body } as AdminActionResult, status);
  const userId = String(formData.get("userId") ?? "");
  try {
    switch (intent) {
      case "share":
        return await saveShare(args, session, formData);
      case "revoke": {
        const command = parseWithZod(formData, { schema: revokeInvitationSchema(ctx.t) });
        if (command.status !== "success") {
          return answer(
            { result: command.reply(), notice: null, error: Object.values(command.error ?? {}).flat()[0] ?? ctx.t("errors.invitationNotFound") },
            400,
          );
        }
        await revokeInvitation(ctx, session, command.value.invitationId);
        return answer({ result: command.reply(), notice: ctx.t("admin.revoked", { ns: "common" }), error: null });
      }
      case "role": {
        const command = parseWithZod(formData, { schema: memberRoleSchema(t) });
        if (command.status !== "success") return answer({ userId, notice: null, error: Object.values(command.error ?? {}).flat()[0] ?? "" }, 400);
        const changed = await changeMemberRole(ctx, session, userId, command.value.role);
        return answer({ userId, notice: changed.changed ? t("admin.roleChanged", { role: t(`roles.${command.value.role}`) }) : null, error: null });
      }
      case "remove": {
        const removed = await removeMember(ctx, session, userId);
        return answer({ userId, notice: t("admin.removed", { name: removed.name }), error: null });
      }
      case "offer": {
        const offer = await offerOwnership(ctx, session, userId);
        return answer({ userId, notice: t("admin.offerSent", { name: offer.name }), error: null });
      }
      case "withdrawOffer":
        await withdrawOwnershipOffer(ctx, session, String(formData.get("transferId") ?? ""));
        return answer({ notice: t("admin.offerWithdrawn"), error: null });
      case "leave": {
        await leaveWorkspace(ctx, session);
        throw redirect("/dashboard");
      }
      case "delete": {
        const command = parseWithZod(formData, { schema: deleteWorkspaceSchema(t) });
        if (command.status !== "success") return answer({ result: command.reply(), notice: null, error: null }, 400);
        try {
          await requestWorkspaceDeletion(ctx, session, command.value.confirmName);
        } catch (error) {
          if (error instanceof Refusal && error.fieldKeys) {
            const refusal = error.in(t);
            return answer({ result: command.reply({ fieldErrors: refusal.fieldErrors }), notice: null, error: null }, refusal.status);
          }
          throw error;
        }
        throw redirect("/admin");
      }
      case "second-factor": {
        const required = formData.get("required") === "true";
        await setSecondFactorRequired(ctx, session, required);
        return answer({ notice: t(required ? "secondFactor.nowRequired" : "secondFactor.nowOptional"), error: null });
      }
      case "restore": {
        const restored = await restoreWorkspace(ctx, session, String(formData.get("workspaceId") ?? ""));
        return answer({ notice: t("admin.restored", { name: restored.name }), error: null });
      }
      default: {
        const submission = parseWithZod(formData, { schema: invitationFields(ctx.t) });
        if (submission.status !== "success") return answer({ result: submission.reply(), notice: null, error: null }, 400);
        await inviteMember(ctx, session, submission.value);
        return answer({
          result: submission.reply({ resetForm: true }),
          notice: ctx.t("admin.inviteSent", { ns: "common", email: submission.value.email }),
          error: null,
        });
      }
    }
  } catch (error) {
    const refusal = error instanceof Refusal ? error.in(t) : error;
    if (refusal instanceof HttpError) return answer({ userId: userId || undefined, notice: null, error: refusal.message }, refusal.status);
    throw error;
  }
}

/**
 * One member's beneficial interest, typed as a percentage (empty = none) and stored in basis points.
 * The module checks the role, the range and that all shares stay within 100%; its message names the row.
 */
async function saveShare(args: ActionFunctionArgs, session: CurrentSession, formData: FormData) {
  const ctx = getRequestContext(args.request, args.context);
  const t = pollsT(args.request);
  const userId = String(formData.get("userId") ?? "");
  const raw = String(formData.get("sharePercent") ?? "").trim();
  const reply = (body: Omit<AdminActionResult, "intent" | "userId">, status = 200) => data({ intent: "share", userId, ...body } as AdminActionResult, status);
  const submission = parseWithZod(formData, { schema: sharePercentFormSchema(t) });
  if (submission.status !== "success") {
    const message = Object.values(submission.error ?? {}).flat()[0] ?? t("errors.shareInvalid");
    return reply({ shareResult: submission.reply(), notice: null, error: message, submitted: raw }, 400);
  }
  try {
    await setBeneficialShare(ctx, session, submission.value.userId, submission.value.sharePercent);
  } catch (error) {
    // The module's refusals carry their key in the polls' messages (docs/decisions/0018).
    const refusal = error instanceof Refusal ? error.in(t) : error;
    if (refusal instanceof HttpError) {
      const shareResult = submission.reply({ fieldErrors: { sharePercent: [refusal.message] } });
      return reply({ shareResult, notice: null, error: refusal.message, submitted: raw }, refusal.status);
    }
    throw error;
  }
  const member = (await listMembers(ctx, session)).find((m) => m.userId === userId);
  return reply({
    notice: ctx.t("admin.shareSaved", { ns: "common", name: member?.name ?? "" }),
    error: null,
    submitted: null,
    shareResult: submission.reply({ resetForm: true }),
  });
}
