import { and, desc, eq } from "drizzle-orm";
import type { z } from "zod";
import { documents } from "~/modules/documents/schema";
import { workspaceTrustees } from "~/modules/workspaces/trustees.server";
import type { Db } from "~/platform/db.server";
import { Refusal } from "~/platform/http.server";
import type { RequestContext } from "~/platform/request-context.server";
import { type ComplianceAccess, requireManage } from "./access.server";
import { requireEvidence } from "./evidence.server";
import type { relatedPartySchema } from "./ethics-validation";
import type { RelatedParty } from "./ethics/checks";
import { conflictAttestations, relatedParties, trusteeDisclosures } from "./schema";

export type RelatedPartyInput = z.infer<ReturnType<typeof relatedPartySchema>>;

/** A trustee attests again after a year: the register is only as good as its last confirmation. */
export const ATTESTATION_VALID_DAYS = 365;

export interface TrusteeRegister {
  userId: string;
  name: string;
  aliases: string[];
  ownAccountLastFours: string[];
  parties: (RelatedParty & { basisDocumentTitle: string | null; updatedAt: string })[];
  lastAttestation: { at: string; partyCount: number; note: string | null } | null;
  attestationDue: boolean;
}

async function requireTrustee(db: Db, workspaceId: string, userId: string) {
  const trustee = (await workspaceTrustees(db, workspaceId)).find((t) => t.userId === userId);
  if (!trustee) throw new Refusal(422, "ethics.errors.notATrustee", undefined, { trusteeUserId: "ethics.errors.notATrustee" });
  return trustee;
}

/** Every trustee of the workspace with their disclosures, related parties and last attestation. */
export async function conflictsRegister(db: Db, workspaceId: string, now = new Date()): Promise<TrusteeRegister[]> {
  const [trustees, parties, disclosures, attestations] = await Promise.all([
    workspaceTrustees(db, workspaceId),
    db
      .select({ party: relatedParties, basisDocumentTitle: documents.title })
      .from(relatedParties)
      .leftJoin(documents, eq(documents.id, relatedParties.basisDocumentId))
      .where(eq(relatedParties.workspaceId, workspaceId))
      .orderBy(relatedParties.name),
    db.select().from(trusteeDisclosures).where(eq(trusteeDisclosures.workspaceId, workspaceId)),
    db.select().from(conflictAttestations).where(eq(conflictAttestations.workspaceId, workspaceId)).orderBy(desc(conflictAttestations.attestedAt)),
  ]);
  const names = new Map(trustees.map((t) => [t.userId, t.name]));
  return trustees
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((trustee) => {
      const disclosure = disclosures.find((d) => d.userId === trustee.userId);
      const last = attestations.find((a) => a.trusteeUserId === trustee.userId);
      return {
        userId: trustee.userId,
        name: trustee.name,
        aliases: disclosure?.aliases ?? [],
        ownAccountLastFours: disclosure?.ownAccountLastFours ?? [],
        parties: parties
          .filter(({ party }) => party.trusteeUserId === trustee.userId)
          .map(({ party, basisDocumentTitle }) => ({
            id: party.id,
            trusteeUserId: party.trusteeUserId,
            trusteeName: names.get(party.trusteeUserId) ?? "",
            name: party.name,
            relation: party.relation,
            aliases: party.aliases,
            accountLastFour: party.accountLastFour,
            basis: party.basisKind ? { kind: party.basisKind, documentId: party.basisDocumentId, note: party.basisNote } : null,
            basisDocumentTitle,
            updatedAt: party.updatedAt.toISOString(),
          })),
        lastAttestation: last ? { at: last.attestedAt.toISOString(), partyCount: last.partyCount, note: last.note } : null,
        attestationDue: !last || now.getTime() - last.attestedAt.getTime() > ATTESTATION_VALID_DAYS * 86_400_000,
      };
    });
}

function partyRow(input: RelatedPartyInput) {
  return {
    trusteeUserId: input.trusteeUserId,
    name: input.name,
    relation: input.relation,
    aliases: [...new Set(input.aliases.filter((alias) => alias !== input.name))],
    accountLastFour: input.accountLastFour ?? null,
    basisKind: input.basis?.kind ?? null,
    basisDocumentId: input.basis?.documentId ?? null,
    basisNote: input.basis?.note ?? null,
  };
}

export async function addRelatedParty(ctx: RequestContext, access: ComplianceAccess, input: RelatedPartyInput) {
  requireManage(access);
  await requireTrustee(ctx.db, access.workspaceId, input.trusteeUserId);
  await requireEvidence(ctx.db, access.workspaceId, input.basis?.documentId);
  const now = new Date();
  const id = crypto.randomUUID();
  await ctx.db.batch([
    ctx.db.insert(relatedParties).values({ id, workspaceId: access.workspaceId, ...partyRow(input), createdBy: access.userId, createdAt: now, updatedAt: now }),
    ctx.auditStatement({
      action: "ethics.party_registered",
      workspaceId: access.workspaceId,
      actorUserId: access.userId,
      targetType: "related_party",
      targetId: id,
      metadata: { trusteeUserId: input.trusteeUserId, relation: input.relation, basis: input.basis?.kind ?? null },
    }),
  ]);
  return { id };
}

