import { fromBase64Url, toBase64Url } from "~/platform/crypto.server";

/**
 * Keys for second-factor secrets, derived from the server's pepper with HKDF so that no new secret has to be
 * configured, and each use has its own key. A stolen database alone opens neither the authenticator secrets nor
 * the recovery codes' hashes.
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

/** Encrypts a short secret: `v1.<iv>.<ciphertext>`, bound to the user it belongs to (additional data). */
export async function sealSecret(pepper: string, userId: string, secret: string): Promise<string> {
  const key = await deriveKey(pepper, "totp-secret-v1", { name: "AES-GCM", length: 256 }, ["encrypt"]);
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = await crypto.subtle.encrypt({ name: "AES-GCM", iv, additionalData: encoder.encode(userId) }, key, encoder.encode(secret));
  return `${BOX_VERSION}.${toBase64Url(iv)}.${toBase64Url(new Uint8Array(sealed))}`;
}

/** The secret, or null when the box is malformed, for another user, or sealed under another pepper. */
export async function openSecret(pepper: string, userId: string, box: string): Promise<string | null> {
  const [version, iv, sealed] = box.split(".");
  if (version !== BOX_VERSION || !iv || !sealed) return null;
  try {
    const key = await deriveKey(pepper, "totp-secret-v1", { name: "AES-GCM", length: 256 }, ["decrypt"]);
    const plain = await crypto.subtle.decrypt({ name: "AES-GCM", iv: fromBase64Url(iv), additionalData: encoder.encode(userId) }, key, fromBase64Url(sealed));
    return new TextDecoder().decode(plain);
  } catch {
    return null;
  }
}

/** A keyed hash (HMAC-SHA-256) of a recovery code: without the pepper a leaked hash cannot be guessed offline. */
export async function hashRecoveryCode(pepper: string, normalizedCode: string): Promise<string> {
  const key = await deriveKey(pepper, "recovery-code-v1", { name: "HMAC", hash: "SHA-256", length: 256 }, ["sign"]);
  const mac = await crypto.subtle.sign("HMAC", key, encoder.encode(normalizedCode));
  return toBase64Url(new Uint8Array(mac));
}
