import { DEMO } from "~/modules/workspaces/demo-family";
import type { SeedStep } from "~/platform/module-manifest";
import { analyzeOffline } from "./analysis/offline";
import { workspaceToken } from "./search";

/** Three of the family's instruments, stored, read and analysed as an upload would be (offline engine). */
export const DEMO_DOCUMENTS = [
  {
    id: "c3a6e4f2-0001-4c6e-8d2a-5b7e9f100001",
    file: "hartwell-family-trust.txt",
    title: "The Hartwell Family Revocable Living Trust",
    daysAgo: 6,
    versionId: "d4b7f5a3-0001-4c6e-8d2a-5b7e9f100001",
  },
  {
    id: "c3a6e4f2-0002-4c6e-8d2a-5b7e9f100002",
    file: "okafor-durable-power-of-attorney.txt",
    title: "Durable power of attorney (Okafor)",
    daysAgo: 2,
    versionId: "d4b7f5a3-0002-4c6e-8d2a-5b7e9f100002",
  },
  // The amendment disagrees with the trust (successor trustee, beneficiaries, notice deadline): /legal-intelligence shows it.
  {
    id: "c3a6e4f2-0003-4c6e-8d2a-5b7e9f100003",
    file: "hartwell-trust-first-amendment.txt",
    title: "First Amendment to the Hartwell Family Trust",
    daysAgo: 4,
    versionId: "d4b7f5a3-0003-4c6e-8d2a-5b7e9f100003",
  },
] as const;

// The family's lawyer may edit all three; Sophie, a beneficiary, may read the trust. Others see them only if shared.
const DEMO_SHARES = [
  { documentId: DEMO_DOCUMENTS[0].id, userId: DEMO.lawyer.id, permission: "edit" },
  { documentId: DEMO_DOCUMENTS[1].id, userId: DEMO.lawyer.id, permission: "edit" },
  { documentId: DEMO_DOCUMENTS[0].id, userId: DEMO.beneficiary.id, permission: "view" },
  { documentId: DEMO_DOCUMENTS[2].id, userId: DEMO.lawyer.id, permission: "edit" },
] as const;

const CONTENT_TYPE = "text/plain; charset=utf-8";

export const seed: SeedStep = async ({ workspaceId, now, sql: q, readFixture }) => {
  const statements: string[] = [];
  const objects: { key: string; fixture: string; contentType: string }[] = [];
  for (const doc of DEMO_DOCUMENTS) {
    const fixture = `documents/${doc.file}`;
    const bytes = readFixture(fixture);
    const text = new TextDecoder().decode(bytes);
    const sha256 = await hexDigest(bytes);
    const analysis = analyzeOffline(text, { title: doc.title, fileName: doc.file });
    const key = `ws/${workspaceId}/documents/${doc.id}/seed.txt`;
    const at = now - doc.daysAgo * 86400000;
    objects.push({ key, fixture, contentType: CONTENT_TYPE });
    statements.push(
      `INSERT INTO documents (id, workspace_id, title, type, status, file_name, mime_type, size_bytes, storage_key, uploaded_by, created_at, updated_at, sha256, analysis_attempts)
       VALUES (${q(doc.id)}, ${q(workspaceId)}, ${q(doc.title)}, ${q(analysis.documentType)}, 'completed', ${q(doc.file)}, ${q(CONTENT_TYPE)}, ${bytes.length}, ${q(key)}, ${q(DEMO.owner.id)}, ${at}, ${at}, ${q(sha256)}, 1)
       ON CONFLICT(id) DO NOTHING;`,
      `INSERT INTO document_texts (document_id, workspace_id, source, content, char_count, extracted_at)
       VALUES (${q(doc.id)}, ${q(workspaceId)}, 'text', ${q(text)}, ${text.length}, ${at})
       ON CONFLICT(document_id) DO NOTHING;`,
      `INSERT INTO document_analyses (document_id, workspace_id, engine, model, result, created_at)
       VALUES (${q(doc.id)}, ${q(workspaceId)}, 'offline', NULL, ${q(JSON.stringify(analysis))}, ${at})
       ON CONFLICT(document_id) DO UPDATE SET result = excluded.result;`,
      // Version 1 of each, as an upload records it (ON CONFLICT DO NOTHING also covers a version 1
      // that migration 0004 gave a document seeded before versions existed).
      `INSERT INTO document_versions (id, document_id, workspace_id, number, file_name, mime_type, size_bytes, sha256, storage_key, note, source, restored_from, created_by, created_at)
       VALUES (${q(doc.versionId)}, ${q(doc.id)}, ${q(workspaceId)}, 1, ${q(doc.file)}, ${q(CONTENT_TYPE)}, ${bytes.length}, ${q(sha256)}, ${q(key)}, NULL, 'upload', NULL, ${q(DEMO.owner.id)}, ${at})
       ON CONFLICT DO NOTHING;`,
      `UPDATE documents SET current_version_id = (SELECT id FROM document_versions WHERE document_id = ${q(doc.id)} AND number = 1) WHERE id = ${q(doc.id)} AND current_version_id IS NULL;`,
      `INSERT INTO document_version_texts (version_id, document_id, workspace_id, source, content, char_count)
       SELECT id, document_id, workspace_id, 'text', ${q(text)}, ${text.length} FROM document_versions WHERE document_id = ${q(doc.id)} AND number = 1
       ON CONFLICT DO NOTHING;`,
      // The search row, as saveDocumentText (service.server.ts) writes it.
      `UPDATE documents SET search_rowid = coalesce(search_rowid, (SELECT coalesce(max(search_rowid), 0) + 1 FROM documents)) WHERE id = ${q(doc.id)};`,
      `DELETE FROM documents_fts WHERE rowid = (SELECT search_rowid FROM documents WHERE id = ${q(doc.id)});`,
      `INSERT INTO documents_fts (rowid, document_id, workspace_id, scope, title, body)
       VALUES ((SELECT search_rowid FROM documents WHERE id = ${q(doc.id)}), ${q(doc.id)}, ${q(workspaceId)}, ${q(workspaceToken(workspaceId))}, ${q(doc.title)}, ${q(text)});`,
    );
  }
  for (const share of DEMO_SHARES) {
    statements.push(
      `INSERT INTO document_shares (document_id, user_id, workspace_id, permission, granted_by, created_at, updated_at)
       VALUES (${q(share.documentId)}, ${q(share.userId)}, ${q(workspaceId)}, ${q(share.permission)}, ${q(DEMO.owner.id)}, ${now}, ${now})
       ON CONFLICT(document_id, user_id) DO NOTHING;`,
    );
  }
  return { statements, objects, summary: `${DEMO_DOCUMENTS.length} analysed documents` };
};

async function hexDigest(bytes: Uint8Array): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", bytes as Uint8Array<ArrayBuffer>);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}
