import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatMinor, parseAmountInput } from "./money";

describe("amounts typed by a person", () => {
  it("reads both decimal conventions, signs, brackets and currency symbols", () => {
    expect(parseAmountInput("84,210.55", "USD")).toBe(8421055);
    expect(parseAmountInput("84.210,55", "EUR")).toBe(8421055);
    expect(parseAmountInput("-1 234,5", "EUR")).toBe(-123450);
    expect(parseAmountInput("(12.00)", "USD")).toBe(-1200);
    expect(parseAmountInput("$1,234", "USD")).toBe(123400);
    expect(parseAmountInput("1200", "JPY")).toBe(1200);
    expect(parseAmountInput("1.250", "KWD")).toBe(1250);
  });

  it("refuses what is not an amount", () => {
    for (const text of ["", "abc", "12a", "1.2.3x", "--5"]) expect(parseAmountInput(text, "USD")).toBeNull();
  });

  it("any amount formatted in English reads back to itself", () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (minor) => {
        expect(parseAmountInput(formatMinor(minor, "USD", "en-US"), "USD")).toBe(minor);
        expect(parseAmountInput(formatMinor(minor, "EUR", "de-DE"), "EUR")).toBe(minor);
      }),
    );
  });
});
