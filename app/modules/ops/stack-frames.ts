/**
 * Stack frames read without regular expressions (issue 42): a browser's stack is anyone's text, and the frame regexes
 * it used to meet (`(.+?)\s+\(` then `(.+?):(\d+):(\d+)`) backtrack quadratically over one long line, which held the
 * Worker's only thread for seconds. Every step here is a scan or an indexOf: linear in the line's length.
 */
import { LIMITS } from "./scrub";

/** Longest line kept of a stack: a real frame is a few hundred characters; a longer one is cut, not parsed whole. */
export const MAX_STACK_LINE = 1024;

/**
 * A stack cut to its limits before anything reads it: at most LIMITS.stack characters, each line at most
 * MAX_STACK_LINE. Runs before mapping, scrubbing and fingerprinting, so their work is bounded whatever arrives.
 */
export function capStack(stack: string | null | undefined): string | null {
  if (!stack) return null;
  return stack
    .slice(0, LIMITS.stack)
    .split("\n")
    .map((line) => (line.length > MAX_STACK_LINE ? `${line.slice(0, MAX_STACK_LINE - 1)}…` : line))
    .join("\n");
}

export interface StackFrame {
  /** What comes before the function: the indent and V8's `at `. */
  lead: string;
  fn: string;
  file: string;
  line: number;
  /** Null when the frame names a line only (`file.js:12`). */
  column: number | null;
  /** Firefox and Safari's `fn@file:line:column`, not V8's `at fn (file:line:column)`. */
  gecko: boolean;
}

const isSpace = (code: number) => code === 32 || code === 9 || code === 13 || code === 10 || code === 12 || code === 11 || code === 160;
const isDigit = (code: number) => code >= 48 && code <= 57;

function skipSpace(text: string, from: number): number {
  let i = from;
  while (i < text.length && isSpace(text.charCodeAt(i))) i++;
  return i;
}

function trimEndIndex(text: string): number {
  let end = text.length;
  while (end > 0 && isSpace(text.charCodeAt(end - 1))) end--;
  return end;
}

/** The digits that end `text` after its last colon, or -1 (and the colon's index). */
function trailingNumber(text: string): { value: number; colon: number } | null {
  const colon = text.lastIndexOf(":");
  if (colon < 0 || colon === text.length - 1) return null;
  for (let i = colon + 1; i < text.length; i++) if (!isDigit(text.charCodeAt(i))) return null;
  return { value: Number(text.slice(colon + 1)), colon };
}

/** `file:line:column` (or `file:line` when `columnOptional`) → its parts; null when it is not a position. */
function parseLocation(text: string, columnOptional: boolean): { file: string; line: number; column: number | null } | null {
  const last = trailingNumber(text);
  if (!last) return null;
  const before = trailingNumber(text.slice(0, last.colon));
  if (before && before.colon > 0) return { file: text.slice(0, before.colon), line: before.value, column: last.value };
  if (!columnOptional || last.colon === 0) return null;
  return { file: text.slice(0, last.colon), line: last.value, column: null };
}

/** V8's `at fn (location)` or `at location`; `rest` starts after `at` and its spaces. */
function v8Frame(lead: string, rest: string, columnOptional: boolean): StackFrame | null {
  // `at fn (location)`: the function ends at the first space before an opening parenthesis.
  if (rest.endsWith(")")) {
    const open = rest.search(/\s\(/);
    if (open > 0) {
      const location = parseLocation(rest.slice(open + 2, -1), columnOptional);
      if (location) return { lead, fn: rest.slice(0, trimEndIndex(rest.slice(0, open))), ...location, gecko: false };
    }
  }
  const location = parseLocation(rest.endsWith(")") ? rest.slice(0, -1) : rest, columnOptional);
  return location ? { lead, fn: "", ...location, gecko: false } : null;
}

/**
 * One line of a stack as a frame, or null when it is not one (the message, `at async Promise.all (index 0)`).
 * `columnOptional` also takes `file:line` (the fingerprint's reading; the source maps need both numbers).
 */
export function parseStackFrame(line: string, columnOptional = false): StackFrame | null {
  const text = line.slice(0, trimEndIndex(line));
  const start = skipSpace(text, 0);
  if (text.startsWith("at", start) && isSpace(text.charCodeAt(start + 2))) {
    const body = skipSpace(text, start + 2);
    return v8Frame(text.slice(0, body), text.slice(body), columnOptional);
  }
  const at = text.indexOf("@", start);
  if (at < 0) return null;
  const fn = text.slice(start, at);
  for (let i = 0; i < fn.length; i++) if (isSpace(fn.charCodeAt(i))) return null;
  const location = parseLocation(text.slice(at + 1), columnOptional);
  return location ? { lead: text.slice(0, start), fn, ...location, gecko: true } : null;
}
