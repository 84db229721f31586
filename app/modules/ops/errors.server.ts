import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "~/platform/db.server";
import { Refusal } from "~/platform/http.server";
import type { OpsViewer } from "./access.server";
import { fingerprint, sha256Hex } from "./fingerprint";
import { RELEASE } from "./release";
import { errorEvents, errorGroups, type ErrorStatus } from "./schema";
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

/** D1 binds at most 100 values per statement. */
const MAX_BOUND = 100;

/**
 * Multi-row inserts of `rows` into `target` ("table (columns)"), in chunks that stay under D1's bound-value limit
 * (`insert … select … where 1`, which SQLite needs for the `on conflict` after it).
 */
function insertRows(d1: D1Database, target: string, rows: readonly unknown[][], conflict = ""): D1PreparedStatement[] {
  if (rows.length === 0) return [];
  const width = rows[0]!.length;
  const row = `(${Array(width).fill("?").join(", ")})`;
  const size = Math.max(1, Math.floor(MAX_BOUND / width));
  const statements: D1PreparedStatement[] = [];
  for (let i = 0; i < rows.length; i += size) {
    const chunk = rows.slice(i, i + size);
    const values = Array(chunk.length).fill(row).join(", ");
    statements.push(d1.prepare(`insert into ${target} select * from (values ${values}) where 1 ${conflict}`).bind(...chunk.flat()));
  }
  return statements;
}

interface GroupInBatch {
  id: string;
  scope: string;
  print: string;
  source: ErrorOccurrence["source"];
  type: string;
  /** The batch's last message for the group (the group shows its latest wording). */
  message: string;
  count: number;
  releases: Map<string, number>;
  people: Set<string>;
}

/**
 * Stores occurrences in one D1 batch: each scrubbed and stored, its group counted, its person and release noted.
 * A browser's batch is mostly a few errors repeated, so the statements are per group, not per occurrence: one upsert
 * per group, the occurrences, people and releases as multi-row inserts, and one prune for all the batch's groups.
 * This is the busiest write there is (every browser's errors), so its SQL is written out and bound directly: drizzle's
 * query building was a third of the request's CPU (`npm run bench`, ADR 0031). The intake's limits are counted before
 * (ops/intake.server.ts), so a refused request never reaches this.
 */
export async function recordErrors(db: Db, occurrences: readonly ErrorOccurrence[], now = new Date()): Promise<void> {
  if (occurrences.length === 0) return;
  const at = now.getTime();
  const groups = new Map<string, GroupInBatch>();
  const events: unknown[][] = [];
  for (const raw of occurrences) {
    const type = scrub(raw.type || "Error", LIMITS.type);
    const message = scrub(raw.message || type, LIMITS.message);
    const stack = scrubOptional(raw.stack, LIMITS.stack);
    const release = scrubOptional(raw.release, LIMITS.release);
    const scope = raw.workspaceId ?? "";
    const print = await fingerprint(type, message, stack);
    // The id follows from the scope and the fingerprint, so the whole batch is one round trip without a read first.
    const groupId = (await sha256Hex(`${scope}:${print}`)).slice(0, 32);
    const group = groups.get(groupId) ?? { id: groupId, scope, print, source: raw.source, type, message, count: 0, releases: new Map(), people: new Set() };
    group.count += 1;
    group.message = message;
    if (release) group.releases.set(release, (group.releases.get(release) ?? 0) + 1);
    if (raw.userId) group.people.add(raw.userId);
    groups.set(groupId, group);
    const breadcrumbs = raw.breadcrumbs?.length
      ? JSON.stringify(raw.breadcrumbs.slice(-LIMITS.breadcrumbs).map((b) => scrub(String(b), LIMITS.breadcrumb)))
      : null;
    events.push([
      crypto.randomUUID(),
      groupId,
      raw.userId ?? null,
      raw.sessionKey ?? null,
      routeOnly(raw.route),
      release,
      scrubOptional(raw.browser, LIMITS.browser),
      stack,
      breadcrumbs,
      at,
    ]);
  }
  const d1 = db.$client;
  const statements: D1PreparedStatement[] = [...groups.values()].map((group) => upsertGroup(d1, group, at));
  statements.push(...insertRows(d1, "error_events (id, group_id, user_id, session_key, route, release, browser, stack, breadcrumbs, created_at)", events));
  const groupIds = [...groups.keys()];
  // Each group keeps its newest EVENTS_PER_GROUP occurrences: storage grows with the groups, not with the traffic.
  statements.push(
    d1
      .prepare(
        `delete from error_events where id in (select id from (select id, row_number() over (partition by group_id order by created_at desc) as position from error_events where group_id in (${groupIds.map(() => "?").join(", ")})) where position > ?)`,
      )
      .bind(...groupIds, EVENTS_PER_GROUP),
  );
  const people = [...groups.values()].flatMap((g) => [...g.people].map((userId) => [g.id, userId]));
  statements.push(...insertRows(d1, "error_group_people (group_id, user_id)", people, "on conflict do nothing"));
  const releases = [...groups.values()].flatMap((g) => [...g.releases].map(([release, count]) => [g.id, release, count]));
  statements.push(
    ...insertRows(
      d1,
      "error_group_releases (group_id, release, count)",
      releases,
      "on conflict (group_id, release) do update set count = count + excluded.count",
    ),
  );
  await d1.batch(statements);
}

/** A group counted up by the batch's occurrences of it; a resolved group reopens, "fixed in the next release" only in another release. */
function upsertGroup(d1: D1Database, group: GroupInBatch, at: number): D1PreparedStatement {
  const releases = [...group.releases.keys()];
  // "Fixed in the next release" reopens when any of the batch's releases is not the one it was marked in.
  const otherRelease = releases.map(() => `? <> coalesce(fixed_in_release, '')`).join(" or ");
  const reopens = releases.length ? `(status = 'resolved' or (status = 'fixed_next' and (${otherRelease})))` : `(status = 'resolved')`;
  const { id, scope, print, source, type, message, count } = group;
  return d1
    .prepare(
      `insert into error_groups (id, scope, fingerprint, source, type, message, count, first_seen, last_seen, status) select ?, ?, ?, ?, ?, ?, ?, ?, ?, 'open' where 1
       on conflict (scope, fingerprint) do update set count = count + excluded.count, last_seen = excluded.last_seen, message = excluded.message,
       status = case when ${reopens} then 'open' else status end,
       fixed_in_release = case when ${reopens} then null else fixed_in_release end`,
    )
    .bind(id, scope, print, source, type, message, count, at, at, ...releases, ...releases);
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
