/// <reference lib="webworker" />
/**
 * The frame transform of an end-to-end encrypted meeting, run in a worker off the page's thread. Two ways in:
 * `RTCRtpScriptTransform` (the standard: the browser raises `rtctransform` here) and the older insertable streams
 * (Chromium's `createEncodedStreams`: the page posts the streams). The page posts each new meeting key; the worker
 * counts what it encrypted, decrypted and dropped, and reports it every second so the page can say so.
 */
import { FrameCipher, frameKind } from "./frames";

type Operation = "encrypt" | "decrypt";
interface EncodedFrame {
  data: ArrayBuffer;
  type?: string;
}

const scope = self as unknown as DedicatedWorkerGlobalScope & { onrtctransform: ((event: Event) => void) | null };
const cipher = new FrameCipher();
const counts = { encrypted: 0, decrypted: 0, dropped: 0 };

function pipe(readable: ReadableStream<EncodedFrame>, writable: WritableStream<EncodedFrame>, operation: Operation) {
  const transform = new TransformStream<EncodedFrame, EncodedFrame>({
    async transform(frame, controller) {
      const kind = frameKind(frame);
      // An empty video frame carries nothing to hide.
      if (frame.type === "empty" || frame.data.byteLength === 0) return controller.enqueue(frame);
      const data = operation === "encrypt" ? await cipher.encrypt(frame.data, kind) : await cipher.decrypt(frame.data, kind);
      if (!data) {
        counts.dropped++;
        return;
      }
      frame.data = data;
      counts[operation === "encrypt" ? "encrypted" : "decrypted"]++;
      controller.enqueue(frame);
    },
  });
  readable
    .pipeThrough(transform)
    .pipeTo(writable)
    .catch(() => undefined);
}

scope.onmessage = (event: MessageEvent) => {
  const message = event.data as
    | { type: "key"; epoch: number; raw: ArrayBuffer }
    | { type: "streams"; readable: ReadableStream<EncodedFrame>; writable: WritableStream<EncodedFrame>; operation: Operation };
  if (message.type === "key") void cipher.setKey(message.epoch, message.raw);
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
