import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { type AuditBundle, type BundleEntry, canonicalBundleText, keyFingerprint, publicJwkOf, signBundle, type UnsignedBundle, verifyBundle } from "./bundle";
import { type ChainedEntry, entryHash, GENESIS_HASH } from "./chain";

const SCRIPT = join(__dirname, "../../../scripts/verify-audit-bundle.mjs");
const ECDSA_P256 = { name: "ECDSA", namedCurve: "P-256" } as const;

const entry = (seq: number): ChainedEntry => ({
  id: `e${seq}`,
  seq,
  workspaceId: "w1",
  actorUserId: seq % 2 ? "u1" : null,
  action: "document.viewed",
  targetType: "document",
  targetId: "d1",
  outcome: "success",
  ip: "127.0.0.1",
  userAgent: "test",
  metadata: JSON.stringify({ title: "Trust — «amended»", seq }),
  createdAt: 1_700_000_000_000 + seq * 1000,
});

/** Entries 1..count chained from the genesis hash, as the sealer writes them. */
async function chainOf(count: number): Promise<BundleEntry[]> {
  const out: BundleEntry[] = [];
  let prevHash = GENESIS_HASH;
  for (let seq = 1; seq <= count; seq++) {
    const hash = await entryHash(prevHash, entry(seq));
    out.push({ ...entry(seq), prevHash, hash });
    prevHash = hash;
  }
  return out;
}

async function newKey() {
  const pair = (await crypto.subtle.generateKey(ECDSA_P256, true, ["sign", "verify"])) as CryptoKeyPair;
  const publicJwk = publicJwkOf((await crypto.subtle.exportKey("jwk", pair.publicKey)) as JsonWebKey);
  return { privateKey: pair.privateKey, publicJwk, keyId: await keyFingerprint(publicJwk) };
}

type Key = Awaited<ReturnType<typeof newKey>>;

/** A period's bundle: entries `from`..`to` of a chain of `total`, its head the chain's last entry. */
async function bundleOf(key: Key, { total = 8, from = 1, to = total }: { total?: number; from?: number; to?: number } = {}): Promise<AuditBundle> {
  const chain = await chainOf(total);
  const last = chain[total - 1]!;
  const unsigned: UnsignedBundle = {
    format: "trust-audit-bundle",
    version: 1,
    workspaceId: "w1",
    workspaceName: "Hartwell Family Trust",
    period: { from: "2023-11-14", to: null },
    exportedAt: "2023-11-15T09:00:00.000Z",
    exportedBy: { userId: "u1", name: "Grace Hartwell" },
    entries: chain.slice(from - 1, to),
    chainHead: { seq: last.seq, hash: last.hash, at: new Date(last.createdAt).toISOString() },
    publicKey: key.publicJwk,
    keyId: key.keyId,
  };
  return signBundle(unsigned, key.privateKey);
}

const resign = (bundle: AuditBundle, key: Key) => signBundle(bundle, key.privateKey);

