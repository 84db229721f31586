import type { Peppers } from "~/modules/auth/password.server";
import { fromBase64Url, toBase64Url } from "~/platform/crypto.server";

/**
 * Keys for second-factor secrets, derived from the server's pepper with HKDF so that no new secret has to be
 * configured, and each use has its own key. A stolen database alone opens neither the authenticator secrets nor
 * the recovery codes' hashes. During a pepper rotation (docs/operations.md) what was made with the previous pepper
 * still opens and matches; an authenticator secret is sealed again with the current one at its next use.
 */
const encoder = new TextEncoder();
const BOX_VERSION = "v1";

async function deriveKey(pepper: string, info: string, algorithm: AesKeyGenParams | HmacKeyGenParams, usages: KeyUsage[]) {
  const material = await crypto.subtle.importKey("raw", encoder.encode(pepper), "HKDF", false, ["deriveKey"]);
  return crypto.subtle.deriveKey(
    { name: "HKDF", hash: "SHA-256", salt: encoder.encode("second-factor"), info: encoder.encode(info) },
    material,
    algorithm,
    false,
    usages,
  );
}

/** The peppers to try, the current one first, each with its number. */
function inUse(peppers: Peppers): { pepper: string; version: number }[] {
  const current = { pepper: peppers.current, version: peppers.version };
  return peppers.previous ? [current, { pepper: peppers.previous, version: peppers.version - 1 }] : [current];
}

/** Encrypts a short secret with the current pepper: `v1.<iv>.<ciphertext>`, bound to its user (additional data). */
export async function sealSecret(peppers: Peppers, userId: string, secret: string): Promise<string> {
  const key = await deriveKey(peppers.current, "totp-secret-v1", { name: "AES-GCM", length: 256 }, ["encrypt"]);
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = await crypto.subtle.encrypt({ name: "AES-GCM", iv, additionalData: encoder.encode(userId) }, key, encoder.encode(secret));
  return `${BOX_VERSION}.${toBase64Url(iv)}.${toBase64Url(new Uint8Array(sealed))}`;
}

/**
 * The secret (`stale` when the previous pepper sealed it, so the caller seals it again), or null when the box is
 * malformed, for another user, or sealed under a pepper no longer configured.
 */
export async function openSecret(peppers: Peppers, userId: string, box: string): Promise<{ secret: string; stale: boolean } | null> {
  const [version, iv, sealed] = box.split(".");
  if (version !== BOX_VERSION || !iv || !sealed) return null;
  for (const { pepper, version: pepperVersion } of inUse(peppers)) {
    try {
      const key = await deriveKey(pepper, "totp-secret-v1", { name: "AES-GCM", length: 256 }, ["decrypt"]);
      const plain = await crypto.subtle.decrypt({ name: "AES-GCM", iv: fromBase64Url(iv), additionalData: encoder.encode(userId) }, key, fromBase64Url(sealed));
      return { secret: new TextDecoder().decode(plain), stale: pepperVersion !== peppers.version };
    } catch {
      // AES-GCM refuses a wrong key: try the next pepper.
    }
  }
  return null;
}

async function recoveryMac(pepper: string, normalizedCode: string): Promise<string> {
  const key = await deriveKey(pepper, "recovery-code-v1", { name: "HMAC", hash: "SHA-256", length: 256 }, ["sign"]);
  return toBase64Url(new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode(normalizedCode))));
}

/**
 * A keyed hash (HMAC-SHA-256) of a recovery code, `p<pepper number>.<mac>`: without the pepper a leaked hash cannot
 * be guessed offline, and the number tells which codes a rotation left behind (they cannot be re-hashed: the codes
 * themselves are never stored).
 */
export async function hashRecoveryCode(peppers: Peppers, normalizedCode: string): Promise<string> {
  return `p${peppers.version}.${await recoveryMac(peppers.current, normalizedCode)}`;
}

/** Every stored form this code may have: under each pepper in use, and the first form, which had no number. */
export async function recoveryCodeHashes(peppers: Peppers, normalizedCode: string): Promise<string[]> {
  const hashes = await Promise.all(
    inUse(peppers).map(async ({ pepper, version }) => {
      const mac = await recoveryMac(pepper, normalizedCode);
      return [`p${version}.${mac}`, mac];
    }),
  );
  return hashes.flat();
}

/**
 * Whether a stored recovery-code hash was made with a pepper before the current one. A hash in the first form (no
 * number) is counted as old while a rotation is under way: it may well have been made with the previous pepper, and
 * asking for new codes by mistake costs less than losing them.
 */
export function madeBeforeRotation(codeHash: string, peppers: Peppers): boolean {
  const made = /^p(\d+)\./.exec(codeHash);
  return made === null ? peppers.previous !== undefined : Number(made[1]) < peppers.version;
}
