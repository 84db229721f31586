/**
 * The signed audit bundle (issue 18): a period of a workspace's audit chain, the chain's head at export time and an
 * ECDSA P-256 signature over both, so that a third party can check the record with nothing but the bundle and a
 * short script (scripts/verify-audit-bundle.mjs repeats these checks with Node's built-ins only). Pure WebCrypto:
 * the Worker signs with it, the tests and Node 20 verify with it.
 */
import { CHAINED_FIELDS, type ChainedEntry, entryHash, GENESIS_HASH } from "./chain";

export const BUNDLE_FORMAT = "trust-audit-bundle";
export const BUNDLE_VERSION = 1;

/** An entry as the bundle carries it: every chained field, the previous entry's hash and its own. */
export interface BundleEntry extends ChainedEntry {
  prevHash: string;
  hash: string;
}

/** An ECDSA P-256 public key as a JWK, reduced to the members that define it (RFC 7638's order and set). */
export interface PublicJwk {
  crv: "P-256";
  kty: "EC";
  x: string;
  y: string;
}

export interface UnsignedBundle {
  format: typeof BUNDLE_FORMAT;
  version: typeof BUNDLE_VERSION;
  workspaceId: string;
  workspaceName: string;
  /** The days asked for (YYYY-MM-DD, UTC), null for "from the start" or "until now". */
  period: { from: string | null; to: string | null };
  exportedAt: string;
  exportedBy: { userId: string; name: string | null };
  entries: BundleEntry[];
  /** The chain's last sealed entry when the bundle was made: later than the period's last entry unless the period runs to now. */
  chainHead: { seq: number; hash: string; at: string | null };
  publicKey: PublicJwk;
  /** SHA-256 (hex) of the public key's canonical JWK: what a trustee compares with the fingerprint they were sent. */
  keyId: string;
}

export interface AuditBundle extends UnsignedBundle {
  /** base64url of the raw ECDSA P-256/SHA-256 signature (r ‖ s, 64 bytes, as WebCrypto makes it) over canonicalBundleText. */
  signature: string;
}

export type BundleBreak = "format" | "gap" | "link" | "hash" | "head" | "signature" | "key";

export interface BundleVerification {
  ok: boolean;
  reason?: BundleBreak;
  /** The entry where the chain breaks, when the break is at an entry. */
  brokenSeq?: number;
  entries: number;
  firstSeq: number | null;
  lastSeq: number | null;
}

const ECDSA_P256 = { name: "ECDSA", namedCurve: "P-256" } as const;
const ECDSA_SHA256 = { name: "ECDSA", hash: "SHA-256" } as const;
const encoder = new TextEncoder();

/**
 * JSON with every object's keys sorted (JavaScript's default string order; the format's keys are all ASCII), no
 * spaces, strings and numbers as JSON.stringify writes them: what another language's verifier must reproduce.
 */
