// Seeds the demo workspace "The Hartwell Family Trust" into local D1. Safe to run any number of times:
// fixed ids, INSERT … ON CONFLICT, and the demo passwords re-hashed with the current pepper.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { hashPassword } from "../app/modules/auth/password.server";
import { analyzeOffline } from "../app/modules/documents/analysis/offline";
import { workspaceToken } from "../app/modules/documents/search";
import { DEMO, offlineEnv, readDevVar } from "./lib.mjs";

const persistIndex = process.argv.indexOf("--persist-to");
const persistTo = persistIndex > 0 ? process.argv[persistIndex + 1] : undefined;
const pepper = process.env.PASSWORD_PEPPER ?? readDevVar("PASSWORD_PEPPER");
if (!pepper) throw new Error("PASSWORD_PEPPER is missing from .dev.vars");

const WORKSPACE_ID = "8f0c2a64-6c1e-4d4e-9a51-3f1b2c7d9e01";
const members = [
  { id: "a1f4c2e0-0001-4c6e-8d2a-5b7e9f100001", name: "Eleanor Hartwell", username: "eleanor", email: DEMO.email, role: "owner", phone: "+1 415 555 0101" },
  { id: "a1f4c2e0-0002-4c6e-8d2a-5b7e9f100002", name: "James Hartwell", username: "james", email: "james@hartwell.example", role: "co_trustee", phone: "+1 415 555 0102" },
  { id: "a1f4c2e0-0003-4c6e-8d2a-5b7e9f100003", name: "Sophie Hartwell", username: "sophie", email: "sophie@hartwell.example", role: "beneficiary", phone: null },
  { id: "a1f4c2e0-0004-4c6e-8d2a-5b7e9f100004", name: "Margaret Chen", username: "mchen_law", email: "margaret.chen@chenlaw.example", role: "legal_professional", phone: "+1 415 555 0199" },
  { id: "a1f4c2e0-0005-4c6e-8d2a-5b7e9f100005", name: "Daniel Hartwell", username: "daniel", email: "daniel@hartwell.example", role: "family_member", phone: null },
];

const q = (v: string | number | null) => (v === null ? "NULL" : typeof v === "number" ? String(v) : `'${v.replace(/'/g, "''")}'`);
const now = Date.now();
const statements: string[] = [
  `INSERT INTO workspaces (id, name, jurisdiction, plan, trial_ends_at, created_by, created_at)
   VALUES (${q(WORKSPACE_ID)}, 'The Hartwell Family Trust', 'California, USA', 'trial', ${now + 30 * 86400000}, NULL, ${now})
   ON CONFLICT(id) DO NOTHING;`,
];
for (const [index, m] of members.entries()) {
  const [first, ...rest] = m.name.split(" ");
  const hash = await hashPassword(DEMO.password, pepper);
  statements.push(
    `INSERT INTO users (id, email, username, name, first_name, last_name, phone, profile_image_url, password_hash, email_verified_at, created_at, updated_at)
     VALUES (${q(m.id)}, ${q(m.email)}, ${q(m.username)}, ${q(m.name)}, ${q(first)}, ${q(rest.join(" "))}, ${q(m.phone)}, NULL, ${q(hash)}, ${now}, ${now}, ${now})
     ON CONFLICT(id) DO UPDATE SET password_hash = excluded.password_hash;`,
    `INSERT INTO memberships (id, workspace_id, user_id, role, created_at)
     VALUES (${q(m.id.replace("a1f4c2e0", "b2e5d3f1"))}, ${q(WORKSPACE_ID)}, ${q(m.id)}, ${q(m.role)}, ${now + index})
     ON CONFLICT(workspace_id, user_id) DO NOTHING;`,
  );
}
statements.push(`UPDATE workspaces SET created_by = ${q(members[0].id)} WHERE id = ${q(WORKSPACE_ID)};`);
// Beneficial interests, which weigh weighted votes: James and Daniel 40% each, Sophie 20%.
for (const [index, share] of [[1, 4000], [4, 4000], [2, 2000]] as const) {
  statements.push(`UPDATE memberships SET beneficial_share_bp = ${share} WHERE workspace_id = ${q(WORKSPACE_ID)} AND user_id = ${q(members[index].id)} AND beneficial_share_bp IS NULL;`);
}

