import type { Role } from "~/modules/workspaces/schema";

/**
 * Facts one domain announces and others may act on, without the announcer knowing who listens (a poll does not
 * know that a distribution waits for it). Listeners are declared in a domain's module.server.ts under `on`.
 */
export interface DomainEvents {
  /** A poll closed; `approved` for a proposal whose "yes" won, `rejected` for "no", `undecided` otherwise. */
  "poll.closed": { workspaceId: string; pollId: string; outcome: "approved" | "rejected" | "undecided"; summary: string };
  /**
   * A person is no longer a member (removed by an administrator, or left): what was theirs alone in it ends. `byUserId`
   * is who removed them (themselves when they left).
   */
  "member.left": { workspaceId: string; userId: string; reason: "removed" | "left"; byUserId: string };
  /**
   * A member's role changed (an administrator's change, or an ownership handed on): what was given to them for the
   * role they had (a read grant for family members, a calendar feed for those who see the taxes) ends with it.
   */
  "member.role_changed": { workspaceId: string; userId: string; from: Role; to: Role; byUserId: string };
  /**
   * A person's sessions ended (docs/decisions/0029): `sessionIds` when they signed out, a device was signed out, or the
   * password changed or was reset; `workspaceId` when their access to one workspace ended (removed, left, deleted).
   * Whatever still holds an open socket of theirs closes it.
   */
  "sessions.ended": { userId: string; sessionIds?: string[]; workspaceId?: string; reason: SessionEndReason };
}

export type SessionEndReason = "signed-out" | "device-signed-out" | "others-signed-out" | "password-changed" | "password-reset" | "access-ended";

export type DomainEventType = keyof DomainEvents;
export type DomainEventHandlers = { [K in DomainEventType]?: (env: Env, event: DomainEvents[K]) => Promise<void> };

/**
 * Tells every listening domain, one after the other; a listener that fails is logged and never stops the others
 * or the announcer (the announcement's own work is already saved).
 */
export async function publishDomainEvent<K extends DomainEventType>(env: Env, type: K, event: DomainEvents[K]): Promise<void> {
  // Loaded on first use: the registry imports every domain, the announcer among them.
  const { SERVER_MODULES } = await import("~/modules/registry.server");
  for (const module of SERVER_MODULES) {
    const handler = module.on?.[type] as ((env: Env, event: DomainEvents[K]) => Promise<void>) | undefined;
    if (!handler) continue;
    try {
      await handler(env, event);
    } catch (error) {
      console.error(`The ${module.id} module could not handle ${type}`, error);
    }
  }
}
