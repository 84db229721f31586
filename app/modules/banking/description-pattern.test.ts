import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { descriptionMatches, descriptionPatternProblem, MATCHED_LENGTH } from "./description-pattern";
import { ruleMatches } from "./rules";

/** Hostile patterns: nested and overlapping repeats and alternatives, the shapes that make a backtracking engine explode. */
const atom = fc.constantFrom("a", "A", ".", "\\w", "\\s", "[a-z]", "[^x]", "\\d", "a|a", "(?:aa|a)", "x", " ");
const pattern: fc.Arbitrary<string> = fc
  .letrec<{ node: string }>((tie) => ({
    node: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      atom,
      fc.tuple(tie("node"), tie("node")).map(([l, r]) => l + r),
      fc.tuple(tie("node"), tie("node")).map(([l, r]) => `(${l}|${r})`),
      fc.tuple(tie("node"), fc.constantFrom("*", "+", "?", "{2,}", "{0,9}", "{1,30}", "*?")).map(([n, q]) => `(${n})${q}`),
    ),
  }))
  .node.chain((p) => fc.constantFrom(p, `^${p}$`, `${p}$`));

/** Long descriptions that almost match: a run of what the patterns repeat, then something they do not expect. */
const description = fc.oneof(
  fc.constantFrom("a".repeat(MATCHED_LENGTH) + "!", "a ".repeat(600) + "x!", "A".repeat(5000), "aaaa" + "a".repeat(26)),
  fc.string({ minLength: 500, maxLength: 2000 }),
);

function slowest(source: string, text: string): number {
  descriptionMatches(source, text); // compiled once, as an import's run compiles it once
  let worst = 0;
  for (let i = 0; i < 3; i++) {
    const started = performance.now();
    descriptionMatches(source, text);
    worst = Math.max(worst, performance.now() - started);
  }
  return worst;
}

describe("a rule's matches pattern runs in linear time", () => {
  it("the probe's pattern: ^a{4}(a|a)*$ over 30 characters answers at once (JavaScript's engine: seconds)", () => {
    expect(descriptionPatternProblem("^a{4}(a|a)*$")).toBeNull();
    expect(slowest("^a{4}(a|a)*$", "a".repeat(30) + "b")).toBeLessThan(20);
    expect(descriptionMatches("^a{4}(a|a)*$", "aaaaaa")).toBe(true);
  });

  it("every generated hostile pattern that can be saved matches a long description within a few milliseconds", () => {
    let accepted = 0;
    fc.assert(
      fc.property(pattern, description, (source, text) => {
        if (descriptionPatternProblem(source)) return;
        accepted += 1;
        // Measured ~1 ms on this 2-core machine; the bound leaves room for a loaded run, far below a backtracking second.
        expect(slowest(source, text)).toBeLessThan(25);
      }),
      { numRuns: 300 },
    );
    // Most generated patterns are small enough to save: the property is not met by refusing everything.
    expect(accepted).toBeGreaterThan(150);
  });

  it("refuses what RE2 cannot run in linear time, and patterns too large to run cheaply, with their reason", () => {
    expect(descriptionPatternProblem("(?=ach)ach")).toMatchObject({ kind: "invalid", reason: expect.stringContaining("(?=") });
    expect(descriptionPatternProblem("(a)\\1")).toMatchObject({ kind: "invalid" });
    expect(descriptionPatternProblem("(unclosed")).toMatchObject({ kind: "invalid" });
    expect(descriptionPatternProblem("(.*){100}z")).toEqual({ kind: "tooComplex" });
    expect(descriptionPatternProblem("[a-z]{1000}")).toEqual({ kind: "tooComplex" });
    expect(descriptionPatternProblem("^ACH (DEP|CREDIT)")).toBeNull();
  });

  it("matches as before: case-insensitive search, and a pattern saved before these limits matches nothing", () => {
    const subject = { accountId: "a", postedOn: "2026-09-01", description: "ACH CREDIT 0914 PAYROLL", amountMinor: 100 };
    expect(ruleMatches([{ field: "description", op: "matches", value: "^ach (dep|credit)" }], subject)).toBe(true);
    expect(ruleMatches([{ field: "description", op: "matches", value: "payroll$" }], subject)).toBe(true);
    expect(ruleMatches([{ field: "description", op: "matches", value: "(?=ACH)ACH" }], subject)).toBe(false);
    expect(ruleMatches([{ field: "description", op: "matches", value: "(.*){100}z" }], subject)).toBe(false);
  });
});
