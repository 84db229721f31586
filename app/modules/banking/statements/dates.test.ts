import { describe, expect, it } from "vitest";
import { fittingDateFormats, parseDate, parseOfxDate, parseXmlDate } from "./dates";

describe("parseDate", () => {
  it.each([
    ["2026-09-02", "iso", "2026-09-02"],
    ["2026/9/2", "iso", "2026-09-02"],
    ["20260902", "iso", "2026-09-02"],
    ["2026-09-02T10:15:00Z", "iso", "2026-09-02"],
    ["09/02/2026", "mdy", "2026-09-02"],
    ["9/2/2026", "mdy", "2026-09-02"],
    ["02.09.2026", "dmy", "2026-09-02"],
    ["02/09/2026", "dmy", "2026-09-02"],
    ["2.9.2026 10:15", "dmy", "2026-09-02"],
    ["29.02.2028", "dmy", "2028-02-29"],
  ] as const)("reads %s as %s", (text, format, iso) => {
    expect(parseDate(text, format)).toBe(iso);
  });

  it.each([
    ["13/02/2026", "mdy"],
    ["02/13/2026", "dmy"],
    ["29.02.2026", "dmy"],
    ["31/04/2026", "dmy"],
    ["02.09.2026", "mdy"],
    ["02/09/26", "dmy"],
    ["2026-13-01", "iso"],
    ["2026902", "iso"],
    ["yesterday", "iso"],
  ] as const)("refuses %s as %s", (text, format) => {
    expect(parseDate(text, format)).toBeNull();
  });

  it("reads OFX and XML date-times by their date", () => {
    expect(parseOfxDate("20260902120000.000[-8:PST]")).toBe("2026-09-02");
    expect(parseOfxDate("20260231")).toBeNull();
    expect(parseXmlDate("2026-09-02T23:30:00+02:00")).toBe("2026-09-02");
  });
});

describe("fittingDateFormats", () => {
  it("lists both day orders when every day is 12 or less", () => {
    expect(fittingDateFormats(["01/02/2026", "03/04/2026", ""])).toEqual(["mdy", "dmy"]);
  });
  it("decides by a day above 12, or by dots", () => {
    expect(fittingDateFormats(["01/02/2026", "13/02/2026"])).toEqual(["dmy"]);
    expect(fittingDateFormats(["01/02/2026", "02/13/2026"])).toEqual(["mdy"]);
    expect(fittingDateFormats(["01.02.2026"])).toEqual(["dmy"]);
    expect(fittingDateFormats(["2026-02-01"])).toEqual(["iso"]);
  });
  it("names the format that reads most when none reads all, and nothing without dates", () => {
    expect(fittingDateFormats(["2026-02-01", "2026-02-30", "2026-03-01"])).toEqual(["iso"]);
    expect(fittingDateFormats(["", " "])).toEqual([]);
  });
});
