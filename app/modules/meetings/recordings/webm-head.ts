import fixWebmDuration from "fix-webm-duration";
import { readVint, SEGMENT_ID, UNKNOWN_SIZE_8 } from "./webm-structure";

export { webmHeadLength } from "./webm-structure";

/*
 * Chromium never writes a WebM recording's Duration (it does not know it while recording), so players cannot seek.
 * We write it in at the end with fix-webm-duration, applied to the header alone: the recording itself never has to
 * be in memory (docs/decisions/0028).
 */

/** Workers have Blob but not FileReader, which fix-webm-duration reads its Blob with. */
class BlobFileReader {
  result: ArrayBuffer | null = null;
  onloadend: (() => void) | null = null;
  readAsArrayBuffer(blob: Blob) {
    void blob.arrayBuffer().then(
      (buffer) => {
        this.result = buffer;
        this.onloadend?.();
      },
      () => this.onloadend?.(),
    );
  }
}

/**
 * The header with `durationMs` written into its Info. The Segment keeps its unknown size (the library would write the
 * header's own length there, which would cut the file short). The result's length does not depend on the duration,
 * so the first part's size can be known before the recording ends. Unchanged when the header cannot be read.
 */
export async function withDuration(head: Uint8Array, durationMs: number): Promise<Uint8Array> {
  const global = globalThis as { FileReader?: unknown };
  global.FileReader ??= BlobFileReader;
  const fixed = new Uint8Array(
    await (await fixWebmDuration(new Blob([new Uint8Array(head)], { type: "video/webm" }), Math.max(1, durationMs), { logger: false })).arrayBuffer(),
  );
  if (fixed.length === head.length && fixed.every((b, i) => b === head[i])) return head;
  // Find the Segment in the rewritten header and give it back its unknown size.
  const ebmlId = readVint(fixed, 0);
  const ebmlSize = ebmlId && readVint(fixed, ebmlId.length);
  if (!ebmlId || !ebmlSize) return head;
  const segmentAt = ebmlId.length + ebmlSize.length + ebmlSize.value;
  const segmentId = readVint(fixed, segmentAt);
  const segmentSize = segmentId && readVint(fixed, segmentAt + segmentId.length);
  if (segmentId?.raw !== SEGMENT_ID || !segmentSize) return head;
  const sizeAt = segmentAt + segmentId.length;
  const out = new Uint8Array(fixed.length - segmentSize.length + UNKNOWN_SIZE_8.length);
  out.set(fixed.subarray(0, sizeAt), 0);
  out.set(UNKNOWN_SIZE_8, sizeAt);
  out.set(fixed.subarray(sizeAt + segmentSize.length), sizeAt + UNKNOWN_SIZE_8.length);
  return out;
}
