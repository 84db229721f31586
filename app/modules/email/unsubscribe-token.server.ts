import type { Peppers } from "~/modules/auth/password.server";
import { fromBase64Url, timingSafeEqual, toBase64Url } from "~/platform/crypto.server";

/** What an unsubscribe link stops: one person's mail of one kind (or `all`) from one workspace. */
export interface UnsubscribeClaim {
  userId: string;
  workspaceId: string;
  scope: string;
}

const encoder = new TextEncoder();

/**
 * The token a preview's unsubscribe link carries (a template's preview, a test send): no one's, so following the
 * link stops nothing. `readUnsubscribe` takes it for no claim at all; the page says it came from a preview.
 */
export const PREVIEW_UNSUBSCRIBE_TOKEN = "preview";

/**
 * The link's key, derived from the pepper with HKDF under its own label, so the link needs no stored row and
 * proves nothing else. During a pepper rotation links signed with the previous pepper still work; once it is removed
 * they say so and point to the settings page.
 */
const keys = new Map<string, CryptoKey>();
async function linkKey(pepper: string): Promise<CryptoKey> {
  // Derived once per isolate: a notice to 200 people signs 200 links. The key is kept, never the pending derivation
  // (ADR 0044): two requests deriving at once each derive their own.
  const kept = keys.get(pepper);
  if (kept) return kept;
  const key = await deriveLinkKey(pepper);
  keys.set(pepper, key);
  return key;
}

async function deriveLinkKey(pepper: string): Promise<CryptoKey> {
  const base = await crypto.subtle.importKey("raw", encoder.encode(pepper), "HKDF", false, ["deriveKey"]);
  return crypto.subtle.deriveKey(
    { name: "HKDF", hash: "SHA-256", salt: new Uint8Array(0), info: encoder.encode("email-unsubscribe-v1") },
    base,
    { name: "HMAC", hash: "SHA-256", length: 256 },
    false,
    ["sign"],
  );
}

export async function signUnsubscribe(pepper: string, claim: UnsubscribeClaim): Promise<string> {
  const payload = toBase64Url(encoder.encode(JSON.stringify([claim.userId, claim.workspaceId, claim.scope])));
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", await linkKey(pepper), encoder.encode(payload)));
  return `${payload}.${toBase64Url(mac.slice(0, 20))}`;
}

async function signedBy(pepper: string, payload: string, mac: Uint8Array): Promise<boolean> {
  const expected = new Uint8Array(await crypto.subtle.sign("HMAC", await linkKey(pepper), encoder.encode(payload))).slice(0, 20);
  return timingSafeEqual(expected, mac);
}

/** The claim of a genuine link (signed with the current or the previous pepper); null for anything altered, truncated or made up. */
export async function readUnsubscribe(peppers: Peppers, token: string): Promise<UnsubscribeClaim | null> {
  const [payload, mac, ...rest] = token.split(".");
  if (!payload || !mac || rest.length || token.length > 600) return null;
  try {
    const given = fromBase64Url(mac);
    const genuine = (await signedBy(peppers.current, payload, given)) || (peppers.previous !== undefined && (await signedBy(peppers.previous, payload, given)));
    if (!genuine) return null;
    const parsed: unknown = JSON.parse(new TextDecoder().decode(fromBase64Url(payload)));
    if (!Array.isArray(parsed) || parsed.length !== 3 || !parsed.every((part) => typeof part === "string" && part.length > 0 && part.length < 100)) return null;
    const [userId, workspaceId, scope] = parsed as string[];
    return { userId: userId!, workspaceId: workspaceId!, scope: scope! };
  } catch {
    return null;
  }
}