// Three of the family's instruments, stored, read and analysed as an upload would be (offline engine).
const demoDocuments = [
  { id: "c3a6e4f2-0001-4c6e-8d2a-5b7e9f100001", file: "hartwell-family-trust.txt", title: "The Hartwell Family Revocable Living Trust", daysAgo: 6, versionId: "d4b7f5a3-0001-4c6e-8d2a-5b7e9f100001" },
  { id: "c3a6e4f2-0002-4c6e-8d2a-5b7e9f100002", file: "okafor-durable-power-of-attorney.txt", title: "Durable power of attorney (Okafor)", daysAgo: 2, versionId: "d4b7f5a3-0002-4c6e-8d2a-5b7e9f100002" },
  // The amendment disagrees with the trust (successor trustee, beneficiaries, notice deadline): /legal-intelligence shows it.
  { id: "c3a6e4f2-0003-4c6e-8d2a-5b7e9f100003", file: "hartwell-trust-first-amendment.txt", title: "First Amendment to the Hartwell Family Trust", daysAgo: 4, versionId: "d4b7f5a3-0003-4c6e-8d2a-5b7e9f100003" },
];
const objects: { key: string; path: string }[] = [];
// The family's lawyer may edit all three; Sophie, a beneficiary, may read the trust. Others see them only if shared.
const demoShares = [
  { documentId: demoDocuments[0].id, userId: members[3].id, permission: "edit" },
  { documentId: demoDocuments[1].id, userId: members[3].id, permission: "edit" },
  { documentId: demoDocuments[0].id, userId: members[2].id, permission: "view" },
  { documentId: demoDocuments[2].id, userId: members[3].id, permission: "edit" },
];
for (const doc of demoDocuments) {
  const path = new URL(`../tests/fixtures/documents/${doc.file}`, import.meta.url).pathname;
  const bytes = readFileSync(path);
  const text = bytes.toString("utf8");
  const analysis = analyzeOffline(text, { title: doc.title, fileName: doc.file });
  const key = `ws/${WORKSPACE_ID}/documents/${doc.id}/seed.txt`;
  const at = now - doc.daysAgo * 86400000;
  objects.push({ key, path });
  statements.push(
    `INSERT INTO documents (id, workspace_id, title, type, status, file_name, mime_type, size_bytes, storage_key, uploaded_by, created_at, updated_at, sha256, analysis_attempts)
     VALUES (${q(doc.id)}, ${q(WORKSPACE_ID)}, ${q(doc.title)}, ${q(analysis.documentType)}, 'completed', ${q(doc.file)}, 'text/plain; charset=utf-8', ${bytes.length}, ${q(key)}, ${q(members[0].id)}, ${at}, ${at}, ${q(createHash("sha256").update(bytes).digest("hex"))}, 1)
     ON CONFLICT(id) DO NOTHING;`,
    `INSERT INTO document_texts (document_id, workspace_id, source, content, char_count, extracted_at)
     VALUES (${q(doc.id)}, ${q(WORKSPACE_ID)}, 'text', ${q(text)}, ${text.length}, ${at})
     ON CONFLICT(document_id) DO NOTHING;`,
    `INSERT INTO document_analyses (document_id, workspace_id, engine, model, result, created_at)
     VALUES (${q(doc.id)}, ${q(WORKSPACE_ID)}, 'offline', NULL, ${q(JSON.stringify(analysis))}, ${at})
     ON CONFLICT(document_id) DO UPDATE SET result = excluded.result;`,
    // Version 1 of each, as an upload records it (ON CONFLICT DO NOTHING also covers a version 1
    // that migration 0004 gave a document seeded before versions existed).
    `INSERT INTO document_versions (id, document_id, workspace_id, number, file_name, mime_type, size_bytes, sha256, storage_key, note, source, restored_from, created_by, created_at)
     VALUES (${q(doc.versionId)}, ${q(doc.id)}, ${q(WORKSPACE_ID)}, 1, ${q(doc.file)}, 'text/plain; charset=utf-8', ${bytes.length}, ${q(createHash("sha256").update(bytes).digest("hex"))}, ${q(key)}, NULL, 'upload', NULL, ${q(members[0].id)}, ${at})
     ON CONFLICT DO NOTHING;`,
    `UPDATE documents SET current_version_id = (SELECT id FROM document_versions WHERE document_id = ${q(doc.id)} AND number = 1) WHERE id = ${q(doc.id)} AND current_version_id IS NULL;`,
    `INSERT INTO document_version_texts (version_id, document_id, workspace_id, source, content, char_count)
     SELECT id, document_id, workspace_id, 'text', ${q(text)}, ${text.length} FROM document_versions WHERE document_id = ${q(doc.id)} AND number = 1
     ON CONFLICT DO NOTHING;`,
    // The search row, as saveDocumentText (app/modules/documents/service.server.ts) writes it.
    `UPDATE documents SET search_rowid = coalesce(search_rowid, (SELECT coalesce(max(search_rowid), 0) + 1 FROM documents)) WHERE id = ${q(doc.id)};`,
    `DELETE FROM documents_fts WHERE rowid = (SELECT search_rowid FROM documents WHERE id = ${q(doc.id)});`,
    `INSERT INTO documents_fts (rowid, document_id, workspace_id, scope, title, body)
     VALUES ((SELECT search_rowid FROM documents WHERE id = ${q(doc.id)}), ${q(doc.id)}, ${q(WORKSPACE_ID)}, ${q(workspaceToken(WORKSPACE_ID))}, ${q(doc.title)}, ${q(text)});`,
  );
}

