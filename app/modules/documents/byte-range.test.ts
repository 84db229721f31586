import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { contentRange, opensFile, parseRange } from "./byte-range";

describe("parseRange", () => {
  it("serves the whole file without a header, or with one it does not serve", () => {
    expect(parseRange(null, 100)).toEqual({ kind: "full" });
    expect(parseRange("", 100)).toEqual({ kind: "full" });
    expect(parseRange("items=0-5", 100)).toEqual({ kind: "full" });
    expect(parseRange("bytes=0-5,10-20", 100)).toEqual({ kind: "full" });
    expect(parseRange("bytes=-", 100)).toEqual({ kind: "full" });
    expect(parseRange("bytes=abc-", 100)).toEqual({ kind: "full" });
    // The last position before the first: the header is invalid, so ignored.
    expect(parseRange("bytes=9-3", 100)).toEqual({ kind: "full" });
  });

  it("reads bytes=a-b, bytes=a- and bytes=-n", () => {
    expect(parseRange("bytes=0-9", 100)).toEqual({ kind: "partial", offset: 0, length: 10 });
    expect(parseRange("bytes=90-200", 100)).toEqual({ kind: "partial", offset: 90, length: 10 });
    expect(parseRange("bytes=40-", 100)).toEqual({ kind: "partial", offset: 40, length: 60 });
    expect(parseRange("bytes=-30", 100)).toEqual({ kind: "partial", offset: 70, length: 30 });
    expect(parseRange("bytes=-300", 100)).toEqual({ kind: "partial", offset: 0, length: 100 });
    expect(parseRange("Bytes = 5 - 5", 100)).toEqual({ kind: "partial", offset: 5, length: 1 });
  });

  it("finds ranges outside the file unsatisfiable", () => {
    expect(parseRange("bytes=100-", 100)).toEqual({ kind: "unsatisfiable" });
    expect(parseRange("bytes=150-160", 100)).toEqual({ kind: "unsatisfiable" });
    expect(parseRange("bytes=-0", 100)).toEqual({ kind: "unsatisfiable" });
    expect(parseRange("bytes=0-", 0)).toEqual({ kind: "unsatisfiable" });
    expect(contentRange({ kind: "unsatisfiable" }, 100)).toBe("bytes */100");
    expect(contentRange({ kind: "partial", offset: 70, length: 30 }, 100)).toBe("bytes 70-99/100");
  });

  it("audits only the request that opens the file", () => {
    expect(opensFile({ kind: "full" })).toBe(true);
    expect(opensFile(parseRange("bytes=0-", 100))).toBe(true);
    expect(opensFile(parseRange("bytes=50-", 100))).toBe(false);
    expect(opensFile({ kind: "unsatisfiable" })).toBe(false);
  });

  it("always answers a range inside the file, or says why not", () => {
    const header = fc.oneof(
      fc.tuple(fc.nat(5000), fc.option(fc.nat(5000), { nil: undefined })).map(([a, b]) => `bytes=${a}-${b ?? ""}`),
      fc.nat(5000).map((n) => `bytes=-${n}`),
      fc.string(),
    );
    fc.assert(
      fc.property(header, fc.nat(3000), (value, size) => {
        const range = parseRange(value, size);
        if (range.kind !== "partial") return;
        expect(range.length).toBeGreaterThan(0);
        expect(range.offset).toBeGreaterThanOrEqual(0);
        expect(range.offset + range.length).toBeLessThanOrEqual(size);
        // The Content-Range names exactly those bytes.
        const [, start, end, total] = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(contentRange(range, size))!.map(Number);
        expect([start, end - start + 1, total]).toEqual([range.offset, range.length, size]);
      }),
    );
  });

  it("agrees with slicing for every well-formed range", () => {
    fc.assert(
      fc.property(fc.nat(200), fc.nat(300), fc.nat(300), (size, a, b) => {
        const [first, last] = [Math.min(a, b), Math.max(a, b)];
        const range = parseRange(`bytes=${first}-${last}`, size);
        if (first >= size) expect(range.kind).toBe("unsatisfiable");
        else expect(range).toEqual({ kind: "partial", offset: first, length: Math.min(last, size - 1) - first + 1 });
      }),
    );
  });
});
