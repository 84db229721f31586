import { eq } from "drizzle-orm";
import type { Db } from "~/platform/db.server";
import { keyFingerprint, publicJwkOf, type PublicJwk } from "./bundle";
import { auditSigningKeys } from "./schema";

export interface AuditSigningKey {
  keyId: string;
  publicJwk: PublicJwk;
  privateKey: CryptoKey;
  /** "secret": AUDIT_SIGNING_KEY, kept outside the database. "embedded": the pair stored in audit_signing_keys. */
  source: "secret" | "embedded";
}

const ECDSA_P256 = { name: "ECDSA", namedCurve: "P-256" } as const;

/** The private key as a non-extractable signing key, and its public half (a private JWK carries x and y). */
async function fromPrivateJwk(jwk: JsonWebKey) {
  const publicJwk = publicJwkOf(jwk);
  const privateKey = await crypto.subtle.importKey("jwk", { ...publicJwk, d: jwk.d }, ECDSA_P256, false, ["sign"]);
  return { keyId: await keyFingerprint(publicJwk), publicJwk, privateKey };
}

/** AUDIT_SIGNING_KEY: PKCS#8 DER in base64, with or without PEM's armour. */
async function fromSecret(secret: string) {
  const base64 = secret.replace(/-----[A-Z ]+-----/g, "").replace(/\s+/g, "");
  try {
    const der = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
    // Extractable only here, to read its public half as a JWK.
    const imported = await crypto.subtle.importKey("pkcs8", der, ECDSA_P256, true, ["sign"]);
    return await fromPrivateJwk((await crypto.subtle.exportKey("jwk", imported)) as JsonWebKey);
  } catch {
    // OpenSSL's default EC output is SEC1 ("BEGIN EC PRIVATE KEY"), which WebCrypto does not read.
    throw new Error("AUDIT_SIGNING_KEY is not a PKCS#8 ECDSA P-256 private key in base64 (convert with: openssl pkcs8 -topk8 -nocrypt -outform DER | base64)");
  }
}

/**
 * The active stored pair, made on first use. Two isolates making one at once both insert; the partial unique index
 * keeps the first and the other reads it back, so every bundle names one key.
 */
async function embedded(db: Db) {
  const active = () => db.select({ privateJwk: auditSigningKeys.privateJwk }).from(auditSigningKeys).where(eq(auditSigningKeys.active, true)).limit(1).get();
  let row = await active();
  if (!row) {
    const pair = (await crypto.subtle.generateKey(ECDSA_P256, true, ["sign", "verify"])) as CryptoKeyPair;
    const privateJwk = (await crypto.subtle.exportKey("jwk", pair.privateKey)) as JsonWebKey;
    const publicJwk = publicJwkOf(privateJwk);
    await db
      .insert(auditSigningKeys)
      .values({
        id: await keyFingerprint(publicJwk),
        publicJwk: JSON.stringify(publicJwk),
        privateJwk: JSON.stringify(privateJwk),
        active: true,
        createdAt: new Date(),
      })
      .onConflictDoNothing();
    row = await active();
    if (!row) throw new Error("No active audit signing key after creating one");
  }
  return fromPrivateJwk(JSON.parse(row.privateJwk) as JsonWebKey);
}

/**
 * The key that signs audit bundles. The embedded one lives in the same database as the log: it proves the record to
 * a third party holding the fingerprint from an earlier e-mail, not against someone with database access (who could
 * rewrite the log and re-sign with it). Production sets the AUDIT_SIGNING_KEY secret, which the database never sees.
 */
export async function signingKey(db: Db, env: { AUDIT_SIGNING_KEY?: string }): Promise<AuditSigningKey> {
  if (env.AUDIT_SIGNING_KEY) return { ...(await fromSecret(env.AUDIT_SIGNING_KEY)), source: "secret" };
  return { ...(await embedded(db)), source: "embedded" };
}
