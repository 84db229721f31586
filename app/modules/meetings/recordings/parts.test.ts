import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { finishedSize, fullPartsReady, receivedRangeOfFirstPart, receivedRangeOfPart, type PartLayout } from "./parts";

/** Assembles the finished file the way the server does: parts rolled as bytes arrive, then the rest and part 1 at the end. */
function assemble(layout: PartLayout, received: Uint8Array, arrivals: number[], patchedHead: Uint8Array) {
  const parts = new Map<number, Uint8Array>();
  for (const upTo of arrivals) {
    for (const part of fullPartsReady(layout, upTo, [...parts.keys()])) {
      const range = receivedRangeOfPart(layout, part, upTo);
      parts.set(part, received.slice(range.start, range.end));
    }
  }
  const { parts: count } = finishedSize(layout, received.length);
  for (let part = 2; part <= count; part++) {
    if (parts.has(part)) continue;
    const range = receivedRangeOfPart(layout, part, received.length);
    parts.set(part, received.slice(range.start, range.end));
  }
  const first = receivedRangeOfFirstPart(layout, received.length);
  parts.set(1, new Uint8Array([...patchedHead, ...received.slice(first.start, first.end)]));
  return [...parts.entries()].sort((a, b) => a[0] - b[0]).map(([, bytes]) => bytes);
}

describe("a recording's parts", () => {
  it("are the header with its duration then the rest, every part but the last of one size, for any chunking", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 8, max: 40 }),
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 0, max: 12 }),
        fc.array(fc.integer({ min: 1, max: 50 }), { minLength: 1, maxLength: 40 }),
        (partBytes, head, growth, chunkSizes) => {
          fc.pre(head + growth < partBytes && chunkSizes.reduce((a, b) => a + b, 0) >= head);
          const total = chunkSizes.reduce((a, b) => a + b, 0);
          const received = Uint8Array.from({ length: total }, (_, i) => i % 251);
          const patchedHead = Uint8Array.from({ length: head + growth }, () => 255);
          const arrivals = chunkSizes.map((_, i) => chunkSizes.slice(0, i + 1).reduce((a, b) => a + b, 0));
          const layout = { partBytes, head, patchedHead: head + growth };
          const parts = assemble(layout, received, arrivals, patchedHead);
          const file = new Uint8Array(parts.flatMap((p) => [...p]));
          expect([...file]).toEqual([...patchedHead, ...received.slice(head)]);
          expect(parts.slice(0, -1).every((p) => p.length === partBytes)).toBe(true);
          expect(parts.at(-1)!.length).toBeLessThanOrEqual(partBytes);
          expect(parts.at(-1)!.length).toBeGreaterThan(0);
          expect(finishedSize(layout, total)).toEqual({ bytes: file.length, parts: parts.length });
        },
      ),
    );
  });
});
