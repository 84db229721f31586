import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { csvCell, csvNumber, FORMULA_START, neutralise, toCsv, type CsvValue } from "./csv";

/** What a spreadsheet reads back: the file parsed as CSV, without its byte-order mark and final line end. */
const readBack = (csv: string) => {
  expect(csv.startsWith("\uFEFF")).toBe(true);
  expect(csv.endsWith("\r\n")).toBe(true);
  return Papa.parse<string[]>(csv.slice(1, -2), { delimiter: ",", newline: "\r\n", quoteChar: '"' }).data;
};

const HOSTILE = ['=HYPERLINK("http://evil.example","Interest")', "+1+2", "-2+3", "@SUM(A1:A9)", "\t=1+1", "\r=1+1", "\n=1", "＝1+1", "=cmd|' /C calc'!A0"];

/** Text cells, with the characters that matter to CSV and to spreadsheets made likely. */
const text = fc.oneof(
  fc.string(),
  fc.string({ unit: fc.constantFrom("=", "+", "-", "@", "\t", "\r", "\n", '"', ",", ";", " ", "'", "a", "1", ".", "＝") }),
  fc.constantFrom(...HOSTILE),
);

describe("csvCell", () => {
  it("neutralises text that a spreadsheet would run as a formula", () => {
    for (const cell of HOSTILE) expect(readBack(toCsv([[cell]]))[0]![0]).toBe(`'${cell}`);
    expect(csvCell('=HYPERLINK("http://evil.example","Interest")')).toBe(`"'=HYPERLINK(""http://evil.example"",""Interest"")"`);
    expect(csvCell("-12.50")).toBe("'-12.50");
  });

  it("leaves the product's own numbers as numbers, a negative amount included", () => {
    expect(csvCell(csvNumber("-12.50"))).toBe("-12.50");
    expect(csvCell(csvNumber("1234.567"))).toBe("1234.567");
    expect(csvCell(-12.5)).toBe("-12.5");
    expect(csvCell(0)).toBe("0");
    expect(csvCell(3)).toBe("3");
    // Only a plain decimal passes as a number: a formula given as one is text, and neutralised.
    expect(csvCell(csvNumber("-1+2"))).toBe("'-1+2");
    expect(csvCell(csvNumber('=HYPERLINK("x")'))).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell(Number.NEGATIVE_INFINITY)).toBe("'-Infinity");
  });

  it("writes empty, plain and boolean cells plainly, and quotes what needs quoting", () => {
    expect([null, undefined, "", "Margaret A. Hartwell-Chen", true].map(csvCell)).toEqual(["", "", "", "Margaret A. Hartwell-Chen", "true"]);
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("a;=1+1")).toBe('"a;=1+1"');
    expect(csvCell("line\nbreak")).toBe('"line\nbreak"');
    expect(csvCell(" padded ")).toBe('" padded "');
  });

  it("property: every text reads back as itself, or neutralised when it begins like a formula", () => {
    fc.assert(
      fc.property(fc.array(fc.array(text, { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 6 }), (rows) => {
        // A last column of its own on every row, so that a row of one empty cell is a line a parser keeps.
        const back = readBack(toCsv(rows.map((row) => [...row, "end"]))).map((row) => row.slice(0, -1));
        expect(back).toEqual(rows.map((row) => row.map((cell) => (FORMULA_START.test(cell) ? `'${cell}` : cell))));
        for (const row of back) for (const cell of row) expect(FORMULA_START.test(cell)).toBe(false);
      }),
      { numRuns: 500 },
    );
  });

  it("property: no cell of any row, text or number, begins with a formula character once read back", () => {
    const value: fc.Arbitrary<CsvValue> = fc.oneof(
      text,
      fc.double(),
      fc.integer(),
      fc.boolean(),
      fc.constant(null),
      fc.integer().map((minor) => csvNumber((minor / 100).toFixed(2))),
      text.map(csvNumber),
    );
    fc.assert(
      fc.property(fc.array(fc.array(value, { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 6 }), (rows) => {
        // A negative number the product wrote (-12.5, -1e-7) is the only cell that may begin with a minus.
        const negativeNumber = /^-\d+(\.\d+)?(e[+-]\d+)?$/i;
        for (const row of readBack(toCsv(rows))) for (const cell of row) expect(FORMULA_START.test(cell) && !negativeNumber.test(cell)).toBe(false);
      }),
      { numRuns: 500 },
    );
  });

  it("property: the product's amounts stay numbers", () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), fc.constantFrom(0, 2, 3), (minor, digits) => {
        const amount = (minor / 10 ** digits).toFixed(digits);
        expect(readBack(toCsv([[csvNumber(amount)]]))[0]![0]).toBe(amount);
        expect(Number(readBack(toCsv([[minor]]))[0]![0])).toBe(minor);
      }),
    );
  });

  it("neutralise leaves text that starts otherwise alone", () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        expect(neutralise(`a${s}`)).toBe(`a${s}`);
      }),
    );
  });

  it("is the product's only CSV writer: no other file unparses rows or neutralises formulas its own way", () => {
    const sources = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) return sources(path);
        return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
      });
    const own = join("app", "platform", "csv.ts");
    const offenders = sources("app").filter((path) => {
      if (path === own) return false;
      const text = readFileSync(path, "utf8");
      return /\bunparse\(/.test(text) || /\^\[=\+\\-@/.test(text);
    });
    expect(offenders).toEqual([]);
  });
});
