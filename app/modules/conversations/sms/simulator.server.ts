import { and, eq, isNull } from "drizzle-orm";
import type { CurrentSession } from "~/modules/auth/session.server";
import { Refusal } from "~/platform/http.server";
import type { RequestContext } from "~/platform/request-context.server";
import { workspaceOf } from "../channels.server";
import { smsParticipants } from "../schema";
import { toE164 } from "./phone";
import { applyDeliveryStatus, phoneConversation, receiveInboundSms } from "./service.server";

/** The phone simulator exists only with the development tools on (DEV_TOOLS=on, loopback), and only while the outbox (not Twilio) sends. */
export function phoneSimulatorEnabled(ctx: RequestContext) {
  return ctx.devTools && ctx.config.SMS_PROVIDER === "outbox";
}

async function requireWorkspacePhone(ctx: RequestContext, session: CurrentSession, phone: string) {
  const { workspaceId } = workspaceOf(session);
  const known = await ctx.db
    .select({ id: smsParticipants.id })
    .from(smsParticipants)
    .where(and(eq(smsParticipants.workspaceId, workspaceId), eq(smsParticipants.phone, phone), isNull(smsParticipants.removedAt)))
    .get();
  if (!known) throw new Refusal(404, "errors.unknownPhone");
  return workspaceId;
}

/** The phone opens its messages: what it now holds counts as delivered, like a carrier's receipt. */
export async function simulatorRead(ctx: RequestContext, session: CurrentSession, phone: string) {
  const workspaceId = await requireWorkspacePhone(ctx, session, phone);
  let messages = await phoneConversation(ctx, workspaceId, phone, session.user.id);
  const arrived = messages.filter((m) => m.direction === "outbound" && m.status === "sent" && m.providerSid);
  if (arrived.length) {
    for (const m of arrived) await applyDeliveryStatus(ctx, m.providerSid!, "delivered", null);
    messages = await phoneConversation(ctx, workspaceId, phone, session.user.id);
  }
  return messages.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() }));
}

/** The phone texts our number: the same function Twilio's signed webhook calls. */
export async function simulatorSend(ctx: RequestContext, session: CurrentSession, input: { from: string; body: string }) {
  const phone = toE164(input.from);
  if (!phone) throw new Refusal(400, "errors.phoneInvalid");
  const workspaceId = await requireWorkspacePhone(ctx, session, phone);
  // The simulator speaks for phones of the user's own workspace only.
  const result = await receiveInboundSms(ctx, {
    from: phone,
    to: ctx.config.SMS_FROM_NUMBER,
    body: input.body,
    sid: `SIM${crypto.randomUUID().replace(/-/g, "")}`,
    onlyWorkspaceId: workspaceId,
  });
  if (result.outcome === "unknown_number") throw new Refusal(404, "errors.unknownPhone");
  if (result.outcome === "empty") throw new Refusal(400, "errors.messageEmpty");
  return result;
}
