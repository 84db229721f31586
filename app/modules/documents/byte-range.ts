/**
 * One `Range: bytes=…` request (RFC 9110 §14), so a long recording can seek in <video> without downloading it whole.
 * Only single ranges are served: a header we do not serve (another unit, several ranges, bad syntax) is ignored and
 * the whole file is sent, as the RFC allows; a well-formed range outside the file is unsatisfiable (416).
 */
export type RangeRequest = { kind: "full" } | { kind: "partial"; offset: number; length: number } | { kind: "unsatisfiable" };

const SINGLE_RANGE = /^bytes[ \t]*=[ \t]*(\d*)[ \t]*-[ \t]*(\d*)[ \t]*$/i;

export function parseRange(header: string | null | undefined, size: number): RangeRequest {
  if (!header) return { kind: "full" };
  const match = SINGLE_RANGE.exec(header.trim());
  if (!match) return { kind: "full" };
  const [first, last] = [match[1], match[2]];
  if (first === "" && last === "") return { kind: "full" };
  if (first === "") {
    // bytes=-n: the last n bytes (all of them when n is larger than the file).
    const suffix = Number(last);
    if (!Number.isSafeInteger(suffix)) return { kind: "full" };
    if (suffix === 0 || size === 0) return { kind: "unsatisfiable" };
    const length = Math.min(suffix, size);
    return { kind: "partial", offset: size - length, length };
  }
  const start = Number(first);
  const end = last === "" ? Number.POSITIVE_INFINITY : Number(last);
  if (!Number.isSafeInteger(start) || (last !== "" && !Number.isSafeInteger(end))) return { kind: "full" };
  // A last position before the first makes the header invalid, so it is ignored.
  if (end < start) return { kind: "full" };
  if (start >= size) return { kind: "unsatisfiable" };
  return { kind: "partial", offset: start, length: Math.min(end, size - 1) - start + 1 };
}

/** Content-Range of a partial answer, or of a 416 (`bytes *\/size`). */
export function contentRange(range: RangeRequest, size: number): string {
  return range.kind === "partial" ? `bytes ${range.offset}-${range.offset + range.length - 1}/${size}` : `bytes */${size}`;
}

/**
 * A player reads a file in many requests; only the one that opens it (no range, or one from the first byte) is a view
 * or download worth an audit entry, not every chunk a seek asks for.
 */
export function opensFile(range: RangeRequest): boolean {
  return range.kind === "full" || (range.kind === "partial" && range.offset === 0);
}
