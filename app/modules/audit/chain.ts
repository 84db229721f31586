/**
 * The audit chain's arithmetic, pure so that the Worker, the tests and a third party's script (scripts/
 * verify-audit-bundle.mjs, which repeats these few lines) compute the same hashes.
 */

/** The hash before a chain's first entry. */
export const GENESIS_HASH = "0".repeat(64);

/** An audit entry as the chain covers it: every stored field except the hash itself. */
export interface ChainedEntry {
  id: string;
  seq: number;
  workspaceId: string | null;
  actorUserId: string | null;
  action: string;
  targetType: string | null;
  targetId: string | null;
  outcome: string;
  ip: string | null;
  userAgent: string | null;
  /** As stored: a JSON string or null. */
  metadata: string | null;
  /** Milliseconds since the epoch. */
  createdAt: number;
}

/** The fields the hash covers, in code-point order: the canonical JSON's keys. */
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
] as const satisfies readonly (keyof ChainedEntry)[];

/** JSON of the covered fields, keys in code-point order, no spaces: one text per entry, whatever else it carries. */
export function canonicalJson(entry: ChainedEntry): string {
  return `{${CHAINED_FIELDS.map((key) => `${JSON.stringify(key)}:${JSON.stringify(entry[key] ?? null)}`).join(",")}}`;
}

const encoder = new TextEncoder();

/** SHA-256(previous hash ‖ canonical JSON of the entry), in lowercase hex. */
export async function entryHash(prevHash: string, entry: ChainedEntry): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", encoder.encode(prevHash + canonicalJson(entry)));
  let hex = "";
  for (const byte of new Uint8Array(digest)) hex += byte.toString(16).padStart(2, "0");
  return hex;
}

export interface StoredEntry extends ChainedEntry {
  prevHash: string | null;
  hash: string | null;
}

export interface ChainPosition {
  seq: number;
  hash: string;
}

export type BreakReason = "missing" | "link" | "hash";

export interface ChainBreak {
  /** The first entry that does not verify (for a missing entry: the number that should have been there). */
  seq: number;
  id: string | null;
  createdAt: number | null;
  reason: BreakReason;
}

/**
 * Checks consecutive entries against the position before them: each must carry the next number, link to the
 * previous hash and hash to what it stores. Returns the new position, or the first break.
 */
export async function verifyEntries(from: ChainPosition, entries: readonly StoredEntry[]): Promise<{ position: ChainPosition; broken: ChainBreak | null }> {
  let position = from;
  for (const entry of entries) {
    if (entry.seq !== position.seq + 1) {
      return { position, broken: { seq: position.seq + 1, id: null, createdAt: entry.createdAt, reason: "missing" } };
    }
    const at = { seq: entry.seq, id: entry.id, createdAt: entry.createdAt };
    if (entry.prevHash !== position.hash) return { position, broken: { ...at, reason: "link" } };
    if (entry.hash !== (await entryHash(position.hash, entry))) return { position, broken: { ...at, reason: "hash" } };
    position = { seq: entry.seq, hash: entry.hash };
  }
  return { position, broken: null };
}
