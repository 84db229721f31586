import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { canonicalJson, type ChainedEntry, entryHash, GENESIS_HASH, type StoredEntry, verifyEntries } from "./chain";

const entry = (seq: number, extra: Partial<ChainedEntry> = {}): ChainedEntry => ({
  id: `e${seq}`,
  seq,
  workspaceId: "w1",
  actorUserId: "u1",
  action: "document.viewed",
  targetType: "document",
  targetId: "d1",
  outcome: "success",
  ip: "127.0.0.1",
  userAgent: "test",
  metadata: JSON.stringify({ title: "Trust — «amended»" }),
  createdAt: 1_700_000_000_000 + seq,
  ...extra,
});

async function chainOf(count: number): Promise<StoredEntry[]> {
  const out: StoredEntry[] = [];
  let prev = GENESIS_HASH;
  for (let seq = 1; seq <= count; seq++) {
    const e = entry(seq);
    const hash = await entryHash(prev, e);
    out.push({ ...e, prevHash: prev, hash });
    prev = hash;
  }
  return out;
}

describe("the audit chain", () => {
  it("hashes the previous hash and the entry's canonical JSON, whatever the key order", async () => {
    const e = entry(1);
    const reordered = Object.fromEntries(Object.entries(e).reverse()) as unknown as ChainedEntry;
    expect(canonicalJson(reordered)).toBe(canonicalJson(e));
    expect(canonicalJson(e).startsWith('{"action":"document.viewed","actorUserId":"u1","createdAt":1700000000001,')).toBe(true);
    // The same as a third party's SHA-256 of the two texts joined.
    const expected = createHash("sha256")
      .update(GENESIS_HASH + canonicalJson(e))
      .digest("hex");
    expect(await entryHash(GENESIS_HASH, e)).toBe(expected);
  });

  it("verifies an intact chain and names the first altered, relinked or missing entry", async () => {
    const chain = await chainOf(6);
    const start = { seq: 0, hash: GENESIS_HASH };
    expect(await verifyEntries(start, chain)).toEqual({ position: { seq: 6, hash: chain[5]!.hash }, broken: null });

    const altered = chain.map((e) => (e.seq === 4 ? { ...e, metadata: JSON.stringify({ title: "changed" }) } : e));
    expect((await verifyEntries(start, altered)).broken).toMatchObject({ seq: 4, id: "e4", reason: "hash" });

    // Rewriting the altered entry's hash too moves the break to the next link.
    const rehashed = await Promise.all(altered.map(async (e) => (e.seq === 4 ? { ...e, hash: await entryHash(e.prevHash!, e) } : e)));
    expect((await verifyEntries(start, rehashed)).broken).toMatchObject({ seq: 5, reason: "link" });

    const deleted = chain.filter((e) => e.seq !== 3);
    expect((await verifyEntries(start, deleted)).broken).toMatchObject({ seq: 3, id: null, reason: "missing" });
  });

  it("resumes from a position in the middle", async () => {
    const chain = await chainOf(5);
    const { broken, position } = await verifyEntries({ seq: 2, hash: chain[1]!.hash! }, chain.slice(2));
    expect(broken).toBeNull();
    expect(position.seq).toBe(5);
  });
});

describe("the compliance bench's copy of the hashing (scripts/bench-compliance-data.mjs)", () => {
  it("seals entries that this chain verifies, so the bench measures a chain the app accepts", async () => {
    const bench = await import("../../../scripts/bench-compliance-data.mjs");
    const entries = [...bench.sealedAuditEntries({ workspaceId: "w1", count: 25, startMs: 1_700_000_000_000, endMs: 1_700_000_100_000 })] as StoredEntry[];
    expect(await verifyEntries({ seq: 0, hash: GENESIS_HASH }, entries)).toEqual({ position: { seq: 25, hash: entries[24]!.hash }, broken: null });
    expect(bench.canonicalJson(entry(3))).toBe(canonicalJson(entry(3)));
  });
});