async function requireParty(db: Db, access: ComplianceAccess, id: string) {
  const row = await db
    .select()
    .from(relatedParties)
    .where(and(eq(relatedParties.id, id), eq(relatedParties.workspaceId, access.workspaceId)))
    .get();
  if (!row) throw new Refusal(404, "ethics.errors.partyNotFound");
  return row;
}

export async function updateRelatedParty(ctx: RequestContext, access: ComplianceAccess, id: string, input: RelatedPartyInput) {
  const before = await requireParty(ctx.db, access, id);
  requireManage(access);
  if (input.trusteeUserId !== before.trusteeUserId) {
    await requireTrustee(ctx.db, access.workspaceId, input.trusteeUserId);
  }
  await requireEvidence(ctx.db, access.workspaceId, input.basis?.documentId);
  const after = partyRow(input);
  await ctx.db.batch([
    ctx.db
      .update(relatedParties)
      .set({ ...after, updatedAt: new Date() })
      .where(and(eq(relatedParties.id, id), eq(relatedParties.workspaceId, access.workspaceId))),
    ctx.auditStatement({
      action: "ethics.party_changed",
      workspaceId: access.workspaceId,
      actorUserId: access.userId,
      targetType: "related_party",
      targetId: id,
      metadata: {
        relationBefore: before.relation,
        relation: after.relation,
        basisBefore: before.basisKind,
        basis: after.basisKind,
        basisDocumentId: after.basisDocumentId,
      },
    }),
  ]);
}

export async function removeRelatedParty(ctx: RequestContext, access: ComplianceAccess, id: string) {
  const before = await requireParty(ctx.db, access, id);
  requireManage(access);
  await ctx.db.batch([
    ctx.db.delete(relatedParties).where(and(eq(relatedParties.id, id), eq(relatedParties.workspaceId, access.workspaceId))),
    ctx.auditStatement({
      action: "ethics.party_removed",
      workspaceId: access.workspaceId,
      actorUserId: access.userId,
      targetType: "related_party",
      targetId: id,
      metadata: { trusteeUserId: before.trusteeUserId, relation: before.relation, name: before.name },
    }),
  ]);
}

export async function saveDisclosure(
  ctx: RequestContext,
  access: ComplianceAccess,
  userId: string,
  input: { aliases: string[]; ownAccountLastFours: string[] },
) {
  requireManage(access);
  await requireTrustee(ctx.db, access.workspaceId, userId);
  const row = { aliases: [...new Set(input.aliases)], ownAccountLastFours: [...new Set(input.ownAccountLastFours)], updatedAt: new Date() };
  await ctx.db.batch([
    ctx.db
      .insert(trusteeDisclosures)
      .values({ workspaceId: access.workspaceId, userId, ...row })
      .onConflictDoUpdate({ target: [trusteeDisclosures.workspaceId, trusteeDisclosures.userId], set: row }),
    ctx.auditStatement({
      action: "ethics.disclosure_saved",
      workspaceId: access.workspaceId,
      actorUserId: access.userId,
      targetType: "trustee",
      targetId: userId,
      metadata: { aliases: row.aliases.length, ownAccounts: row.ownAccountLastFours.length },
    }),
  ]);
}

/** Only the trustee themself can attest, and only to the statement in their own words. */
export async function attest(ctx: RequestContext, access: ComplianceAccess, statement: string, note: string | null) {
  if (!access.manage) throw new Refusal(403, "ethics.errors.trusteesAttest");
  await requireTrustee(ctx.db, access.workspaceId, access.userId);
  const parties = await ctx.db
    .select({ id: relatedParties.id })
    .from(relatedParties)
    .where(and(eq(relatedParties.workspaceId, access.workspaceId), eq(relatedParties.trusteeUserId, access.userId)));
  const id = crypto.randomUUID();
  const at = new Date();
  await ctx.db.batch([
    ctx.db
      .insert(conflictAttestations)
      .values({ id, workspaceId: access.workspaceId, trusteeUserId: access.userId, statement, partyCount: parties.length, note, attestedAt: at }),
    ctx.auditStatement({
      action: "ethics.attested",
      workspaceId: access.workspaceId,
      actorUserId: access.userId,
      targetType: "conflict_attestation",
      targetId: id,
      metadata: { partyCount: parties.length },
    }),
  ]);
  return { id, at: at.toISOString(), partyCount: parties.length };
}
