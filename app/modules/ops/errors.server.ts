import { and, desc, eq, inArray, notInArray, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "~/platform/db.server";
import { Refusal } from "~/platform/http.server";
import type { OpsViewer } from "./access.server";
import { fingerprint, sha256Hex } from "./fingerprint";
import { RELEASE } from "./release";
import { errorEvents, errorGroupPeople, errorGroupReleases, errorGroups, type ErrorStatus } from "./schema";
import { LIMITS, routeOnly, scrub, scrubOptional } from "./scrub";

/** Occurrences kept per group (the newest): storage grows with the number of groups, not with the traffic. */
const EVENTS_PER_GROUP = 20;

export interface ErrorOccurrence {
  source: "browser" | "worker";
  type: string;
  message: string;
  stack?: string | null;
  route?: string | null;
  release?: string | null;
  browser?: string | null;
  breadcrumbs?: readonly string[];
  /** The person's id, never their data. */
  userId?: string | null;
  sessionKey?: string | null;
  /** The workspace it happened in, or null. */
  workspaceId?: string | null;
}

/** Stores occurrences in one D1 batch: each scrubbed, its group counted, its person and release noted. */
export async function recordErrors(db: Db, occurrences: readonly ErrorOccurrence[], now = new Date()): Promise<string[]> {
  if (occurrences.length === 0) return [];
  const statements: BatchItem<"sqlite">[] = [];
  const eventIds: string[] = [];
  for (const raw of occurrences) {
    const type = scrub(raw.type || "Error", LIMITS.type);
    const message = scrub(raw.message || type, LIMITS.message);
    const stack = scrubOptional(raw.stack, LIMITS.stack);
    const release = scrubOptional(raw.release, LIMITS.release);
    const scope = raw.workspaceId ?? "";
    const print = await fingerprint(type, message, stack);
    // The id follows from the scope and the fingerprint, so the whole occurrence is one batch without a read first.
    const groupId = (await sha256Hex(`${scope}:${print}`)).slice(0, 32);
    const eventId = crypto.randomUUID();
    eventIds.push(eventId);
    // A resolved group reopens when it happens again; "fixed in the next release" only in another release.
    const reopens = sql`(${errorGroups.status} = 'resolved' or (${errorGroups.status} = 'fixed_next' and ${release} is not null and ${release} <> coalesce(${errorGroups.fixedInRelease}, '')))`;
    statements.push(
      db
        .insert(errorGroups)
        .values({ id: groupId, scope, fingerprint: print, source: raw.source, type, message, count: 1, firstSeen: now, lastSeen: now, status: "open" })
        .onConflictDoUpdate({
          target: [errorGroups.scope, errorGroups.fingerprint],
          set: {
            count: sql`${errorGroups.count} + 1`,
            lastSeen: now,
            message,
            status: sql`case when ${reopens} then 'open' else ${errorGroups.status} end`,
            fixedInRelease: sql`case when ${reopens} then null else ${errorGroups.fixedInRelease} end`,
          },
        }),
      db.insert(errorEvents).values({
        id: eventId,
        groupId,
        userId: raw.userId ?? null,
        sessionKey: raw.sessionKey ?? null,
        route: routeOnly(raw.route),
        release,
        browser: scrubOptional(raw.browser, LIMITS.browser),
        stack,
        breadcrumbs: raw.breadcrumbs?.length
          ? JSON.stringify(raw.breadcrumbs.slice(-LIMITS.breadcrumbs).map((b) => scrub(String(b), LIMITS.breadcrumb)))
          : null,
        createdAt: now,
      }),
      db
        .delete(errorEvents)
        .where(
          and(
            eq(errorEvents.groupId, groupId),
            notInArray(
              errorEvents.id,
              db
                .select({ id: errorEvents.id })
                .from(errorEvents)
                .where(eq(errorEvents.groupId, groupId))
                .orderBy(desc(errorEvents.createdAt))
                .limit(EVENTS_PER_GROUP),
            ),
          ),
        ),
    );
    if (raw.userId) statements.push(db.insert(errorGroupPeople).values({ groupId, userId: raw.userId }).onConflictDoNothing());
    if (release) {
      statements.push(
        db
          .insert(errorGroupReleases)
          .values({ groupId, release, count: 1 })
          .onConflictDoUpdate({ target: [errorGroupReleases.groupId, errorGroupReleases.release], set: { count: sql`${errorGroupReleases.count} + 1` } }),
      );
    }
  }
  await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  return eventIds;
}

export interface ErrorGroupView {
  id: string;
  fingerprint: string;
  message: string;
  type: string;
  source: string;
  count: number;
  firstSeen: string;
  lastSeen: string;
  status: ErrorStatus;
  people: number;
  releases: string[];
  /** Operators only: the workspace, or null for errors outside any. */
  workspaceId?: string | null;
}

const scopeOf = (viewer: OpsViewer) => (viewer.kind === "operator" ? undefined : eq(errorGroups.scope, viewer.workspaceId));

/** The groups this viewer may see, the latest first: a workspace's administrators see their workspace's only. */
export async function listErrorGroups(db: Db, viewer: OpsViewer, limit = 100): Promise<ErrorGroupView[]> {
  const people = sql<number>`(select count(*) from error_group_people p where p.group_id = "error_groups"."id")`;
  const releases = sql<
    string | null
  >`(select group_concat(release, ' ') from (select release from error_group_releases r where r.group_id = "error_groups"."id" order by count desc limit 5))`;
  const rows = await db
    .select({
      id: errorGroups.id,
      fingerprint: errorGroups.fingerprint,
      message: errorGroups.message,
      type: errorGroups.type,
      source: errorGroups.source,
      count: errorGroups.count,
      firstSeen: errorGroups.firstSeen,
      lastSeen: errorGroups.lastSeen,
      status: errorGroups.status,
      scope: errorGroups.scope,
      people,
      releases,
    })
    .from(errorGroups)
    .where(scopeOf(viewer))
    .orderBy(desc(errorGroups.lastSeen))
    .limit(limit);
  return rows.map(({ scope, ...r }) => ({
    ...r,
    firstSeen: r.firstSeen.toISOString(),
    lastSeen: r.lastSeen.toISOString(),
    people: Number(r.people),
    releases: r.releases ? r.releases.split(" ") : [],
    ...(viewer.kind === "operator" ? { workspaceId: scope || null } : {}),
  }));
}

export const GROUP_COMMANDS = { resolve: "resolved", ignore: "ignored", "fixed-next": "fixed_next", reopen: "open" } as const satisfies Record<
  string,
  ErrorStatus
>;
export type GroupCommand = keyof typeof GROUP_COMMANDS;

/** Changes a group's status; another workspace's group is a 404, as if it did not exist. */
export async function setGroupStatus(db: Db, viewer: OpsViewer, groupId: string, command: GroupCommand) {
  const status = GROUP_COMMANDS[command];
  const group = await db
    .select({ id: errorGroups.id, scope: errorGroups.scope })
    .from(errorGroups)
    .where(and(eq(errorGroups.id, groupId), scopeOf(viewer)))
    .get();
  if (!group) throw new Refusal(404, "errors.groupNotFound");
  await db
    .update(errorGroups)
    .set({ status, fixedInRelease: status === "fixed_next" ? RELEASE : null })
    .where(eq(errorGroups.id, group.id));
  return { id: group.id, status, workspaceId: group.scope || null };
}

/** The last errors of one browser session of this person, for "report a problem" (their own only). */
export async function sessionErrorIds(db: Db, userId: string, sessionKey: string, limit = 10): Promise<string[]> {
  const rows = await db
    .select({ id: errorEvents.id })
    .from(errorEvents)
    .where(and(eq(errorEvents.sessionKey, sessionKey), eq(errorEvents.userId, userId)))
    .orderBy(desc(errorEvents.createdAt))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** The attached errors' messages, for the operators reading a report. */
export async function describeEvents(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: errorEvents.id, message: errorGroups.message, type: errorGroups.type, route: errorEvents.route, at: errorEvents.createdAt })
    .from(errorEvents)
    .innerJoin(errorGroups, eq(errorGroups.id, errorEvents.groupId))
    .where(inArray(errorEvents.id, [...ids]));
}
