// The compliance bench's data, pure so that it can be checked without a server: a sealed audit chain hashed exactly
// as app/modules/audit/chain.ts hashes it, compliance duties over four years, and multi-row INSERTs under D1's limit.
import { createHash, randomUUID } from "node:crypto";

/** D1 refuses a statement over 100 KB: rows are packed into INSERTs below this. */
export const STATEMENT_BYTES = 90_000;
const DAY = 86_400_000;
const HOUR = 3_600_000;
// The demo owner (app/modules/workspaces/demo-family.ts) owns the bench's workspaces; the others act in the log.
export const OWNER = "a1f4c2e0-0001-4c6e-8d2a-5b7e9f100001";
export const ACTORS = [OWNER, "a1f4c2e0-0002-4c6e-8d2a-5b7e9f100002", "a1f4c2e0-0003-4c6e-8d2a-5b7e9f100003", "a1f4c2e0-0004-4c6e-8d2a-5b7e9f100004"];

export const q = (v) => (v === null || v === undefined ? "NULL" : typeof v === "number" ? String(v) : `'${String(v).replace(/'/g, "''")}'`);
export const isoDay = (ms) => new Date(ms).toISOString().slice(0, 10);

// ---- The audit chain, exactly as app/modules/audit/chain.ts computes it ------------------------------------------

export const GENESIS_HASH = "0".repeat(64);
/** chain.ts CHAINED_FIELDS: the keys of the canonical JSON, in this order. */
export const CHAINED_FIELDS = [
  "action",
  "actorUserId",
  "createdAt",
  "id",
  "ip",
  "metadata",
  "outcome",
  "seq",
  "targetId",
  "targetType",
  "userAgent",
  "workspaceId",
];
export const canonicalJson = (entry) => `{${CHAINED_FIELDS.map((key) => `${JSON.stringify(key)}:${JSON.stringify(entry[key] ?? null)}`).join(",")}}`;
/** SHA-256 of the previous hash and the canonical JSON (UTF-8), lowercase hex. */
export const entryHash = (prevHash, entry) =>
  createHash("sha256")
    .update(prevHash + canonicalJson(entry))
    .digest("hex");

const AUDIT_KINDS = [
  { action: "document.viewed", targetType: "document", metadata: null },
  { action: "document.upload", targetType: "document", metadata: (i) => ({ fileType: "pdf", bytes: 20_000 + (i % 90_000) }) },
  { action: "auth.login", targetType: null, metadata: (i) => ({ remember: i % 2 === 0 }) },
  { action: "compliance.item_done", targetType: "compliance_item", metadata: (i) => ({ evidence: i % 3 ? "note" : "document" }) },
  { action: "workspace.switch", targetType: "workspace", metadata: null },
  { action: "tax.profile_saved", targetType: "tax_profile", metadata: (i) => ({ fields: i % 2 ? "ein" : "taxYearEndMonth" }) },
];
const USER_AGENTS = [
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 Safari/605.1.15",
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/131.0",
];

/**
 * `count` entries of one workspace's chain, already sealed, continuing it at `from`: each numbered, linked to the
 * previous hash and hashed, spread evenly in time from `startMs` to `endMs` (ms, as created_at stores them).
 */
export function* sealedAuditEntries({ workspaceId, count, startMs, endMs, from = { seq: 0, hash: GENESIS_HASH }, actors = ACTORS }) {
  const targets = Array.from({ length: 64 }, () => randomUUID());
  const step = (endMs - startMs) / count;
  let prevHash = from.hash;
  for (let i = 0; i < count; i++) {
    const kind = AUDIT_KINDS[i % AUDIT_KINDS.length];
    const entry = {
      id: randomUUID(),
      seq: from.seq + i + 1,
      workspaceId,
      actorUserId: actors[i % actors.length],
      action: kind.action,
      targetType: kind.targetType,
      targetId: kind.targetType ? targets[i % targets.length] : null,
      outcome: i % 97 === 0 ? "failure" : "success",
      ip: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
      userAgent: i % 5 === 0 ? null : USER_AGENTS[i % 2],
      metadata: kind.metadata ? JSON.stringify(kind.metadata(i)) : null,
      createdAt: startMs + Math.floor(i * step),
    };
    const hash = entryHash(prevHash, entry);
    yield { ...entry, prevHash, hash };
    prevHash = hash;
  }
}

export const AUDIT_COLUMNS =
  "id, workspace_id, actor_user_id, action, target_type, target_id, outcome, ip, user_agent, metadata, created_at, seq, prev_hash, hash";
export const auditRowSql = (e) =>
  `(${[e.id, e.workspaceId, e.actorUserId, e.action, e.targetType, e.targetId, e.outcome, e.ip, e.userAgent, e.metadata, e.createdAt, e.seq, e.prevHash, e.hash].map(q).join(", ")})`;

/** Multi-row INSERTs, each under D1's statement size. */
export function insertStatements(table, columns, rows, maxBytes = STATEMENT_BYTES) {
  const head = `INSERT INTO ${table} (${columns}) VALUES\n`;
  const statements = [];
  let batch = [];
  let bytes = head.length;
  for (const row of rows) {
    const size = Buffer.byteLength(row) + 2;
    if (batch.length > 0 && bytes + size > maxBytes) {
      statements.push(`${head}${batch.join(",\n")};`);
      batch = [];
      bytes = head.length;
    }
    batch.push(row);
    bytes += size;
  }
  if (batch.length > 0) statements.push(`${head}${batch.join(",\n")};`);
  return statements;
}

