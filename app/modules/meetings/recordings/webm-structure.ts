/**
 * Reading the start of a WebM recording as Chromium's MediaRecorder writes it: the EBML header, then a Segment of
 * unknown size holding Info and Tracks, then Clusters. No dependencies: the browser uses it to know when it holds
 * the whole header, the server to check and keep it (webm-head.ts).
 */
const EBML_ID = 0x1a45dfa3;
export const SEGMENT_ID = 0x18538067;
const CLUSTER_ID = 0x1f43b675;
/** A Segment size of "unknown" (all value bits set, 8 bytes): what Chromium writes, and what a streamed file needs. */
export const UNKNOWN_SIZE_8 = [0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff];

export interface Vint {
  /** Bytes the number takes. */
  length: number;
  /** Its value without the length marker (element sizes), or with it (element ids, as the Matroska tables write them). */
  value: number;
  raw: number;
  unknown: boolean;
}

export function readVint(bytes: Uint8Array, offset: number): Vint | null {
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

/** What the first bytes of a recording are: a whole header (up to the first Cluster), its beginning, or not WebM. */
export type WebmStart = { headLength: number } | "partial" | "invalid";

/** Reads an element's id or size at `offset`: "partial" when the bytes end first, null when it is not a number. */
function vintAt(bytes: Uint8Array, offset: number): Vint | "partial" | null {
  const first = bytes[offset];
  if (first === undefined) return "partial";
  if (first === 0) return null;
  if (offset + Math.clz32(first) - 23 > bytes.length) return "partial";
  return readVint(bytes, offset);
}

export function readWebmStart(bytes: Uint8Array): WebmStart {
  const ebmlId = vintAt(bytes, 0);
  if (ebmlId === "partial") return "partial";
  if (ebmlId?.raw !== EBML_ID) return "invalid";
  const ebmlSize = vintAt(bytes, ebmlId.length);
  if (ebmlSize === "partial") return "partial";
  if (!ebmlSize || ebmlSize.unknown) return "invalid";
  let offset = ebmlId.length + ebmlSize.length + ebmlSize.value;
  const segmentId = vintAt(bytes, offset);
  if (segmentId === "partial") return "partial";
  if (segmentId?.raw !== SEGMENT_ID) return "invalid";
  const segmentSize = vintAt(bytes, offset + segmentId.length);
  if (segmentSize === "partial") return "partial";
  if (!segmentSize) return "invalid";
  offset += segmentId.length + segmentSize.length;
  for (;;) {
    const id = vintAt(bytes, offset);
    if (id === "partial") return "partial";
    if (!id) return "invalid";
    if (id.raw === CLUSTER_ID) return { headLength: offset };
    const size = vintAt(bytes, offset + id.length);
    if (size === "partial") return "partial";
    if (!size || size.unknown) return "invalid";
    offset += id.length + size.length + size.value;
  }
}

/**
 * Where the first Cluster starts (the header's length), or null when these bytes are not the start of a WebM file or
 * end before its first Cluster.
 */
export function webmHeadLength(bytes: Uint8Array): number | null {
  const start = readWebmStart(bytes);
  return typeof start === "object" ? start.headLength : null;
}
