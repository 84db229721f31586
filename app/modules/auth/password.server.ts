import { fromBase64Url, timingSafeEqual, toBase64Url } from "~/platform/crypto.server";

/**
 * Password hashing: HMAC-SHA-256 with a server-side pepper, then PBKDF2-HMAC-SHA-256 with a per-hash salt.
 * PBKDF2 runs natively in Workers; Cloudflare refuses more than 100,000 iterations in production while
 * local workerd does not, so the cap is enforced here and by a unit test. See docs/decisions/0003.
 *
 * Stored format: pbkdf2-sha256$i=<iterations>$p=<pepper version>$<salt>$<hash>
 */
export const PBKDF2_MAX_ITERATIONS = 100_000;
export const PBKDF2_ITERATIONS = 100_000;

/**
 * The pepper in use and its number, and during a rotation the one before it: hashes made with the previous pepper
 * still verify and are re-made with the current one at the person's next sign-in (docs/operations.md). A plain
 * string is pepper number 1 with no previous one.
 */
export interface Peppers {
  current: string;
  version: number;
  previous?: string;
}

const asPeppers = (pepper: string | Peppers): Peppers => (typeof pepper === "string" ? { current: pepper, version: 1 } : pepper);
const SALT_BYTES = 16;
const HASH_BITS = 256;
const encoder = new TextEncoder();

export interface HashParams {
  iterations: number;
  pepperVersion: number;
  salt: Uint8Array<ArrayBuffer>;
  hash: Uint8Array<ArrayBuffer>;
}

async function pepperedKey(password: string, pepper: string): Promise<ArrayBuffer> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(pepper), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return crypto.subtle.sign("HMAC", key, encoder.encode(password.normalize("NFKC")));
}

/** Throws for parameters production would refuse, so a local run cannot create hashes that break in production. */
export async function derive(password: string, pepper: string, salt: Uint8Array<ArrayBuffer>, iterations: number): Promise<Uint8Array> {
  if (!Number.isInteger(iterations) || iterations < 1 || iterations > PBKDF2_MAX_ITERATIONS) {
    throw new RangeError(`PBKDF2 iterations must be between 1 and ${PBKDF2_MAX_ITERATIONS}, got ${iterations}`);
  }
  const material = await crypto.subtle.importKey("raw", await pepperedKey(password, pepper), "PBKDF2", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt, iterations }, material, HASH_BITS);
  return new Uint8Array(bits);
}

export async function hashPassword(password: string, pepper: string | Peppers, iterations = PBKDF2_ITERATIONS): Promise<string> {
  const { current, version } = asPeppers(pepper);
  const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES));
  const hash = await derive(password, current, salt, iterations);
  return `pbkdf2-sha256$i=${iterations}$p=${version}$${toBase64Url(salt)}$${toBase64Url(hash)}`;
}

export function parseHash(stored: string): HashParams | null {
  const parts = stored.split("$");
  if (parts.length !== 5 || parts[0] !== "pbkdf2-sha256") return null;
  const iterations = Number(parts[1].replace(/^i=/, ""));
  const pepperVersion = Number(parts[2].replace(/^p=/, ""));
  if (!Number.isInteger(iterations) || !Number.isInteger(pepperVersion)) return null;
  try {
    return { iterations, pepperVersion, salt: fromBase64Url(parts[3]), hash: fromBase64Url(parts[4]) };
  } catch {
    return null;
  }
}

export async function verifyPassword(password: string, stored: string, pepper: string | Peppers): Promise<boolean> {
  const params = parseHash(stored);
  const { current, version, previous } = asPeppers(pepper);
  if (!params || params.iterations > PBKDF2_MAX_ITERATIONS) return false;
  const secret = params.pepperVersion === version ? current : params.pepperVersion === version - 1 ? previous : undefined;
  // A pepper no longer held still costs one hash (DUMMY_HASH is p=1), so timing does not tell old accounts apart.
  const candidate = await derive(password, secret ?? current, params.salt, params.iterations);
  return secret !== undefined && timingSafeEqual(candidate, params.hash);
}

/** True when a stored hash uses weaker parameters or an older pepper than today's; it is re-made at the next successful sign-in. */
export function needsRehash(stored: string, pepperVersion = 1): boolean {
  const params = parseHash(stored);
  return !params || params.iterations < PBKDF2_ITERATIONS || params.pepperVersion !== pepperVersion;
}

/**
 * A fixed hash to verify against when the e-mail is unknown, so that an unknown address costs the same time
 * as a wrong password and timing does not reveal which accounts exist.
 */
export const DUMMY_HASH = "pbkdf2-sha256$i=100000$p=1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA";
