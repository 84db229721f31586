import { describe, expect, it } from "vitest";
import { webmHeadLength, withDuration } from "./webm-head";
import { readWebmStart } from "./webm-structure";

/** The Duration element (0x4489, 8-byte float) in a header, in milliseconds, or null. */
function readDurationMs(head: Uint8Array): number | null {
  for (let i = 0; i + 11 <= head.length; i++) {
    if (head[i] === 0x44 && head[i + 1] === 0x89 && head[i + 2] === 0x88) return new DataView(head.buffer, head.byteOffset + i + 3, 8).getFloat64(0);
  }
  return null;
}

/** An EBML element with a 1-byte size (enough for these small test elements). */
function element(id: number[], ...content: number[][]): number[] {
  const body = content.flat();
  if (body.length > 126) throw new Error("test element too large");
  return [...id, 0x80 | body.length, ...body];
}
const text = (s: string) => [...new TextEncoder().encode(s)];
const UNKNOWN = [0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff];

/** What Chromium's MediaRecorder writes first: EBML header, a Segment of unknown size, Info without Duration, Tracks, then a Cluster. */
function chromiumLikeRecording() {
  const ebml = element([0x1a, 0x45, 0xdf, 0xa3], element([0x42, 0x82], text("webm")), element([0x42, 0x87], [4]), element([0x42, 0x85], [2]));
  const info = element(
    [0x15, 0x49, 0xa9, 0x66],
    element([0x2a, 0xd7, 0xb1], [0x0f, 0x42, 0x40]),
    element([0x4d, 0x80], text("Chrome")),
    element([0x57, 0x41], text("Chrome")),
  );
  const tracks = element([0x16, 0x54, 0xae, 0x6b], element([0xae], element([0xd7], [1]), element([0x83], [1]), element([0x86], text("V_VP8"))));
  const head = [...ebml, 0x18, 0x53, 0x80, 0x67, ...UNKNOWN, ...info, ...tracks];
  const cluster = [0x1f, 0x43, 0xb6, 0x75, ...UNKNOWN, ...element([0xe7], [0]), ...element([0xa3], [0x81, 0, 0, 0x80, 1, 2, 3, 4, 5])];
  return { head: new Uint8Array(head), file: new Uint8Array([...head, ...cluster, ...cluster]) };
}

describe("a recording's WebM header", () => {
  it("ends where the first Cluster starts", () => {
    const { head, file } = chromiumLikeRecording();
    expect(webmHeadLength(file)).toBe(head.length);
    expect(webmHeadLength(file.subarray(0, head.length - 3))).toBeNull();
  });

  it("tells a header cut short (the browser waits for more) from bytes that are not WebM (the server refuses them)", () => {
    const { head, file } = chromiumLikeRecording();
    expect(readWebmStart(file)).toEqual({ headLength: head.length });
    // Every cut before the first Cluster, down to nothing, is the beginning of a header.
    for (let cut = 0; cut < head.length + 4; cut++) expect(readWebmStart(file.subarray(0, cut))).toBe("partial");
    expect(readWebmStart(new TextEncoder().encode("%PDF-1.7 not a recording"))).toBe("invalid");
    expect(readWebmStart(new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 0x80, 0x00]))).toBe("invalid");
  });

  it("is not found in something that is not WebM", () => {
    expect(webmHeadLength(new TextEncoder().encode("%PDF-1.7 not a recording"))).toBeNull();
    expect(webmHeadLength(new Uint8Array())).toBeNull();
  });

  it("gets the duration written in, keeping the Segment's unknown size, at a length that does not depend on the duration", async () => {
    const { head } = chromiumLikeRecording();
    expect(readDurationMs(head)).toBeNull();
    const short = await withDuration(head, 1);
    const long = await withDuration(head, 3_723_456);
    expect(readDurationMs(long)).toBe(3_723_456);
    expect(short.length).toBe(long.length);
    expect(long.length).toBeGreaterThan(head.length);
    // Still a header that ends before a Cluster, with the Segment's size unknown.
    const segmentSizeAt = [...long].findIndex((b, i) => b === 0x18 && long[i + 1] === 0x53 && long[i + 2] === 0x80 && long[i + 3] === 0x67) + 4;
    expect([...long.subarray(segmentSizeAt, segmentSizeAt + 8)]).toEqual(UNKNOWN);
    const cluster = [0x1f, 0x43, 0xb6, 0x75, ...UNKNOWN];
    expect(webmHeadLength(new Uint8Array([...long, ...cluster]))).toBe(long.length);
  });

  it("is left as it is when it cannot be read", async () => {
    const garbage = new Uint8Array([1, 2, 3, 4, 5]);
    expect(await withDuration(garbage, 1000)).toEqual(garbage);
  });
});
