// Many members at once, written straight into local D1 with a signed-in session each, for load tests
// and the bench (hashing hundreds of passwords through the sign-up would take minutes).
import { execFileSync } from "node:child_process";
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { npxBin, offlineEnv } from "./lib.mjs";

/** Returns each member's id, name and session token (the value of the `session` cookie). */
export function insertMembers(persistTo, workspaceId, count, { role = "beneficiary", tag = "Member" } = {}) {
  const now = Date.now();
  const q = (v) => `'${String(v).replace(/'/g, "''")}'`;
  const people = Array.from({ length: count }, (_, i) => ({
    id: randomUUID(),
    token: randomBytes(32).toString("base64url"),
    name: `${tag} ${i + 1} ${randomBytes(2).toString("hex")}`,
  }));
  const statements = people.flatMap((p) => [
    `INSERT INTO users (id, email, username, name, password_hash, email_verified_at, created_at, updated_at) VALUES (${q(p.id)}, ${q(`${p.id}@example.com`)}, ${q(`u${p.id.replace(/-/g, "").slice(0, 24)}`)}, ${q(p.name)}, 'x', ${now}, ${now}, ${now});`,
    `INSERT INTO memberships (id, workspace_id, user_id, role, created_at) VALUES (${q(randomUUID())}, ${q(workspaceId)}, ${q(p.id)}, ${q(role)}, ${now});`,
    `INSERT INTO sessions (id, token_hash, user_id, workspace_id, remember, created_at, last_seen_at, expires_at) VALUES (${q(randomUUID())}, ${q(createHash("sha256").update(p.token).digest("hex"))}, ${q(p.id)}, ${q(workspaceId)}, 1, ${now}, ${now}, ${now + 86_400_000});`,
  ]);
  // Hundreds of statements exceed a command line: they go through a file.
  const dir = mkdtempSync(join(tmpdir(), "members-"));
  try {
    const file = join(dir, "members.sql");
    writeFileSync(file, statements.join("\n"));
    execFileSync(npxBin("wrangler"), ["d1", "execute", "DB", "--local", "--persist-to", persistTo, "--file", file], { env: offlineEnv, stdio: "ignore" });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return people;
}
