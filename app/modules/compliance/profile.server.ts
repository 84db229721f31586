import { and, desc, eq } from "drizzle-orm";
import type { CurrentSession } from "~/modules/auth/session.server";
import { confirmedLinks, instrumentCandidates, trustAsAmendedOf } from "~/modules/instruments/as-amended.server";
import { groupInstruments } from "~/modules/instruments/family";
import { taxAccess, taxProfile } from "~/modules/tax/tax.server";
import { workspaces } from "~/modules/workspaces/schema";
import type { Db } from "~/platform/db.server";
import { Refusal } from "~/platform/http.server";
import type { RequestContext } from "~/platform/request-context.server";
import { type ComplianceAccess, requireManage, requireReadAll, trusteeView } from "./access.server";
import { withProfileCreation } from "./creation-event";
import { amendedDuties } from "./instrument-duties";
import { emptyProfile, type FieldSource, jurisdictionCodes, PROFILE_FIELDS, type ProfileField, type ProfileValues, readProfile } from "./profile-reading";
import { trustEvents, type TrustEventType, trustProfiles } from "./schema";

export interface ProfileFieldView<K extends ProfileField = ProfileField> {
  value: ProfileValues[K];
  /** Where the analysed documents state it; null when nothing did. */
  source: FieldSource | null;
  /** Set when a person changed it: the value then wins over the documents'. */
  edited: { by: string; at: string } | null;
  /** The documents' value, when a person's edit replaced it. */
  read: ProfileValues[K] | null;
}

export interface TrustEventView {
  id: string;
  type: TrustEventType;
  occurredOn: string;
  subject: string | null;
  note: string | null;
  documentId: string | null;
}

export interface TrustProfileView {
  fields: { [K in ProfileField]: ProfileFieldView<K> };
  /** The instrument the profile was read from (null when no trust or will is analysed yet). */
  instrument: { documentId: string; title: string; amendments: number } | null;
  ein: { masked: string | null; taxYearEndMonth: number };
  events: TrustEventView[];
  /** The workspace's own jurisdiction, used when the documents name none. */
  workspaceJurisdiction: string;
}

/** The workspace's trust as amended (its terms in force, parties and duties), with the family's base document. */
export async function trustInstrument(db: Db, session: CurrentSession) {
  const candidates = await instrumentCandidates(db, session);
  const links = session.workspace ? await confirmedLinks(db, session.workspace.id) : undefined;
  const families = groupInstruments(candidates, links).filter((f) => f.base.type === "trust" || f.base.analysis?.documentType === "trust");
  // The trust with the most amendments is the family's (a workspace usually holds one; a will is read only without one).
  const family = families.sort((a, b) => b.amendments.length - a.amendments.length)[0] ?? groupInstruments(candidates, links)[0];
  if (!family) return null;
  const view = await trustAsAmendedOf(db, session, family.base.id, candidates, links);
  if (!view) return null;
  const type = family.base.type === "will" || family.base.analysis?.documentType === "will" ? ("will" as const) : ("trust" as const);
  return { view, type, instrument: { documentId: family.base.id, title: family.base.title, amendments: family.amendments.length } };
}

/** The profile's values as the documents give them, with their sources (no edits applied), and the duties as amended. */
export async function readTrustDocuments(db: Db, session: CurrentSession) {
  const trust = await trustInstrument(db, session);
  if (!trust) return null;
  return { ...readProfile({ ...trust.view, type: trust.type }), instrument: trust.instrument, duties: amendedDuties(trust.view) };
}

/**
 * The profile's values only, for the rules (the cron has no person: it reads as the trustees would), and the events,
 * with the profile's date as the trust's creation when no creation is recorded (its id says it came from the profile).
 */
export async function trustFacts(db: Db, session: CurrentSession, today: string): Promise<{ values: ProfileValues; events: TrustEventView[] }> {
  const workspaceId = session.workspace?.id ?? "";
  const [reading, stored, events] = await Promise.all([
    readTrustDocuments(db, trusteeView(session)),
    storedOverrides(db, workspaceId),
    listEvents(db, workspaceId),
  ]);
  const values = { ...(reading?.values ?? emptyProfile()) } as ProfileValues;
  for (const field of PROFILE_FIELDS) if (stored[field]) (values as unknown as Record<string, unknown>)[field] = stored[field]!.value;
  if (values.jurisdictions.length === 0) values.jurisdictions = jurisdictionCodes(session.workspace?.jurisdiction ?? null);
  return { values, events: withProfileCreation(events, values.date, today) };
}

async function storedOverrides(db: Db, workspaceId: string) {
  const row = await db.select({ overrides: trustProfiles.overrides }).from(trustProfiles).where(eq(trustProfiles.workspaceId, workspaceId)).get();
  return (row?.overrides ?? {}) as Partial<Record<ProfileField, { value: unknown; by: string; at: string }>>;
}

export async function listEvents(db: Db, workspaceId: string): Promise<TrustEventView[]> {
  return db
    .select({
      id: trustEvents.id,
      type: trustEvents.type,
      occurredOn: trustEvents.occurredOn,
      subject: trustEvents.subject,
      note: trustEvents.note,
      documentId: trustEvents.documentId,
    })
    .from(trustEvents)
    .where(eq(trustEvents.workspaceId, workspaceId))
    .orderBy(desc(trustEvents.occurredOn))
    .limit(500);
}

