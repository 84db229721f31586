/**
 * End-to-end encryption of a meeting's media (issue 20, ADR 0027): the keys.
 *
 * Each participant makes an ECDH P-256 key pair when joining and announces its public key through the room. The
 * key distributor makes the meeting key (AES-GCM, 256 bits) and sends it to each participant wrapped under a key
 * derived (ECDH, then HKDF) from the two participants' keys, so the room only ever relays ciphertext. A new meeting
 * key (a new epoch) is made whenever someone leaves, so they cannot read what follows.
 *
 * The room could still hand out false public keys (a person in the middle). The safety code defeats that: it is
 * computed from the meeting key and from every public key as this browser received them, so two people whose
 * browsers were given different keys read out different codes.
 */

const subtle = () => globalThis.crypto.subtle;
const encoder = new TextEncoder();

export interface Identity {
  keyPair: CryptoKeyPair;
  /** The public key as base64url of its raw (uncompressed point) form: what the room relays. */
  publicKey: string;
}

/** A meeting key wrapped for one participant. Opaque to the room. */
export interface WrappedKey {
  /** The sender's public key, so the recipient can derive the same wrapping key. */
  from: string;
  epoch: number;
  iv: string;
  ciphertext: string;
}

export const toBase64Url = (bytes: ArrayBuffer | Uint8Array) => {
  const array = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  let binary = "";
  for (const byte of array) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
};

export const fromBase64Url = (text: string): Uint8Array<ArrayBuffer> => {
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
};

const ECDH = { name: "ECDH", namedCurve: "P-256" } as const;

export async function createIdentity(): Promise<Identity> {
  const keyPair = (await subtle().generateKey(ECDH, false, ["deriveBits"])) as CryptoKeyPair;
  const raw = await subtle().exportKey("raw", keyPair.publicKey);
  return { keyPair, publicKey: toBase64Url(raw) };
}

const importPublic = (publicKey: string) => subtle().importKey("raw", fromBase64Url(publicKey), ECDH, false, []);

/** The AES-GCM key two participants share for wrapping, bound to the meeting and to both public keys. */
async function wrappingKey(identity: Identity, otherPublicKey: string, meetingId: string): Promise<CryptoKey> {
  const shared = await subtle().deriveBits({ name: "ECDH", public: await importPublic(otherPublicKey) }, identity.keyPair.privateKey, 256);
  const material = await subtle().importKey("raw", shared, "HKDF", false, ["deriveKey"]);
  const [a, b] = [identity.publicKey, otherPublicKey].sort();
  return subtle().deriveKey(
    { name: "HKDF", hash: "SHA-256", salt: encoder.encode(`trust-meeting:${meetingId}`), info: encoder.encode(`wrap:${a}:${b}`) },
    material,
    { name: "AES-GCM", length: 256 },
    false,
    ["encrypt", "decrypt"],
  );
}

/** A fresh meeting key. Extractable: the distributor must wrap it for each participant. */
export async function createMeetingKey(): Promise<CryptoKey> {
  return subtle().generateKey({ name: "AES-GCM", length: 256 }, true, ["encrypt", "decrypt"]);
}

export async function wrapMeetingKey(
  identity: Identity,
  recipientPublicKey: string,
  meetingId: string,
  meetingKey: CryptoKey,
  epoch: number,
): Promise<WrappedKey> {
  const key = await wrappingKey(identity, recipientPublicKey, meetingId);
  const iv = globalThis.crypto.getRandomValues(new Uint8Array(12));
  const raw = await subtle().exportKey("raw", meetingKey);
  // The epoch is bound into the ciphertext, so a key cannot be replayed as another epoch's.
  const ciphertext = await subtle().encrypt({ name: "AES-GCM", iv, additionalData: encoder.encode(`epoch:${epoch}`) }, key, raw);
  return { from: identity.publicKey, epoch, iv: toBase64Url(iv), ciphertext: toBase64Url(ciphertext) };
}

/** The meeting key from its wrapping; throws when it was not wrapped for this participant (or was altered). */
export async function unwrapMeetingKey(identity: Identity, wrapped: WrappedKey, meetingId: string): Promise<CryptoKey> {
  const key = await wrappingKey(identity, wrapped.from, meetingId);
  const raw = await subtle().decrypt(
    { name: "AES-GCM", iv: fromBase64Url(wrapped.iv), additionalData: encoder.encode(`epoch:${wrapped.epoch}`) },
    key,
    fromBase64Url(wrapped.ciphertext),
  );
  return subtle().importKey("raw", raw, { name: "AES-GCM", length: 256 }, true, ["encrypt", "decrypt"]);
}

/** Raw bytes of a meeting key, for the frame transform (which runs in a worker and imports it there). */
export async function exportMeetingKey(key: CryptoKey): Promise<ArrayBuffer> {
  return subtle().exportKey("raw", key);
}

/**
 * The code participants read aloud: four groups of four digits from SHA-256 over the meeting key, its epoch and
 * every participant's public key (sorted). Equal codes mean everyone holds the same key and saw the same people.
 */
export async function safetyCode(meetingKey: CryptoKey, epoch: number, publicKeys: readonly string[]): Promise<string> {
  const raw = new Uint8Array(await subtle().exportKey("raw", meetingKey));
  const keys = encoder.encode([...new Set(publicKeys)].sort().join("\n"));
  const input = new Uint8Array(raw.length + keys.length + 4);
  input.set(raw, 0);
  new DataView(input.buffer).setUint32(raw.length, epoch);
  input.set(keys, raw.length + 4);
  const digest = new DataView(await subtle().digest("SHA-256", input));
  return [0, 4, 8, 12].map((offset) => String(digest.getUint32(offset) % 10_000).padStart(4, "0")).join(" ");
}
