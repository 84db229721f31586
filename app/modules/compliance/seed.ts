import { DEMO_DOCUMENTS } from "~/modules/documents/seed";
import { DEMO } from "~/modules/workspaces/demo-family";
import type { SeedStep } from "~/platform/module-manifest";
import { dutySlug } from "./instrument-duties";

const DAY = 86_400_000;
// The trust's own tax clause (Article Five, 5.4), as the analysis quotes it: its item is keyed by these words.
const TAX_CLAUSE =
  "The trustee shall file all fiduciary income tax returns, including IRS Form 1041 and California Form 541, on or before April 15 of each year, and shall furnish a Schedule K-1 to each beneficiary.";

/**
 * The Hartwell trust's administration: the trust made on March 14, 2019, and Thomas J. Hartwell's death 75 days ago,
 * which made his part of the revocable trust irrevocable and started California's 60-day notice (§16061.7): that
 * notice is now overdue. This year's April 15 returns, which the trust's own clause asks for, were filed on time with
 * the trust instrument's page as evidence; the tax calendar's estimated payments are done there. The duties
 * themselves are worked out from the documents, the events and the rule packs at the first visit or cron run.
 */
export const seed: SeedStep = ({ workspaceId: ws, now, sql: q }) => {
  const { owner, coTrustee } = DEMO;
  const death = new Date(now - 75 * DAY).toISOString().slice(0, 10);
  const year = new Date(now).getUTCFullYear();
  return {
    statements: [
      `INSERT INTO trust_events (id, workspace_id, type, occurred_on, subject, note, document_id, created_by, created_at) VALUES
        ('e7a10000-0001-4c6e-8d2a-5b7e9f100001', ${q(ws)}, 'trust_created', '2019-03-14', 'Eleanor M. Hartwell and Thomas J. Hartwell', 'Declaration of trust signed and notarised', ${q(DEMO_DOCUMENTS[0].id)}, ${q(owner.id)}, ${now - 80 * DAY}),
        ('e7a10000-0002-4c6e-8d2a-5b7e9f100002', ${q(ws)}, 'settlor_died', ${q(death)}, 'Thomas J. Hartwell', 'Death certificate received', NULL, ${q(owner.id)}, ${now - 70 * DAY})
       ON CONFLICT DO NOTHING;`,
      `INSERT INTO compliance_items (id, workspace_id, title, responsible_party, citation, due_at, completed_at, completed_by, evidence, document_id, source, key, severity, created_at)
       VALUES ('c0a10000-0001-4c6e-8d2a-5b7e9f100001', ${q(ws)}, 'File all fiduciary income tax returns, including IRS Form 1041 and California Form 541, on or before April 15 of each year, and furnish a Schedule K-1 to each beneficiary',
        'Trustee', 'Article Five, Section 5.4', ${Date.UTC(year, 3, 15)}, ${Date.UTC(year, 3, 10, 17)}, ${q(coTrustee.id)},
        ${q(JSON.stringify({ documentId: DEMO_DOCUMENTS[0].id, note: "Filed electronically with the 2025 K-1s" }))}, ${q(DEMO_DOCUMENTS[0].id)}, 'instrument',
        ${q(`instrument:${dutySlug(TAX_CLAUSE)}:${year}`)}, 'medium', ${now - 80 * DAY})
       ON CONFLICT DO NOTHING;`,
      // The conflicts register: James's interest in the roofer the trust paid in September (no authorisation on file, so
      // the payment is flagged for the visitor to settle), and Eleanor's attestation this spring (James has not attested).
      `INSERT INTO related_parties (id, workspace_id, trustee_user_id, name, relation, aliases, account_last_four, basis_kind, basis_document_id, basis_note, created_by, created_at, updated_at)
       VALUES ('e7a20000-0001-4c6e-8d2a-5b7e9f100001', ${q(ws)}, ${q(coTrustee.id)}, 'Bayview Roofing & Restoration', 'business', ${q(JSON.stringify(["Bayview Roofing"]))}, NULL, NULL, NULL, NULL,
               ${q(coTrustee.id)}, ${now - 200 * DAY}, ${now - 200 * DAY})
       ON CONFLICT DO NOTHING;`,
      `INSERT INTO conflict_attestations (id, workspace_id, trustee_user_id, statement, party_count, note, attested_at)
       VALUES ('e7a20000-0002-4c6e-8d2a-5b7e9f100002', ${q(ws)}, ${q(owner.id)},
               ${q(`I, ${owner.name}, have disclosed in this register every person and business related to me with whom the trust deals or may deal, and I will add any new one without delay.`)},
               0, NULL, ${now - 200 * DAY})
       ON CONFLICT DO NOTHING;`,
    ],
    summary: "the trust's events (its making, a settlor's death), a duty done with evidence, and the conflicts register with one flag to settle",
  };
};