export function canonicalText(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((item) => canonicalText(item ?? null)).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const members = Object.keys(value)
      .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalText((value as Record<string, unknown>)[key])}`);
    return `{${members.join(",")}}`;
  }
  return JSON.stringify(value);
}

/** The text the signature covers: the whole bundle except the signature itself. */
export function canonicalBundleText(bundle: UnsignedBundle): string {
  const { signature: _signature, ...unsigned } = bundle as Partial<AuditBundle> & UnsignedBundle;
  return canonicalText(unsigned);
}

const hex = (bytes: ArrayBuffer) => [...new Uint8Array(bytes)].map((byte) => byte.toString(16).padStart(2, "0")).join("");

export function toBase64url(bytes: ArrayBuffer): string {
  let binary = "";
  for (const byte of new Uint8Array(bytes)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64url(text: string): ArrayBuffer {
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes.buffer;
}

export const publicJwkOf = (jwk: JsonWebKey): PublicJwk => ({ crv: "P-256", kty: "EC", x: String(jwk.x), y: String(jwk.y) });

/** The key's fingerprint: SHA-256 (hex) of {"crv","kty","x","y"} in canonical JSON, so any tool can recompute it. */
export async function keyFingerprint(jwk: PublicJwk): Promise<string> {
  return hex(await crypto.subtle.digest("SHA-256", encoder.encode(canonicalText(publicJwkOf(jwk)))));
}

export async function signBundle(unsigned: UnsignedBundle, privateKey: CryptoKey): Promise<AuditBundle> {
  const signature = await crypto.subtle.sign(ECDSA_SHA256, privateKey, encoder.encode(canonicalBundleText(unsigned)));
  return { ...unsigned, signature: toBase64url(signature) };
}

const HASH = /^[0-9a-f]{64}$/;
const isHash = (value: unknown) => typeof value === "string" && HASH.test(value);
const isSeq = (value: unknown) => Number.isSafeInteger(value) && (value as number) >= 0;
const isTextOrNull = (value: unknown) => value === null || typeof value === "string";

function isBundleEntry(value: unknown): value is BundleEntry {
  if (value === null || typeof value !== "object") return false;
  const entry = value as Record<string, unknown>;
  const fieldsOk = CHAINED_FIELDS.every((field) => field in entry);
  return (
    fieldsOk &&
    isSeq(entry.seq) &&
    (entry.seq as number) > 0 &&
    Number.isFinite(entry.createdAt) &&
    typeof entry.id === "string" &&
    typeof entry.action === "string" &&
    typeof entry.outcome === "string" &&
    ["workspaceId", "actorUserId", "targetType", "targetId", "ip", "userAgent", "metadata"].every((field) => isTextOrNull(entry[field])) &&
    isHash(entry.prevHash) &&
    isHash(entry.hash)
  );
}

/** The bundle's shape, before anything is computed from it. */
export function isAuditBundle(value: unknown): value is AuditBundle {
  if (value === null || typeof value !== "object") return false;
  const bundle = value as Record<string, unknown>;
  const head = bundle.chainHead as Record<string, unknown> | null;
  const key = bundle.publicKey as Record<string, unknown> | null;
  return (
    bundle.format === BUNDLE_FORMAT &&
    bundle.version === BUNDLE_VERSION &&
    Array.isArray(bundle.entries) &&
    bundle.entries.every(isBundleEntry) &&
    typeof head === "object" &&
    head !== null &&
    isSeq(head.seq) &&
    isHash(head.hash) &&
    typeof key === "object" &&
    key !== null &&
    key.kty === "EC" &&
    key.crv === "P-256" &&
    typeof key.x === "string" &&
    typeof key.y === "string" &&
    typeof bundle.keyId === "string" &&
    typeof bundle.signature === "string"
  );
}

/** A fingerprint as people compare it: whole, or its first 16 hex digits or more (as the audit page shows it). */
export const isKey = (keyId: string, expected: string) => /^[0-9a-f]{16,64}$/.test(expected.toLowerCase()) && keyId.startsWith(expected.toLowerCase());

async function signatureHolds(bundle: AuditBundle): Promise<boolean> {
  try {
    const key = await crypto.subtle.importKey("jwk", publicJwkOf(bundle.publicKey), ECDSA_P256, false, ["verify"]);
    return await crypto.subtle.verify(ECDSA_SHA256, key, fromBase64url(bundle.signature), encoder.encode(canonicalBundleText(bundle)));
  } catch {
    // A key that is not a P-256 point, or a signature that is not base64url: not signed by this key.
    return false;
  }
}

/**
 * Checks a bundle: its shape, each entry's hash, that the entries follow each other without a gap, that the last
 * one agrees with the chain head, that the key is the one it names (and, given `keyId`, the one expected: see isKey), and
 * the signature. The chain is checked before the signature so that an altered entry is named by its number. The first
 * entry's prevHash is taken as given (unless it is entry 1, which follows the genesis hash): the signed head and
 * the heads e-mailed to the trustees anchor a period that starts later.
 */
export async function verifyBundle(value: unknown, expected: { keyId?: string } = {}): Promise<BundleVerification> {
  if (!isAuditBundle(value)) return { ok: false, reason: "format", entries: 0, firstSeq: null, lastSeq: null };
  const bundle = value;
  const firstSeq = bundle.entries[0]?.seq ?? null;
  const lastSeq = bundle.entries.at(-1)?.seq ?? null;
  const result = { entries: bundle.entries.length, firstSeq, lastSeq };
  const broken = (reason: BundleBreak, brokenSeq?: number): BundleVerification => ({ ok: false, reason, ...(brokenSeq ? { brokenSeq } : {}), ...result });

  let previous: BundleEntry | null = null;
  for (const entry of bundle.entries) {
    if (previous && entry.seq !== previous.seq + 1) return broken("gap", previous.seq + 1);
    if (previous ? entry.prevHash !== previous.hash : entry.seq === 1 && entry.prevHash !== GENESIS_HASH) return broken("link", entry.seq);
    if (entry.hash !== (await entryHash(entry.prevHash, entry))) return broken("hash", entry.seq);
    previous = entry;
  }
  const head = bundle.chainHead;
  if (previous && (previous.seq > head.seq || (previous.seq === head.seq && previous.hash !== head.hash))) return broken("head", previous.seq);
  if (bundle.keyId !== (await keyFingerprint(bundle.publicKey))) return broken("signature");
  if (expected.keyId !== undefined && !isKey(bundle.keyId, expected.keyId)) return broken("key");
  if (!(await signatureHolds(bundle))) return broken("signature");
  return { ok: true, ...result };
}
