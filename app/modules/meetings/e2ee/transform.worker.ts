/// <reference lib="webworker" />
/**
 * The frame transform of an end-to-end encrypted meeting, run in a worker off the page's thread. Two ways in:
 * `RTCRtpScriptTransform` (the standard: the browser raises `rtctransform` here) and the older insertable streams
 * (Chromium's `createEncodedStreams`: the page posts the streams). The page posts each new meeting key; the worker
 * counts what it encrypted and decrypted and what it dropped (frames.ts), and reports it every second so the page
 * can say so.
 */
import { FrameCipher, noFrames, transformFrame } from "./frames";

type Operation = "encrypt" | "decrypt";
interface EncodedFrame {
  data: ArrayBuffer;
  type?: string;
}

const scope = self as unknown as DedicatedWorkerGlobalScope & { onrtctransform: ((event: Event) => void) | null };
const cipher = new FrameCipher();
const counts = noFrames();
/** Keys are imported one after another, so the last one posted is the one used for sending. */
let keys: Promise<void> = Promise.resolve();
/**
 * Through an SFU every participant receives the same frames, so while someone present cannot decrypt, nobody encrypts
 * (and the page says the meeting is not end-to-end encrypted, and because of whom). The mesh never sets this: there
 * each link is encrypted or not on its own.
 */
let plain = false;

function pipe(readable: ReadableStream<EncodedFrame>, writable: WritableStream<EncodedFrame>, operation: Operation) {
  const transform = new TransformStream<EncodedFrame, EncodedFrame>({
    async transform(frame, controller) {
      if (plain || (await transformFrame(cipher, operation, frame, counts))) controller.enqueue(frame);
    },
  });
  readable
    .pipeThrough(transform)
    .pipeTo(writable)
    .catch((error: unknown) => console.warn("Meeting frame transform stopped", operation, error));
}

scope.onmessage = (event: MessageEvent) => {
  const message = event.data as
    | { type: "key"; epoch: number; raw: ArrayBuffer }
    | { type: "plain"; plain: boolean }
    | { type: "streams"; readable: ReadableStream<EncodedFrame>; writable: WritableStream<EncodedFrame>; operation: Operation };
  if (message.type === "key") {
    keys = keys.then(() => cipher.setKey(message.epoch, message.raw)).catch((error: unknown) => console.warn("Meeting key refused", error));
  } else if (message.type === "plain") plain = message.plain;
  else if (message.type === "streams") pipe(message.readable, message.writable, message.operation);
};

scope.onrtctransform = (event: Event) => {
  const transformer = (
    event as Event & {
      transformer: { readable: ReadableStream<EncodedFrame>; writable: WritableStream<EncodedFrame>; options: { operation: Operation } };
    }
  ).transformer;
  pipe(transformer.readable, transformer.writable, transformer.options.operation);
};

setInterval(() => scope.postMessage({ type: "counts", ...counts }), 1000);
