import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { detectDecimal, minorDigits, parseAmount, parseLooseAmount } from "./money";

describe("parseAmount", () => {
  it.each([
    ["1234.56", ".", 123456],
    ["1,234.56", ".", 123456],
    ["1.234,56", ",", 123456],
    ["-1234,56", ",", -123456],
    ["1 234,56", ",", 123456],
    ["1\u00a0234,56", ",", 123456],
    ["1'234.56", ".", 123456],
    ["+12.00", ".", 1200],
    ["(12.00)", ".", -1200],
    ["12.00-", ".", -1200],
    ["-$1,234.56", ".", -123456],
    ["$-1,234.56", ".", -123456],
    ["€ 12,50", ",", 1250],
    ["12,50 €", ",", 1250],
    ["EUR -12,50", ",", -1250],
    ["12.00 DR", ".", -1200],
    ["12.00 CR", ".", 1200],
    ["\u22125.00", ".", -500],
    ["0.5", ".", 50],
    [".75", ".", 75],
    ["12", ".", 1200],
    ["-0.00", ".", 0],
    ["12.340", ".", 1234],
  ] as const)("reads %s with decimal %s", (text, decimal, minor) => {
    expect(parseAmount(text, decimal, "USD")).toBe(minor);
  });

  it.each(["", "-", "abc", "12.34.56", "1,23.00", "12.345", "1.234.5", "12..3", "1e5", "0x10", "12 345 678 901 234 567.00"])("refuses %j", (text) => {
    expect(parseAmount(text, ".", "USD")).toBeNull();
  });

  it("respects the currency's minor digits", () => {
    expect(minorDigits("JPY")).toBe(0);
    expect(minorDigits("kwd")).toBe(3);
    expect(minorDigits("EUR")).toBe(2);
    expect(parseAmount("1,500", ".", "JPY")).toBe(1500);
    expect(parseAmount("1500.00", ".", "JPY")).toBe(1500);
    expect(parseAmount("1500.5", ".", "JPY")).toBeNull();
    expect(parseAmount("12.345", ".", "BHD")).toBe(12345);
    expect(parseAmount("-0,5", ",", "KWD")).toBe(-500);
  });

  it("reads OFX amounts with either decimal separator", () => {
    expect(parseLooseAmount("+1240,18", "USD")).toBe(124018);
    expect(parseLooseAmount("-6512.40", "USD")).toBe(-651240);
  });
});

describe("detectDecimal", () => {
  it("follows the separator after the last group", () => {
    expect(detectDecimal(["1.234,56", "12,00"], ",")).toBe(",");
    expect(detectDecimal(["1,234.56", "-12.00"], ";")).toBe(".");
  });
  it("reads repeated separators as thousands", () => {
    expect(detectDecimal(["1.234.567"], ",")).toBe(",");
    expect(detectDecimal(["1,234,567"], ";")).toBe(".");
  });
  it("falls back on the delimiter when the amounts do not tell", () => {
    expect(detectDecimal(["1,234", "12", ""], ";")).toBe(",");
    expect(detectDecimal(["1,234", "12"], ",")).toBe(".");
  });
});

// Formats minor units the way banks print them: grouped or not, with either convention and sign style.
function format(minor: number, digits: number, decimal: "." | ",", grouped: boolean, style: "minus" | "trailing" | "parens"): string {
  const abs = Math.abs(minor)
    .toString()
    .padStart(digits + 1, "0");
  let whole = abs.slice(0, abs.length - digits);
  if (grouped) whole = whole.replace(/\B(?=(\d{3})+$)/g, decimal === "." ? "," : ".");
  const text = digits > 0 ? `${whole}${decimal}${abs.slice(-digits)}` : whole;
  if (minor >= 0) return text;
  return style === "minus" ? `-${text}` : style === "trailing" ? `${text}-` : `(${text})`;
}

describe("parseAmount, property", () => {
  it("reads back any amount however it is formatted", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -(10 ** 13), max: 10 ** 13 }),
        fc.constantFrom("USD", "JPY", "KWD", "EUR"),
        fc.constantFrom<"." | ",">(".", ","),
        fc.boolean(),
        fc.constantFrom<"minus" | "trailing" | "parens">("minus", "trailing", "parens"),
        (minor, currency, decimal, grouped, style) => {
          const text = format(minor, minorDigits(currency), decimal, grouped, style);
          expect(parseAmount(text, decimal, currency)).toBe(minor);
          // A currency symbol or code around it changes nothing.
          expect(parseAmount(`${currency} ${text}`, decimal, currency)).toBe(minor);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
