import { and, eq } from "drizzle-orm";
import { trusteeIds } from "~/modules/workspaces/trustees.server";
import type { Db } from "~/platform/db.server";
import type { RequestContext } from "~/platform/request-context.server";
import { channelNameKey, ensureDefaultChannel } from "./channels.server";
import { channelMembers, channels } from "./schema";

/**
 * One beneficiary's private conversation with the trustees (the beneficiary portal's message thread): a private
 * channel whose id is derived from the workspace and the beneficiary, so it is found again without a table of its
 * own. Its members are she and whoever administers the trust now; nobody else ever sees it.
 */
export async function beneficiaryThreadId(workspaceId: string, beneficiaryUserId: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`beneficiary-thread:${workspaceId}:${beneficiaryUserId}`)));
  const hex = [...digest.slice(0, 16)].map((b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/** The thread's channel id when it exists already (the portal links to it), else null. */
export async function findBeneficiaryThread(db: Db, workspaceId: string, beneficiaryUserId: string): Promise<string | null> {
  const id = await beneficiaryThreadId(workspaceId, beneficiaryUserId);
  const row = await db
    .select({ id: channels.id })
    .from(channels)
    .where(and(eq(channels.id, id), eq(channels.workspaceId, workspaceId)))
    .get();
  return row?.id ?? null;
}

/**
 * Opens the thread on first use and brings its members up to date (a trustee appointed since joins it). `name` is
 * the channel's name in the opener's language; a name someone else already uses gets the id's first digits.
 */
export async function ensureBeneficiaryThread(
  ctx: RequestContext,
  input: { workspaceId: string; beneficiaryUserId: string; openedBy: string; name: string; description: string },
): Promise<string> {
  const { workspaceId, beneficiaryUserId } = input;
  const id = await beneficiaryThreadId(workspaceId, beneficiaryUserId);
  await ensureDefaultChannel(ctx.db, workspaceId);
  const now = new Date();
  if (!(await findBeneficiaryThread(ctx.db, workspaceId, beneficiaryUserId))) {
    for (const name of [input.name, `${input.name} ${id.slice(0, 4)}`]) {
      const created = await ctx.db
        .insert(channels)
        .values({
          id,
          workspaceId,
          name,
          nameKey: channelNameKey(name),
          description: input.description,
          kind: "private",
          isDefault: false,
          createdBy: input.openedBy,
          createdAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: channels.id });
      if (created.length > 0) {
        await ctx.audit({
          action: "chat.channel.create",
          workspaceId,
          actorUserId: input.openedBy,
          targetType: "channel",
          targetId: id,
          metadata: { kind: "private", beneficiaryThread: true },
        });
        break;
      }
      if (await findBeneficiaryThread(ctx.db, workspaceId, beneficiaryUserId)) break;
    }
  }
  const members = [beneficiaryUserId, ...(await trusteeIds(ctx.db, workspaceId))];
  await ctx.db
    .insert(channelMembers)
    .values([...new Set(members)].map((userId) => ({ channelId: id, userId, workspaceId, joinedAt: now })))
    .onConflictDoNothing();
  return id;
}
