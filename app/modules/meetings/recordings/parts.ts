/**
 * How a recording's bytes become the parts of an R2 multipart upload (docs/decisions/0028). R2 wants every part but
 * the last of one size (at least 5 MiB). The finished file is the header with its duration written in (`patchedHead`
 * bytes instead of `head`), then everything after the header as received. Part k holds the finished file's bytes
 * [(k−1)·size, k·size): for k ≥ 2 those are received bytes shifted by the header's growth, so they can be uploaded as
 * soon as they have arrived; part 1 starts with the header and is uploaded last.
 */
export const PART_BYTES = 5 * 1024 * 1024;

export interface PartLayout {
  partBytes: number;
  head: number;
  patchedHead: number;
}

/** A range of the received bytes, [start, end). */
export interface ByteRange {
  start: number;
  end: number;
}

const shift = (layout: PartLayout) => layout.patchedHead - layout.head;

/** The received bytes part k ≥ 2 holds, cut at `received` for the last part. */
export function receivedRangeOfPart(layout: PartLayout, part: number, received: number): ByteRange {
  if (part < 2) throw new Error("part 1 starts with the header");
  return { start: (part - 1) * layout.partBytes - shift(layout), end: Math.min(part * layout.partBytes - shift(layout), received) };
}

/** The received bytes after the header that part 1 holds (the header itself is rewritten). */
export function receivedRangeOfFirstPart(layout: PartLayout, received: number): ByteRange {
  return { start: layout.head, end: Math.min(layout.partBytes - shift(layout), received) };
}

/** The full parts (2, 3, …) whose bytes have all arrived and that are not uploaded yet, in order. */
export function fullPartsReady(layout: PartLayout, received: number, uploaded: readonly number[]): number[] {
  const ready: number[] = [];
  for (let part = 2; part * layout.partBytes - shift(layout) <= received; part++) if (!uploaded.includes(part)) ready.push(part);
  return ready;
}

/** The finished file's length and its number of parts. */
export function finishedSize(layout: PartLayout, received: number): { bytes: number; parts: number } {
  const bytes = received + shift(layout);
  return { bytes, parts: Math.max(1, Math.ceil(bytes / layout.partBytes)) };
}
