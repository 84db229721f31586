#!/usr/bin/env node
// Checks a signed audit bundle exported from /regulatory-audit, with Node ≥ 20 and nothing else.
//
//   node verify-audit-bundle.mjs audit-bundle.json [--key <fingerprint>]
//
// Exit 0: every check passed. Exit 1: the bundle is broken or signed by another key. Exit 2: usage.
// Standalone on purpose (no import from the app): it repeats app/modules/audit/chain.ts and bundle.ts, and the
// app's tests run it against bundles the app signs, so the two stay in agreement.
import { createHash, createPublicKey, verify } from "node:crypto";
import { readFileSync } from "node:fs";

const GENESIS_HASH = "0".repeat(64);
// The fields an entry's hash covers (chain.ts's CHAINED_FIELDS), in sorted order.
const CHAINED_FIELDS = ["action", "actorUserId", "createdAt", "id", "ip", "metadata", "outcome", "seq", "targetId", "targetType", "userAgent", "workspaceId"];
const HASH = /^[0-9a-f]{64}$/;

/** JSON with every object's keys sorted and no spaces: the text hashes and the signature cover. */
function canonical(value) {
  if (Array.isArray(value)) return `[${value.map((item) => canonical(item ?? null)).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const keys = Object.keys(value).filter((key) => value[key] !== undefined);
    return `{${keys
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`)
      .join(",")}}`;
  }
  return JSON.stringify(value);
}

const sha256 = (text) => createHash("sha256").update(text, "utf8").digest("hex");
const entryHash = (prevHash, entry) => sha256(prevHash + canonical(Object.fromEntries(CHAINED_FIELDS.map((field) => [field, entry[field] ?? null]))));

function fail(reason, seq) {
  console.log(seq ? `BROKEN at seq ${seq} (${reason})` : `BROKEN (${reason})`);
  process.exit(1);
}

const args = process.argv.slice(2);
const keyAt = args.indexOf("--key");
const expectedKey = keyAt >= 0 ? args.splice(keyAt, 2)[1]?.toLowerCase() : undefined;
if (args.length !== 1 || (keyAt >= 0 && !/^[0-9a-f]{16,64}$/.test(expectedKey ?? ""))) {
  console.error("Usage: node verify-audit-bundle.mjs <bundle.json> [--key <fingerprint: at least its first 16 hex digits>]");
  process.exit(2);
}

let bundle;
try {
  bundle = JSON.parse(readFileSync(args[0], "utf8"));
} catch (error) {
  console.log(`Cannot read ${args[0]}: ${error.message}`);
  fail("format");
}
const { entries, chainHead: head, publicKey: key } = bundle ?? {};
const textOrNull = (value) => value === null || typeof value === "string";
const entryOk = (e) =>
  e &&
  CHAINED_FIELDS.every((field) => field in e) &&
  Number.isSafeInteger(e.seq) &&
  e.seq > 0 &&
  Number.isFinite(e.createdAt) &&
  [e.id, e.action, e.outcome].every((text) => typeof text === "string") &&
  [e.workspaceId, e.actorUserId, e.targetType, e.targetId, e.ip, e.userAgent, e.metadata].every(textOrNull) &&
  HASH.test(e.prevHash) &&
  HASH.test(e.hash);
if (
  bundle?.format !== "trust-audit-bundle" ||
  bundle.version !== 1 ||
  !Array.isArray(entries) ||
  !entries.every(entryOk) ||
  !Number.isSafeInteger(head?.seq) ||
  !HASH.test(head?.hash) ||
  key?.kty !== "EC" ||
  key?.crv !== "P-256" ||
  typeof bundle.keyId !== "string" ||
  typeof bundle.signature !== "string"
) {
  fail("format");
}
const { from, to } = bundle.period ?? {};
console.log(`Bundle of "${bundle.workspaceName}" (${bundle.workspaceId}), period ${from ?? "start"} to ${to ?? "export"}, exported ${bundle.exportedAt}`);
console.log("checked: format trust-audit-bundle, version 1");

// Each entry: the next number, linked to the previous entry's hash, and hashing to what it says.
let previous = null;
for (const entry of entries) {
  if (previous && entry.seq !== previous.seq + 1) fail("gap", previous.seq + 1);
  if (previous ? entry.prevHash !== previous.hash : entry.seq === 1 && entry.prevHash !== GENESIS_HASH) fail("link", entry.seq);
  if (entry.hash !== entryHash(entry.prevHash, entry)) fail("hash", entry.seq);
  previous = entry;
}
const firstSeq = entries[0]?.seq;
const lastSeq = previous?.seq;
console.log(`checked: ${entries.length} entries, each hash = SHA-256(prevHash + canonical JSON of the entry), consecutive and linked`);
if (entries.length > 0 && firstSeq !== 1) console.log(`         (entry ${firstSeq}'s prevHash ${entries[0].prevHash} is taken as given)`);

// The head: at or after the last entry, and the same entry when the period runs to it.
if (previous && (previous.seq > head.seq || (previous.seq === head.seq && previous.hash !== head.hash))) fail("head", previous.seq);
console.log(`checked: chain head seq ${head.seq} (${head.at ?? "empty chain"}) is at or after the last entry`);

// The key: the fingerprint it claims, the one expected, and the signature over everything but the signature.
const keyId = sha256(canonical({ crv: key.crv, kty: key.kty, x: key.x, y: key.y }));
if (keyId !== bundle.keyId) fail("signature");
if (expectedKey && !keyId.startsWith(expectedKey)) {
  console.log(`The bundle is signed by key ${keyId}, not by ${expectedKey}.`);
  fail("key");
}
const { signature, ...unsigned } = bundle;
let signed = false;
try {
  const publicKey = createPublicKey({ key: { kty: key.kty, crv: key.crv, x: key.x, y: key.y }, format: "jwk" });
  // WebCrypto's ECDSA signature is r ‖ s (IEEE P1363), not DER.
  signed = verify("sha256", Buffer.from(canonical(unsigned), "utf8"), { key: publicKey, dsaEncoding: "ieee-p1363" }, Buffer.from(signature, "base64url"));
} catch {
  signed = false;
}
if (!signed) fail("signature");
console.log(`checked: ECDSA P-256/SHA-256 signature by the key in the bundle, fingerprint ${keyId}${expectedKey ? " (the expected one)" : ""}`);

const range = entries.length > 0 ? `, seq ${firstSeq}–${lastSeq}` : "";
console.log(`OK: ${entries.length} entries${range}, chain head ${head.hash} signed by key ${keyId}`);
