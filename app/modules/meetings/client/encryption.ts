/**
 * A participant's end-to-end encryption in one meeting (ADR 0027): its identity, the meeting key of each epoch, the
 * frame worker every sender and receiver is piped through, and the distributor's part (making keys and wrapping
 * them for each participant). Which participant distributes is the room's rule; this class only acts on it.
 */
import type { FrameTransforms } from "./mesh";
import type { FrameCounts } from "../e2ee/frames";
import { createIdentity, createMeetingKey, exportMeetingKey, safetyCode, unwrapMeetingKey, wrapMeetingKey, type Identity, type WrappedKey } from "../e2ee/keys";

type ScriptTransformConstructor = new (worker: Worker, options: { operation: "encrypt" | "decrypt" }) => unknown;
interface EncodedStreams {
  readable: ReadableStream;
  writable: WritableStream;
}

/** Which way this browser can transform encoded frames, if any. */
export function encryptionSupport(): "script-transform" | "insertable-streams" | null {
  if (typeof window === "undefined") return null;
  if ("RTCRtpScriptTransform" in window) return "script-transform";
  if ("createEncodedStreams" in RTCRtpSender.prototype) return "insertable-streams";
  return null;
}

export type { FrameCounts } from "../e2ee/frames";

export class MeetingEncryption {
  private keys = new Map<number, CryptoKey>();
  /** The newest epoch whose key this browser holds; -1 before the first. */
  epoch = -1;

  private constructor(
    readonly identity: Identity,
    private readonly meetingId: string,
    private readonly worker: Worker,
    private readonly support: "script-transform" | "insertable-streams",
  ) {}

  static async start(meetingId: string, onCounts: (counts: FrameCounts) => void): Promise<MeetingEncryption | null> {
    const support = encryptionSupport();
    if (!support) return null;
    const worker = new Worker(new URL("../e2ee/transform.worker.ts", import.meta.url), { type: "module", name: "meeting-e2ee" });
    worker.onmessage = (event: MessageEvent) => {
      if (event.data?.type === "counts") onCounts(event.data as FrameCounts);
    };
    return new MeetingEncryption(await createIdentity(), meetingId, worker, support);
  }

  get publicKey() {
    return this.identity.publicKey;
  }

  get hasKey() {
    return this.keys.has(this.epoch);
  }

  /** Where the mesh attaches the worker to each sender and receiver. */
  transforms(): FrameTransforms {
    const attach = (endpoint: RTCRtpSender | RTCRtpReceiver, operation: "encrypt" | "decrypt") => {
      if (this.support === "script-transform") {
        const Transform = (window as unknown as { RTCRtpScriptTransform: ScriptTransformConstructor }).RTCRtpScriptTransform;
        (endpoint as unknown as { transform: unknown }).transform = new Transform(this.worker, { operation });
      } else {
        const { readable, writable } = (endpoint as unknown as { createEncodedStreams(): EncodedStreams }).createEncodedStreams();
        this.worker.postMessage({ type: "streams", readable, writable, operation }, [readable as unknown as Transferable, writable as unknown as Transferable]);
      }
    };
    return {
      connectionConfig: this.support === "insertable-streams" ? { encodedInsertableStreams: true } : {},
      attachSender: (sender) => attach(sender, "encrypt"),
      attachReceiver: (receiver) => attach(receiver, "decrypt"),
    };
  }

  /** The distributor's part: a new key for a new epoch (the meeting began, or someone left). */
  async newEpoch(epoch: number): Promise<void> {
    await this.use(epoch, await createMeetingKey());
  }

  /** The current key wrapped for one participant, or null before there is one. */
  async wrapFor(publicKey: string): Promise<WrappedKey | null> {
    const key = this.keys.get(this.epoch);
    return key ? wrapMeetingKey(this.identity, publicKey, this.meetingId, key, this.epoch) : null;
  }

  /** A key the distributor sent; false when it was not for us or did not open. */
  async receive(wrapped: WrappedKey): Promise<boolean> {
    try {
      await this.use(wrapped.epoch, await unwrapMeetingKey(this.identity, wrapped, this.meetingId));
      return true;
    } catch {
      return false;
    }
  }

  /** The code to read aloud, over the current key and every public key this browser was given. */
  async safetyCode(publicKeys: readonly string[]): Promise<string | null> {
    const key = this.keys.get(this.epoch);
    return key ? safetyCode(key, this.epoch, [this.publicKey, ...publicKeys]) : null;
  }

  /** An SFU meeting with someone who cannot decrypt: frames pass in the clear until they leave (see the worker). */
  setPlain(plain: boolean) {
    this.worker.postMessage({ type: "plain", plain });
  }

  close() {
    this.worker.terminate();
  }

  private async use(epoch: number, key: CryptoKey) {
    this.keys.set(epoch, key);
    this.epoch = Math.max(this.epoch, epoch);
    for (const old of this.keys.keys()) if (old < this.epoch - 2) this.keys.delete(old);
    this.worker.postMessage({ type: "key", epoch, raw: await exportMeetingKey(key) });
  }
}
