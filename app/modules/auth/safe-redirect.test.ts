import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { safeRedirect } from "./safe-redirect";

describe("safeRedirect", () => {
  it.each([
    "/\t/evil.example/phish",
    "/\n/x",
    "/\r/evil.example",
    "/ /evil.example",
    "/\\evil.example",
    "/\\/evil.example",
    "//evil.example",
    "///evil.example",
    "https://evil.example",
    "javascript:alert(1)",
    "evil.example",
    "/\u00a0/evil.example",
    "/\u2028/evil.example",
    "",
  ])("refuses %j and lands on /chat", (to) => {
    expect(safeRedirect(to)).toBe("/chat");
  });

  it.each(["/documents", "/documents/abc?passage=1-20#top", "/polling/1?x=%2F%2Fevil", "/"])("keeps our own path %s", (to) => {
    expect(safeRedirect(to)).toBe(to);
  });

  it("whatever it returns stays on our origin", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (s) => {
        const out = safeRedirect(s);
        const origin = "https://trust.example";
        expect(new URL(out, origin).origin).toBe(origin);
        // What a browser would do after dropping tabs and newlines must not leave either.
        expect(new URL(out.replace(/[\t\n\r]/g, ""), origin).origin).toBe(origin);
      }),
      { numRuns: 2000 },
    );
  });
});
