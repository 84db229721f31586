/**
 * End-to-end encryption of a meeting's media (issue 20, ADR 0027): the frames.
 *
 * Every encoded audio or video frame is encrypted with AES-GCM under the meeting key of the current epoch. The first
 * bytes of a frame stay in the clear (and are authenticated as additional data) so the browser's packetiser and a
 * relay can still read the codec's own header: 10 bytes of a VP8 key frame, 3 of a delta frame, 1 of an Opus frame.
 * After the ciphertext come the 12-byte IV and the epoch's low byte, so the receiver knows which key to use.
 * A frame that does not decrypt (no key, a wrong key, altered bytes) is dropped, never shown.
 */

export type FrameKind = "audio" | "key" | "delta";

const CLEAR_BYTES: Record<FrameKind, number> = { key: 10, delta: 3, audio: 1 };
const IV_BYTES = 12;
const TRAILER_BYTES = IV_BYTES + 1;
/** Keys of this many past epochs are kept, for frames still in flight when the key changes. */
const KEPT_EPOCHS = 3;

export class FrameCipher {
  private keys = new Map<number, CryptoKey>();
  private current: number | null = null;

  /** Uses the key for sending from now on, and keeps the last few for receiving. */
  async setKey(epoch: number, raw: ArrayBuffer | Uint8Array<ArrayBuffer>): Promise<void> {
    const key = await globalThis.crypto.subtle.importKey("raw", raw, "AES-GCM", false, ["encrypt", "decrypt"]);
    this.keys.set(epoch & 0xff, key);
    this.current = epoch & 0xff;
    for (const old of [...this.keys.keys()]) if (this.keys.size > KEPT_EPOCHS && old !== this.current) this.keys.delete(old);
  }

  get hasKey() {
    return this.current !== null;
  }

  /** The frame encrypted, or null when there is no key yet (the frame is then not sent at all). */
  async encrypt(frame: ArrayBuffer, kind: FrameKind): Promise<ArrayBuffer | null> {
    if (this.current === null) return null;
    const key = this.keys.get(this.current)!;
    const bytes = new Uint8Array(frame);
    const clear = Math.min(CLEAR_BYTES[kind], bytes.length);
    const header = bytes.subarray(0, clear);
    const iv = globalThis.crypto.getRandomValues(new Uint8Array(IV_BYTES));
    const sealed = new Uint8Array(await globalThis.crypto.subtle.encrypt({ name: "AES-GCM", iv, additionalData: header }, key, bytes.subarray(clear)));
    const out = new Uint8Array(clear + sealed.length + TRAILER_BYTES);
    out.set(header, 0);
    out.set(sealed, clear);
    out.set(iv, clear + sealed.length);
    out[out.length - 1] = this.current;
    return out.buffer;
  }

  /** The frame as it was encoded, or null when it cannot be decrypted (then it is dropped). */
  async decrypt(frame: ArrayBuffer, kind: FrameKind): Promise<ArrayBuffer | null> {
    const bytes = new Uint8Array(frame);
    const clear = CLEAR_BYTES[kind];
    if (bytes.length < clear + 16 + TRAILER_BYTES) return null;
    const key = this.keys.get(bytes[bytes.length - 1]!);
    if (!key) return null;
    const header = bytes.subarray(0, clear);
    const iv = bytes.subarray(bytes.length - TRAILER_BYTES, bytes.length - 1);
    try {
      const opened = new Uint8Array(
        await globalThis.crypto.subtle.decrypt({ name: "AES-GCM", iv, additionalData: header }, key, bytes.subarray(clear, bytes.length - TRAILER_BYTES)),
      );
      const out = new Uint8Array(clear + opened.length);
      out.set(header, 0);
      out.set(opened, clear);
      return out.buffer;
    } catch {
      return null;
    }
  }
}

/** What kind of frame an encoded frame is, for how many bytes stay clear. */
export function frameKind(frame: { type?: string }): FrameKind {
  if (frame.type === "key") return "key";
  if (frame.type === "delta") return "delta";
  return "audio";
}

/**
 * What the transform did, reported to the page: frames sent encrypted, frames received and decrypted, frames not
 * sent because this browser had no key yet, and frames received that could not be decrypted (before the key came,
 * under a key this browser does not hold, or altered). Only a decrypted frame is ever shown.
 */
export interface FrameCounts {
  encrypted: number;
  decrypted: number;
  unsent: number;
  undecryptable: number;
}

export const noFrames = (): FrameCounts => ({ encrypted: 0, decrypted: 0, unsent: 0, undecryptable: 0 });

/** One encoded frame through the cipher, counted: true when it goes on (its data replaced), false when it is dropped. */
export async function transformFrame(
  cipher: FrameCipher,
  operation: "encrypt" | "decrypt",
  frame: { data: ArrayBuffer; type?: string },
  counts: FrameCounts,
): Promise<boolean> {
  // An empty video frame carries nothing to hide.
  if (frame.type === "empty" || frame.data.byteLength === 0) return true;
  const kind = frameKind(frame);
  const data = operation === "encrypt" ? await cipher.encrypt(frame.data, kind) : await cipher.decrypt(frame.data, kind);
  if (!data) {
    counts[operation === "encrypt" ? "unsent" : "undecryptable"]++;
    return false;
  }
  frame.data = data;
  counts[operation === "encrypt" ? "encrypted" : "decrypted"]++;
  return true;
}