for (const share of demoShares) {
  statements.push(
    `INSERT INTO document_shares (document_id, user_id, workspace_id, permission, granted_by, created_at, updated_at)
     VALUES (${q(share.documentId)}, ${q(share.userId)}, ${q(WORKSPACE_ID)}, ${q(share.permission)}, ${q(members[0].id)}, ${now}, ${now})
     ON CONFLICT(document_id, user_id) DO NOTHING;`,
  );
}

// Team chat: General with two topics, a private trustees' channel, and Grandma Rose taking part by SMS.
const GENERAL_ID = "e5c8a6b4-0001-4c6e-8d2a-5b7e9f100001";
const TRUSTEES_ID = "e5c8a6b4-0002-4c6e-8d2a-5b7e9f100002";
const ROOF_TOPIC = "f6d9b7c5-0001-4c6e-8d2a-5b7e9f100001";
const TAX_TOPIC = "f6d9b7c5-0002-4c6e-8d2a-5b7e9f100002";
const SUCCESSION_TOPIC = "f6d9b7c5-0003-4c6e-8d2a-5b7e9f100003";
statements.push(
  `INSERT INTO channels (id, workspace_id, name, name_key, description, kind, is_default, created_by, created_at, last_message_at)
   VALUES (${q(GENERAL_ID)}, ${q(WORKSPACE_ID)}, 'General', 'general', 'Everything about the trust, for the whole family.', 'open', 1, NULL, ${now - 7 * 86400000}, ${now - 3600000}),
          (${q(TRUSTEES_ID)}, ${q(WORKSPACE_ID)}, 'Trustees', 'trustees', 'Trustee decisions and counsel.', 'private', 0, ${q(members[0].id)}, ${now - 7 * 86400000}, ${now - 7200000})
   ON CONFLICT(id) DO NOTHING;`,
  `INSERT INTO channel_members (channel_id, user_id, workspace_id, joined_at, last_read_seq)
   VALUES (${q(TRUSTEES_ID)}, ${q(members[0].id)}, ${q(WORKSPACE_ID)}, ${now}, 0), (${q(TRUSTEES_ID)}, ${q(members[1].id)}, ${q(WORKSPACE_ID)}, ${now}, 0), (${q(TRUSTEES_ID)}, ${q(members[3].id)}, ${q(WORKSPACE_ID)}, ${now}, 0)
   ON CONFLICT(channel_id, user_id) DO NOTHING;`,
  `INSERT INTO chat_topics (id, workspace_id, channel_id, name, name_key, purpose, created_by, created_at, last_activity_at)
   VALUES (${q(ROOF_TOPIC)}, ${q(WORKSPACE_ID)}, ${q(GENERAL_ID)}, 'Cedar Crest roof repair', 'cedar crest roof repair', 'Cedar Crest roof repair', ${q(members[0].id)}, ${now - 3 * 86400000}, ${now - 3600000}),
          (${q(TAX_TOPIC)}, ${q(WORKSPACE_ID)}, ${q(GENERAL_ID)}, '2026 tax filing', '2026 tax filing', '2026 tax filing', ${q(members[1].id)}, ${now - 2 * 86400000}, ${now - 5 * 3600000}),
          (${q(SUCCESSION_TOPIC)}, ${q(WORKSPACE_ID)}, ${q(TRUSTEES_ID)}, 'Successor trustee', 'successor trustee', NULL, ${q(members[0].id)}, ${now - 86400000}, ${now - 7200000})
   ON CONFLICT(id) DO NOTHING;`,
  `INSERT INTO topic_follows (topic_id, user_id, workspace_id, mode, updated_at)
   VALUES (${q(ROOF_TOPIC)}, ${q(members[0].id)}, ${q(WORKSPACE_ID)}, 'follow', ${now}), (${q(TAX_TOPIC)}, ${q(members[1].id)}, ${q(WORKSPACE_ID)}, 'follow', ${now})
   ON CONFLICT(topic_id, user_id) DO NOTHING;`,
  `INSERT INTO sms_participants (id, workspace_id, topic_id, phone, display_name, reply_code, added_by, created_at, last_outbound_at)
   VALUES ('a7e0c8d6-0001-4c6e-8d2a-5b7e9f100001', ${q(WORKSPACE_ID)}, ${q(ROOF_TOPIC)}, '+14155550123', 'Grandma Rose', 'R7K', ${q(members[0].id)}, ${now - 3 * 86400000}, NULL)
   ON CONFLICT(id) DO NOTHING;`,
);
const chat: [string, string, string, number, string][] = [
  [GENERAL_ID, ROOF_TOPIC, members[0].id, 72, "The inspector's report on **Cedar Crest** is in: the north slope needs replacing before the rains."],
  [GENERAL_ID, ROOF_TOPIC, members[1].id, 70, "I'll get three quotes. Budget from the trust's maintenance reserve:\n- tear-off and underlayment\n- gutters\n- permit"],
  [GENERAL_ID, TAX_TOPIC, members[1].id, 48, "The 2026 fiduciary return (Form 1041) is due April 15. @**Margaret Chen** can you confirm the K-1s?"],
  [GENERAL_ID, TAX_TOPIC, members[3].id, 46, `Yes: I'll prepare the K-1s once the brokerage statements arrive. The trust instrument is here: /documents/${demoDocuments[0].id}`],
  [GENERAL_ID, ROOF_TOPIC, members[2].id, 1, "Thanks for handling this. Will the repair affect this year's distribution?"],
  [TRUSTEES_ID, SUCCESSION_TOPIC, members[0].id, 2, "Margaret, please review section 4 on successor trustees before our meeting."],
];
const seqs = new Map<string, number>();
for (const [index, [channelId, topicId, authorId, hoursAgo, body]] of chat.entries()) {
  const seq = (seqs.get(channelId) ?? 0) + 1;
  seqs.set(channelId, seq);
  statements.push(
    `INSERT INTO chat_messages (id, workspace_id, channel_id, topic_id, seq, author_id, body, mentions, created_at)
     VALUES (${q(`b8f1d9e7-${String(index + 1).padStart(4, "0")}-4c6e-8d2a-5b7e9f100001`)}, ${q(WORKSPACE_ID)}, ${q(channelId)}, ${q(topicId)}, ${seq}, ${q(authorId)}, ${q(body)}, ${q(body.includes("@**Margaret Chen**") ? JSON.stringify([members[3].id]) : "[]")}, ${now - hoursAgo * 3600000})
     ON CONFLICT(id) DO NOTHING;`,
  );
}

const dir = mkdtempSync(join(tmpdir(), "seed-"));
const file = join(dir, "seed.sql");
writeFileSync(file, statements.join("\n"));
const result = spawnSync(
  "node_modules/.bin/wrangler",
  ["d1", "execute", "DB", "--local", "--file", file, ...(persistTo ? ["--persist-to", persistTo] : [])],
  { stdio: ["ignore", "ignore", "inherit"], env: offlineEnv },
);
rmSync(dir, { recursive: true, force: true });
if (result.status !== 0) process.exit(result.status ?? 1);
for (const object of objects) {
  const put = spawnSync(
    "node_modules/.bin/wrangler",
    ["r2", "object", "put", `trust-platform-files/${object.key}`, "--file", object.path, "--content-type", "text/plain; charset=utf-8", "--local", ...(persistTo ? ["--persist-to", persistTo] : [])],
    { stdio: ["ignore", "ignore", "inherit"], env: offlineEnv },
  );
  if (put.status !== 0) process.exit(put.status ?? 1);
}
console.log(`Seeded "The Hartwell Family Trust" with ${members.length} members, ${demoDocuments.length} analysed documents and ${chat.length} chat messages.`);
