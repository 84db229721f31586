import type { CurrentSession } from "~/modules/auth/session.server";
import { formatMinor } from "~/modules/banking/money";
import { trustCurrency } from "~/modules/finance/ledger.server";
import type { Db } from "~/platform/db.server";
import type { ComplianceAccess } from "./access.server";
import { conflictsRegister } from "./ethics.server";
import { yearFlags } from "./ethics-flags.server";
import { evidenceChoices } from "./evidence.server";
import { flagTextParams, relationPhraseKey } from "./ethics/checks";

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** Everything /ethical-compliance and GET /api/ethics show: the register, the year's flags in words, the terms on pay. */
export async function ethicsView(db: Db, session: CurrentSession, access: ComplianceAccess, year: number | undefined, t: Translate) {
  const thisYear = new Date().getUTCFullYear();
  const shownYear = year ?? thisYear;
  const register = await conflictsRegister(db, access.workspaceId);
  const [found, currency] = await Promise.all([yearFlags(db, session, access, shownYear, register), trustCurrency(db, access.workspaceId)]);
  const money = (minor: number) => formatMinor(minor, currency ?? "USD");
  const me = register.find((trustee) => trustee.userId === access.userId) ?? null;
  return {
    year: shownYear,
    years: [thisYear, thisYear - 1, thisYear - 2, thisYear - 3],
    currency: currency ?? "USD",
    register,
    flags: found.flags.map((flag) => ({
      ...flag,
      text: t(flag.messageKey, flagTextParams(flag.params, { money, relation: (relation) => t(relationPhraseKey(relation)) })),
    })),
    compensation: { ...found.compensation, documentId: found.compensationDocumentId },
    trustValueMinor: found.trustValueMinor,
    attestation: me ? { due: me.attestationDue, last: me.lastAttestation, statement: t("ethics.attest.statement", { name: me.name }) } : null,
  };
}

/** The page adds what its forms offer: documents that can prove a basis or a resolution. */
export async function ethicalCompliancePage(db: Db, session: CurrentSession, access: ComplianceAccess, year: number | undefined, t: Translate) {
  const [view, evidence] = await Promise.all([ethicsView(db, session, access, year, t), access.manage ? evidenceChoices(db, session) : []]);
  return { ...view, evidence, access: { manage: access.manage, userId: access.userId } };
}