// ---- Compliance duties ------------------------------------------------------------------------------------------

// Real rules' keys (rules/packs/*.json), so the pages translate titles as they do for computed items.
const STATUTE = [
  ["ca-16062-annual", "CA", "Send the yearly account to the beneficiaries", "Cal. Prob. Code §16062(a)", "high"],
  ["ca-16061.7-irrevocable", "CA", "Tell the beneficiaries and heirs that the trust can no longer be changed", "Cal. Prob. Code §16061.7(a)(1), (f)", "high"],
  ["fl-736.0813-1d-annual", "FL", "Send the yearly trust accounting", "Fla. Stat. §736.0813(1)(d); §736.08135", "high"],
  ["gb-trs-update", "GB-EWS", "Update the trust's details with HMRC", "SI 2017/692, reg. 45; HMRC TRSM40010", "medium"],
  ["us-6903-form-56", "US", "Tell the IRS you are acting as trustee (Form 56)", "26 U.S.C. §6903; Treas. Reg. §301.6903-1", "low"],
];
const CLAUSE =
  "The trustee shall file all fiduciary income tax returns, including IRS Form 1041 and California Form 541, on or before April 15 of each year, and shall furnish a Schedule K-1 to each beneficiary.";
/** The clause's duty as the analysis words it (app/modules/documents/analysis/duties.ts). */
const CLAUSE_DUTY =
  "File all fiduciary income tax returns, including IRS Form 1041 and California Form 541, on or before April 15 of each year, and furnish a Schedule K-1 to each beneficiary";
const SEVERITIES = ["high", "medium", "low"];
export const ITEM_COLUMNS =
  "id, workspace_id, title, description, responsible_party, citation, due_at, completed_at, document_id, created_by, created_at, key, source, jurisdiction, rule_id, citation_url, statutory_due_on, severity, title_key, title_params, source_text, also_citations, reminder_lead_days, completed_by, evidence, withdrawn_at";

/**
 * `count` duties due from two years back to two years ahead of `now`: statute, instrument and manual ones; of those
 * past due, most done on time, some late and one in five still open (overdue); a few future ones done early. Keys
 * are NULL (as for duties added by hand), so a recomputation never withdraws them. Returns the rows and what the
 * score must then say.
 */
export function complianceItemRows({ workspaceId, count, now }) {
  const today = Date.parse(`${isoDay(now)}T00:00:00Z`);
  const expected = { total: count, due: 0, overdue: 0, done: 0 };
  const rows = [];
  for (let i = 0; i < count; i++) {
    const dueAt = today + (-730 + Math.floor((i * 1461) / count)) * DAY;
    const r = i % 10;
    let completedAt = null;
    if (dueAt < today) completedAt = r < 6 ? dueAt - (i % 5) * DAY + 15 * HOUR : r < 8 ? Math.min(dueAt + (1 + (i % 9)) * DAY + 10 * HOUR, now - HOUR) : null;
    else if (r === 0) completedAt = now - (1 + (i % 20)) * HOUR;
    if (dueAt <= today) expected.due += 1;
    if (dueAt <= today && completedAt === null) expected.overdue += 1;
    if (completedAt !== null) expected.done += 1;
    const kind = i % 4 === 1 ? "instrument" : i % 4 === 3 ? "manual" : "statute";
    const [ruleId, jurisdiction, ruleTitle, citation, ruleSeverity] = STATUTE[i % STATUTE.length];
    const item = {
      title:
        kind === "statute" ? ruleTitle : kind === "instrument" ? CLAUSE_DUTY : `Review the Bayview Securities statement (${1 + (i % 12)}/${2024 + (i % 4)})`,
      responsible: kind === "manual" ? "Eleanor Hartwell" : "Trustee",
      citation: kind === "statute" ? citation : kind === "instrument" ? "Article Five, Section 5.4" : null,
      severity: kind === "statute" ? ruleSeverity : SEVERITIES[i % 3],
    };
    const evidence = completedAt !== null && i % 3 === 0 ? JSON.stringify({ note: "Sent by e-mail to each beneficiary" }) : null;
    rows.push(
      `(${[
        randomUUID(),
        workspaceId,
        item.title,
        null,
        item.responsible,
        item.citation,
        dueAt,
        completedAt,
        null,
        OWNER,
        now - 800 * DAY + i,
        null,
        kind,
        kind === "statute" ? jurisdiction : null,
        kind === "statute" ? ruleId : null,
        kind === "statute" ? `https://example.org/statutes/${ruleId}` : null,
        isoDay(dueAt),
        item.severity,
        kind === "statute" ? `rules.${ruleId}.title` : null,
        null,
        kind === "instrument" ? CLAUSE : null,
        kind === "statute" && i % 20 === 0
          ? JSON.stringify([{ jurisdiction: "NY", citation: "N.Y. SCPA §2208", sourceUrl: "https://example.org/scpa" }])
          : null,
        kind === "statute" ? "[30,7,1]" : null,
        completedAt === null ? null : OWNER,
        evidence,
        null,
      ]
        .map(q)
        .join(", ")})`,
    );
  }
  return { rows, expected };
}