export async function trustProfile(db: Db, session: CurrentSession, access: ComplianceAccess): Promise<TrustProfileView> {
  requireReadAll(access);
  const [reading, stored, events, tax] = await Promise.all([
    readTrustDocuments(db, session),
    storedOverrides(db, access.workspaceId),
    listEvents(db, access.workspaceId),
    taxProfile(db, taxAccess(session)),
  ]);
  const read = reading?.values ?? emptyProfile();
  const fields = {} as Record<ProfileField, ProfileFieldView>;
  for (const field of PROFILE_FIELDS) {
    const edit = stored[field];
    fields[field] = {
      value: (edit ? edit.value : read[field]) as never,
      source: reading?.sources[field] ?? null,
      edited: edit ? { by: edit.by, at: edit.at } : null,
      read: edit ? (read[field] as never) : null,
    };
  }
  const workspaceJurisdiction = session.workspace?.jurisdiction ?? "";
  if ((fields.jurisdictions.value as string[]).length === 0) fields.jurisdictions.value = jurisdictionCodes(workspaceJurisdiction) as never;
  return {
    fields: fields as TrustProfileView["fields"],
    instrument: reading?.instrument ?? null,
    ein: { masked: tax.einMasked, taxYearEndMonth: tax.taxYearEndMonth },
    events,
    workspaceJurisdiction,
  };
}

/**
 * Saves the fields a person changed (each audited with its name, never its value: shares and names stay out of the
 * log); a field set back to what the documents say, or to null, returns to the documents' reading.
 */
export async function saveTrustProfile(
  ctx: RequestContext,
  session: CurrentSession,
  access: ComplianceAccess,
  changes: { [K in ProfileField]?: ProfileValues[K] | null },
): Promise<TrustProfileView> {
  requireManage(access);
  const [reading, stored] = await Promise.all([readTrustDocuments(ctx.db, session), storedOverrides(ctx.db, access.workspaceId)]);
  const read = reading?.values ?? emptyProfile();
  const next = { ...stored };
  const changed: string[] = [];
  const at = new Date().toISOString();
  for (const field of PROFILE_FIELDS) {
    if (!(field in changes)) continue;
    const value = changes[field];
    const same = JSON.stringify(value) === JSON.stringify(read[field]);
    if (value === null || value === undefined || same) {
      if (next[field]) changed.push(field);
      delete next[field];
    } else if (JSON.stringify(next[field]?.value) !== JSON.stringify(value)) {
      next[field] = { value, by: session.user.name, at };
      changed.push(field);
    }
  }
  if (changed.length > 0) {
    const now = new Date();
    await ctx.db.batch([
      ctx.db
        .insert(trustProfiles)
        .values({ workspaceId: access.workspaceId, overrides: next, updatedBy: access.userId, updatedAt: now })
        .onConflictDoUpdate({ target: trustProfiles.workspaceId, set: { overrides: next, updatedBy: access.userId, updatedAt: now } }),
      ctx.auditStatement({
        action: "compliance.profile_edited",
        workspaceId: access.workspaceId,
        actorUserId: access.userId,
        targetType: "trust_profile",
        targetId: access.workspaceId,
        metadata: { fields: changed.join(",") },
      }),
    ]);
  }
  return trustProfile(ctx.db, session, access);
}

/** Events that can only have happened: a death, an acceptance, a demand… never dated after today. */
export async function recordEvent(
  ctx: RequestContext,
  access: ComplianceAccess,
  input: { type: TrustEventType; occurredOn: string; subject?: string | null; note?: string | null; documentId?: string | null },
): Promise<TrustEventView> {
  requireManage(access);
  const event = {
    id: crypto.randomUUID(),
    workspaceId: access.workspaceId,
    type: input.type,
    occurredOn: input.occurredOn,
    subject: input.subject?.trim() || null,
    note: input.note?.trim() || null,
    documentId: input.documentId ?? null,
    createdBy: access.userId,
    createdAt: new Date(),
  };
  await ctx.db.batch([
    ctx.db.insert(trustEvents).values(event),
    ctx.auditStatement({
      action: "compliance.event_recorded",
      workspaceId: access.workspaceId,
      actorUserId: access.userId,
      targetType: "trust_event",
      targetId: event.id,
      metadata: { type: event.type, occurredOn: event.occurredOn },
    }),
  ]);
  return { id: event.id, type: event.type, occurredOn: event.occurredOn, subject: event.subject, note: event.note, documentId: event.documentId };
}

export async function withdrawEvent(ctx: RequestContext, access: ComplianceAccess, id: string) {
  requireManage(access);
  const event = await ctx.db
    .select({ type: trustEvents.type })
    .from(trustEvents)
    .where(and(eq(trustEvents.id, id), eq(trustEvents.workspaceId, access.workspaceId)))
    .get();
  if (!event) throw new Refusal(404, "errors.eventNotFound");
  await ctx.db.batch([
    ctx.db.delete(trustEvents).where(and(eq(trustEvents.id, id), eq(trustEvents.workspaceId, access.workspaceId))),
    ctx.auditStatement({
      action: "compliance.event_withdrawn",
      workspaceId: access.workspaceId,
      actorUserId: access.userId,
      targetType: "trust_event",
      targetId: id,
      metadata: { type: event.type },
    }),
  ]);
}

export async function workspaceJurisdiction(db: Db, workspaceId: string): Promise<string> {
  return (await db.select({ jurisdiction: workspaces.jurisdiction }).from(workspaces).where(eq(workspaces.id, workspaceId)).get())?.jurisdiction ?? "";
}
