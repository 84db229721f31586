import fixWebmDuration from "fix-webm-duration";

/**
 * The start of a WebM recording as Chromium's MediaRecorder writes it: the EBML header, then a Segment of unknown
 * size holding Info and Tracks, then Clusters. Chromium never writes the Duration (it does not know it while
 * recording), so players cannot seek. We write it in at the end with fix-webm-duration, applied to the header alone:
 * the recording itself never has to be in memory (docs/decisions/0028).
 */
const EBML_ID = 0x1a45dfa3;
const SEGMENT_ID = 0x18538067;
const CLUSTER_ID = 0x1f43b675;
/** A Segment size of "unknown" (all value bits set, 8 bytes): what Chromium writes, and what a streamed file needs. */
const UNKNOWN_SIZE_8 = [0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff];

interface Vint {
  /** Bytes the number takes. */
  length: number;
  /** Its value without the length marker (element sizes), or with it (element ids, as the Matroska tables write them). */
  value: number;
  raw: number;
  unknown: boolean;
}

function readVint(bytes: Uint8Array, offset: number): Vint | null {
  const first = bytes[offset];
  if (first === undefined || first === 0) return null;
  const length = Math.clz32(first) - 23;
  if (offset + length > bytes.length) return null;
  let value = first & (0xff >> length);
  let raw = first;
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    value = value * 256 + bytes[offset + i];
    raw = raw * 256 + bytes[offset + i];
    if (bytes[offset + i] !== 0xff) allOnes = false;
  }
  return { length, value, raw, unknown: allOnes };
}

/**
 * Where the first Cluster starts (the header's length), or null when these bytes are not the start of a WebM file or
 * end before its first Cluster.
 */
export function webmHeadLength(bytes: Uint8Array): number | null {
  const ebmlId = readVint(bytes, 0);
  if (ebmlId?.raw !== EBML_ID) return null;
  const ebmlSize = readVint(bytes, ebmlId.length);
  if (!ebmlSize || ebmlSize.unknown) return null;
  let offset = ebmlId.length + ebmlSize.length + ebmlSize.value;
  const segmentId = readVint(bytes, offset);
  if (segmentId?.raw !== SEGMENT_ID) return null;
  const segmentSize = readVint(bytes, offset + segmentId.length);
  if (!segmentSize) return null;
  offset += segmentId.length + segmentSize.length;
  while (offset < bytes.length) {
    const id = readVint(bytes, offset);
    if (!id) return null;
    if (id.raw === CLUSTER_ID) return offset;
    const size = readVint(bytes, offset + id.length);
    if (!size || size.unknown) return null;
    offset += id.length + size.length + size.value;
  }
  return null;
}

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