describe("the signed audit bundle", () => {
  it("writes canonical text: keys sorted at every depth, no spaces, without the signature", async () => {
    const key = await newKey();
    const bundle = await bundleOf(key, { total: 1 });
    const text = canonicalBundleText(bundle);
    expect(text.startsWith('{"chainHead":{"at":')).toBe(true);
    expect(text).not.toContain("signature");
    expect(text).toContain('"entries":[{"action":"document.viewed","actorUserId":"u1","createdAt":1700000001000,"hash":');
    const reordered = JSON.parse(JSON.stringify(Object.fromEntries(Object.entries(bundle).reverse()))) as AuditBundle;
    expect(canonicalBundleText(reordered)).toBe(text);
  });

  it("verifies a whole chain, and a later period whose first entry follows an earlier one", async () => {
    const key = await newKey();
    expect(await verifyBundle(await bundleOf(key))).toEqual({ ok: true, entries: 8, firstSeq: 1, lastSeq: 8 });
    expect(await verifyBundle(await bundleOf(key, { from: 3, to: 6 }), { keyId: key.keyId })).toEqual({ ok: true, entries: 4, firstSeq: 3, lastSeq: 6 });
    // The page shows the fingerprint's first 16 hex digits; that much is enough to name the key.
    expect((await verifyBundle(await bundleOf(key), { keyId: key.keyId.slice(0, 16) })).ok).toBe(true);
    // After a JSON round trip, as a downloaded file.
    expect((await verifyBundle(JSON.parse(JSON.stringify(await bundleOf(key))))).ok).toBe(true);
  });

  it("names an entry whose details were changed, even when re-signed", async () => {
    const key = await newKey();
    const bundle = await bundleOf(key);
    bundle.entries[3] = { ...bundle.entries[3]!, metadata: JSON.stringify({ title: "Another trust" }) };
    expect(await verifyBundle(bundle)).toMatchObject({ ok: false, reason: "hash", brokenSeq: 4 });
    expect(await verifyBundle(await resign(bundle, key))).toMatchObject({ ok: false, reason: "hash", brokenSeq: 4 });
  });

  it("names a deleted entry as a gap, and a renumbered one as a broken link", async () => {
    const key = await newKey();
    const bundle = await bundleOf(key);
    const removed = { ...bundle, entries: bundle.entries.filter((e) => e.seq !== 5) };
    expect(await verifyBundle(await resign(removed, key))).toMatchObject({ ok: false, reason: "gap", brokenSeq: 5 });
    // The entries after it renumbered and rehashed to close the gap: the new entry 5 still links to the deleted one.
    const renumbered = structuredClone(removed);
    for (const [index, e] of renumbered.entries.entries()) {
      if (index < 4) continue;
      e.seq = index + 1;
      e.hash = await entryHash(e.prevHash, e);
    }
    expect(await verifyBundle(await resign(renumbered, key))).toMatchObject({ ok: false, reason: "link", brokenSeq: 5 });
  });

  it("refuses a first entry 1 that does not follow the genesis hash, and a head that disagrees", async () => {
    const key = await newKey();
    const bundle = await bundleOf(key);
    const headChanged = { ...bundle, chainHead: { ...bundle.chainHead, hash: "f".repeat(64) } };
    expect(await verifyBundle(await resign(headChanged, key))).toMatchObject({ ok: false, reason: "head", brokenSeq: 8 });
    const headBefore = { ...bundle, chainHead: { ...bundle.chainHead, seq: 7 } };
    expect(await verifyBundle(await resign(headBefore, key))).toMatchObject({ ok: false, reason: "head" });
    const relinked = structuredClone(bundle);
    relinked.entries[0]!.prevHash = "1".repeat(64);
    relinked.entries[0]!.hash = await entryHash(relinked.entries[0]!.prevHash, relinked.entries[0]!);
    expect(await verifyBundle(await resign(relinked, key))).toMatchObject({ ok: false, reason: "link", brokenSeq: 1 });
  });

  it("refuses an altered signature, another public key, a key that is not the one named, or one not expected", async () => {
    const key = await newKey();
    const other = await newKey();
    const bundle = await bundleOf(key);
    const flipped = `${bundle.signature[0] === "A" ? "B" : "A"}${bundle.signature.slice(1)}`;
    expect(await verifyBundle({ ...bundle, signature: flipped })).toMatchObject({ ok: false, reason: "signature" });
    expect(await verifyBundle({ ...bundle, publicKey: other.publicJwk, keyId: other.keyId })).toMatchObject({ ok: false, reason: "signature" });
    expect(await verifyBundle({ ...bundle, publicKey: other.publicJwk })).toMatchObject({ ok: false, reason: "signature" });
    // Re-signed by someone else's key: valid in itself, but not the key the trustees were told about.
    const forged = await signBundle({ ...bundle, publicKey: other.publicJwk, keyId: other.keyId }, other.privateKey);
    expect((await verifyBundle(forged)).ok).toBe(true);
    expect(await verifyBundle(forged, { keyId: key.keyId })).toMatchObject({ ok: false, reason: "key" });
    expect(await verifyBundle(bundle, { keyId: key.keyId.slice(0, 8) })).toMatchObject({ ok: false, reason: "key" });
  });

  it("refuses what is not a bundle", async () => {
    const key = await newKey();
    const bundle = await bundleOf(key);
    expect(await verifyBundle(null)).toMatchObject({ ok: false, reason: "format" });
    expect(await verifyBundle({ ...bundle, version: 2 })).toMatchObject({ ok: false, reason: "format" });
    expect(await verifyBundle({ ...bundle, entries: [{ ...bundle.entries[0], hash: "not a hash" }] })).toMatchObject({ ok: false, reason: "format" });
  });
});

describe("scripts/verify-audit-bundle.mjs", () => {
  const dir = mkdtempSync(join(tmpdir(), "audit-bundle-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** The script's exit code and output for a bundle written as a file. */
  function runScript(bundle: unknown, ...args: string[]): { code: number; output: string } {
    const file = join(dir, `bundle-${Math.random().toString(36).slice(2)}.json`);
    writeFileSync(file, JSON.stringify(bundle, null, 2));
    try {
      return { code: 0, output: execFileSync(process.execPath, [SCRIPT, file, ...args], { encoding: "utf8" }) };
    } catch (error) {
      const failed = error as { status: number; stdout: string };
      return { code: failed.status, output: failed.stdout };
    }
  }

  it("agrees with the app on an intact bundle, and on each way of breaking one", async () => {
    const key = await newKey();
    const other = await newKey();
    const bundle = await bundleOf(key, { total: 9, from: 3, to: 7 });

    const intact = runScript(bundle, "--key", key.keyId);
    expect(intact.code).toBe(0);
    expect(intact.output).toContain(`OK: 5 entries, seq 3–7, chain head ${bundle.chainHead.hash} signed by key ${key.keyId}`);

    const tampered = structuredClone(bundle);
    tampered.entries[2]!.metadata = JSON.stringify({ title: "Another trust" });
    const tamperedRun = runScript(tampered);
    expect(tamperedRun.code).toBe(1);
    expect(tamperedRun.output.trim().split("\n").at(-1)).toBe("BROKEN at seq 5 (hash)");

    const removed = await resign({ ...bundle, entries: bundle.entries.filter((e) => e.seq !== 4) }, key);
    expect(runScript(removed).output).toContain("BROKEN at seq 4 (gap)");
    expect(runScript({ ...bundle, signature: bundle.signature.split("").reverse().join("") }).output).toContain("BROKEN (signature)");

    const forged = await signBundle({ ...bundle, publicKey: other.publicJwk, keyId: other.keyId }, other.privateKey);
    expect(runScript(forged).code).toBe(0);
    const refused = runScript(forged, "--key", key.keyId.slice(0, 16));
    expect(refused.code).toBe(1);
    expect(refused.output).toContain("BROKEN (key)");

    for (const broken of [tampered, removed, forged]) {
      const script = runScript(broken, "--key", key.keyId);
      const app = await verifyBundle(broken, { keyId: key.keyId });
      expect(script.output).toContain(`(${app.reason})`);
    }
  });
});
