import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fingerprintSource } from "./fingerprint";
import { scrub } from "./scrub";
import { capStack, MAX_STACK_LINE, parseStackFrame } from "./stack-frames";

// The frame regexes these replace (issue 42): right on real frames, quadratic on a hostile line.
const OLD_V8 = /^(\s*at\s+)(?:(.+?)\s+\()?(.+?):(\d+):(\d+)(\)?)\s*$/;
const OLD_GECKO = /^(\s*)([^@\s]*)@(.+?):(\d+):(\d+)\s*$/;

function oldParse(line: string) {
  const v8 = OLD_V8.exec(line);
  const gecko = v8 ? null : OLD_GECKO.exec(line);
  const m = v8 ?? gecko;
  return m ? { fn: m[2] ?? "", file: m[3], line: Number(m[4]), column: Number(m[5]), gecko: !v8 } : null;
}

/** Milliseconds `work` takes. The bounds below are ~100× what the linear code needs and far below the old code's seconds. */
function timed(work: () => void): number {
  const started = performance.now();
  work();
  return performance.now() - started;
}

describe("stack frames are read in linear time", () => {
  it("reads real frames as the old regexes did", () => {
    const frames = [
      "    at loadTrust (https://app.example/assets/root-B2x9Qk1a.js:12:345)",
      "    at https://app.example/assets/root-B2x9Qk1a.js:1:2",
      "    at async Promise.all (index 0)",
      "    at Object.<anonymous> (file:///repo/app/x.ts:3:4)",
      "    at new Foo (http://127.0.0.1:8787/assets/a.js:10:20)",
      "loadTrust@https://app.example/assets/root.js:12:345",
      "@https://app.example/assets/root.js:1:1",
      "TypeError: Cannot read properties of undefined (reading 'id')",
      "    at fn [as key] (http://x:8080/a.js:1:2)",
    ];
    for (const line of frames) {
      const frame = parseStackFrame(line);
      const old = oldParse(line);
      expect(frame && { fn: frame.fn, file: frame.file, line: frame.line, column: frame.column, gecko: frame.gecko }, line).toEqual(old);
    }
  });

  it("agrees with the old regexes on generated frames", () => {
    const name = fc.stringMatching(/^[\w$.<> ]{0,12}$/);
    const file = fc.stringMatching(/^[a-z]{1,5}:\/\/[\w.:-]{1,12}\/[\w./-]{1,20}$/);
    const position = fc.tuple(fc.nat(99999), fc.nat(99999));
    fc.assert(
      fc.property(fc.constantFrom("", "  ", "    "), name, file, position, fc.boolean(), (indent, fn, path, [line, column], gecko) => {
        const text = gecko
          ? `${indent}${fn.replace(/[\s@]/g, "")}@${path}:${line}:${column}`
          : `${indent}at ${fn.trim() ? `${fn.trim()} (${path}:${line}:${column})` : `${path}:${line}:${column}`}`;
        const frame = parseStackFrame(text);
        expect(frame && { fn: frame.fn, file: frame.file, line: frame.line, column: frame.column, gecko: frame.gecko }).toEqual(oldParse(text));
      }),
    );
  });

  it("a hostile line of 240,000 characters is read in milliseconds (the old regex: seconds)", () => {
    const hostile = ["at " + " (".repeat(120_000) + "x", "at " + "a (".repeat(80_000), "@".repeat(200_000), "at " + ":1".repeat(100_000) + "x"];
    for (const line of hostile) expect(timed(() => parseStackFrame(line, true))).toBeLessThan(200);
  });

  it("cuts a stack to 8,000 characters and each line to about 1 KB before anything parses it", () => {
    const stack = capStack(["Error: x", "at " + "y".repeat(50_000), ...Array(300).fill("    at f (https://a.example/assets/a.js:1:2)")].join("\n"))!;
    expect(stack.length).toBeLessThanOrEqual(8000);
    for (const line of stack.split("\n")) expect(line.length).toBeLessThanOrEqual(MAX_STACK_LINE);
    expect(capStack(null)).toBeNull();
  });

  it("scrubbing and grouping a hostile report are linear too", () => {
    const lines = [
      "a".repeat(16_000),
      "http://".repeat(2_300),
      "1.".repeat(8_000),
      "x@".repeat(8_000),
      "password=".repeat(1_700),
      "eyJ".repeat(5_000) + ".",
      "'" + "b".repeat(15_000),
    ];
    for (const text of lines) {
      expect(timed(() => scrub(text, 8000))).toBeLessThan(200);
      expect(timed(() => fingerprintSource("Error", text.slice(0, 500), capStack(text)))).toBeLessThan(200);
    }
  });
});
