import { describe, expect, it } from "vitest";
import de from "../../../public/locales/de/tax.json";
import en from "../../../public/locales/en/tax.json";
import es from "../../../public/locales/es/tax.json";
import fr from "../../../public/locales/fr/tax.json";
import ja from "../../../public/locales/ja/tax.json";
import zh from "../../../public/locales/zh/tax.json";
import { type TaxCalendarItem, type TrustTaxProfile, taxCalendar } from "./calendar";

const calendarYearTrust: TrustTaxProfile = { grantor: false, taxYearEndMonth: 12, states: [] };

/** key → [statutory, due] for a compact comparison. */
function dates(items: TaxCalendarItem[]): Record<string, [string, string]> {
  return Object.fromEntries(items.map((item) => [item.key, [item.statutoryDueOn, item.dueOn]]));
}

describe("a calendar-year non-grantor trust", () => {
  it("tax year 2027: the dates in 2027 and 2028, rolled by hand", () => {
    // 2027 begins on a Friday, 2028 (a leap year) on a Saturday.
    // - 1041, K-1s, 7004: April 15, 2028 is a Saturday, the 16th a Sunday and DC Emancipation Day, kept on
    //   Monday the 17th: due Tuesday April 18.
    // - Extended 1041: 5½ months later is Saturday September 30, 2028: due Monday October 2.
    // - Estimates: Thursday April 15, Tuesday June 15, Wednesday September 15, 2027, none rolled; then
    //   January 15, 2028, a Saturday, with Monday the 17th Martin Luther King Jr. Day: due Tuesday the 18th.
    // - The 65th day after December 31, 2027: January's 31 days and February's 29 make 60, so March 5, 2028,
    //   a Sunday. Form 1041-T rolls to Monday March 6; the §663(b) window does not.
    expect(dates(taxCalendar(calendarYearTrust, 2027))).toEqual({
      "1041-ES-2027-1": ["2027-04-15", "2027-04-15"],
      "1041-ES-2027-2": ["2027-06-15", "2027-06-15"],
      "1041-ES-2027-3": ["2027-09-15", "2027-09-15"],
      "1041-ES-2027-4": ["2028-01-15", "2028-01-18"],
      "663b-2027": ["2028-03-05", "2028-03-05"],
      "1041-T-2027": ["2028-03-05", "2028-03-06"],
      "1041-2027": ["2028-04-15", "2028-04-18"],
      "K-1-2027": ["2028-04-15", "2028-04-18"],
      "7004-2027": ["2028-04-15", "2028-04-18"],
      "1041-extended-2027": ["2028-09-30", "2028-10-02"],
    });
  });

  it("tax year 2028: the dates in 2028 and 2029, rolled by hand", () => {
    // 2029 begins on a Monday.
    // - Estimates: April 15, 2028 rolls to Tuesday the 18th as above; Thursday June 15 and Friday
    //   September 15, 2028 stand; January 15, 2029 is a Monday and Martin Luther King Jr. Day: Tuesday the 16th.
    // - The 65th day after December 31, 2028 is March 6, 2029 (31 + 28 + 6), a Tuesday.
    // - 1041: April 15, 2029 is a Sunday and Monday the 16th is Emancipation Day: due Tuesday April 17.
    // - Extended 1041: Sunday September 30, 2029: due Monday October 1.
    expect(dates(taxCalendar(calendarYearTrust, 2028))).toEqual({
      "1041-ES-2028-1": ["2028-04-15", "2028-04-18"],
      "1041-ES-2028-2": ["2028-06-15", "2028-06-15"],
      "1041-ES-2028-3": ["2028-09-15", "2028-09-15"],
      "1041-ES-2028-4": ["2029-01-15", "2029-01-16"],
      "663b-2028": ["2029-03-06", "2029-03-06"],
      "1041-T-2028": ["2029-03-06", "2029-03-06"],
      "1041-2028": ["2029-04-15", "2029-04-17"],
      "K-1-2028": ["2029-04-15", "2029-04-17"],
      "7004-2028": ["2029-04-15", "2029-04-17"],
      "1041-extended-2028": ["2029-09-30", "2029-10-01"],
    });
  });

  it("tax year 2026's return is due on Thursday April 15, 2027, unrolled", () => {
    const [item] = taxCalendar(calendarYearTrust, 2026).filter((i) => i.key === "1041-2026");
    expect(item).toMatchObject({ statutoryDueOn: "2027-04-15", dueOn: "2027-04-15", rolled: false });
  });

  it("sorts by the rolled date and marks what is rolled, optional and computed", () => {
    const items = taxCalendar(calendarYearTrust, 2027);
    expect(items.map((i) => i.dueOn)).toEqual([...items.map((i) => i.dueOn)].sort());
    expect(new Set(items.map((i) => i.key)).size).toBe(items.length);
    for (const item of items) {
      expect(item.rolled).toBe(item.dueOn !== item.statutoryDueOn);
      expect(item.computed).toBe(true);
      expect(item.citationUrl).toMatch(/^https:\/\/www\.law\.cornell\.edu\//);
    }
    const optional = items.filter((i) => i.optional).map((i) => i.key);
    expect(optional.sort()).toEqual(["1041-ES-2027-4", "1041-T-2027", "1041-extended-2027", "663b-2027", "7004-2027"]);
    const byKey = Object.fromEntries(items.map((i) => [i.key, i]));
    expect(byKey["1041-2027"]).toMatchObject({ form: "1041", kind: "return", citation: "26 U.S.C. §6072(a); Treas. Reg. §1.6072-1" });
    expect(byKey["7004-2027"]).toMatchObject({ form: "7004", kind: "extension" });
    expect(byKey["1041-ES-2027-2"]).toMatchObject({ kind: "estimate", titleParams: { year: 2027, quarter: 2 } });
    expect(byKey["663b-2027"]).toMatchObject({ form: "663b", kind: "election", rolled: false });
  });
});

describe("the 65th day after the year ends", () => {
  it("counts from the last day of the year: March 6 in a common year, March 5 in a leap year", () => {
    const t2026 = dates(taxCalendar(calendarYearTrust, 2026));
    // March 6, 2027 is a Saturday: Form 1041-T is due Monday March 8, but the distribution window ends on
    // the Saturday.
    expect(t2026["1041-T-2026"]).toEqual(["2027-03-06", "2027-03-08"]);
    expect(t2026["663b-2026"]).toEqual(["2027-03-06", "2027-03-06"]);
    expect(dates(taxCalendar(calendarYearTrust, 2027))["663b-2027"]).toEqual(["2028-03-05", "2028-03-05"]);
  });
});

describe("a fiscal year ending June 30", () => {
  it("counts every date from the fiscal year's end", () => {
    // Fiscal year July 1, 2026 – June 30, 2027, named 2027.
    // - 1041: 15th of the 4th month after June: Friday October 15, 2027. Extended: 5½ months later,
    //   Friday March 31, 2028.
    // - Estimates on the 15th of the fiscal year's 4th, 6th and 9th months and the next year's 1st:
    //   Thursday October 15, 2026, Tuesday December 15, 2026, Monday March 15, 2027, Thursday July 15, 2027.
    // - 65th day after June 30: July's 31 and August's 31 make 62, so Friday September 3, 2027 (Labor Day
    //   is the 6th).
    const items = taxCalendar({ grantor: false, taxYearEndMonth: 6, states: [] }, 2027);
    expect(dates(items)).toEqual({
      "1041-ES-2027-1": ["2026-10-15", "2026-10-15"],
      "1041-ES-2027-2": ["2026-12-15", "2026-12-15"],
      "1041-ES-2027-3": ["2027-03-15", "2027-03-15"],
      "1041-ES-2027-4": ["2027-07-15", "2027-07-15"],
      "663b-2027": ["2027-09-03", "2027-09-03"],
      "1041-T-2027": ["2027-09-03", "2027-09-03"],
      "1041-2027": ["2027-10-15", "2027-10-15"],
      "K-1-2027": ["2027-10-15", "2027-10-15"],
      "7004-2027": ["2027-10-15", "2027-10-15"],
      "1041-extended-2027": ["2028-03-31", "2028-03-31"],
    });
    expect(items.find((i) => i.form === "1041-ES")?.citation).toBe("26 U.S.C. §6654(c)(2), (k), (l)");
  });

  it("refuses a month that is not 1–12", () => {
    expect(() => taxCalendar({ grantor: false, taxYearEndMonth: 13, states: [] }, 2027)).toThrow(RangeError);
    expect(() => taxCalendar({ grantor: false, taxYearEndMonth: 0, states: [] }, 2027)).toThrow(RangeError);
  });
});

describe("skipping the January estimate (26 U.S.C. §6654(h))", () => {
  it("drops the last estimate and asks for the return by January 31", () => {
    const items = taxCalendar({ ...calendarYearTrust, januaryEstimateSkipped: true }, 2027);
    expect(items.some((i) => i.key === "1041-ES-2027-4")).toBe(false);
    expect(items.filter((i) => i.form === "1041-ES")).toHaveLength(3);
    // January 31, 2028 is a Monday.
    expect(items.find((i) => i.key === "1041-early-2027")).toMatchObject({ dueOn: "2028-01-31", rolled: false, optional: false, kind: "return" });
  });

  it("keeps it, optional, otherwise", () => {
    const last = taxCalendar(calendarYearTrust, 2027).find((i) => i.key === "1041-ES-2027-4");
    expect(last).toMatchObject({ optional: true, prepareKey: "calendar.prepare.1041-ES-last" });
  });
});

describe("a grantor trust", () => {
  it("has only the grantor statement federally, and no California payment", () => {
    const items = taxCalendar({ grantor: true, taxYearEndMonth: 12, states: ["CA"] }, 2027);
    expect(items.map((i) => i.key)).toEqual(["CA-541-2027", "grantor-statement-2027"]);
    expect(items[1]).toMatchObject({ form: "1041", kind: "return", dueOn: "2028-04-18", titleKey: "calendar.title.grantor-statement" });
  });
});

describe("state items", () => {
  it("California's Form 541 and FTB 3563 roll over California's holidays, not the District's", () => {
    // April 15, 2028 (Saturday) rolls to Monday April 17 in California, which does not keep DC Emancipation Day.
    const items = taxCalendar({ ...calendarYearTrust, states: ["ca"] }, 2027);
    const california = items.filter((i) => i.kind === "state");
    expect(california.map((i) => [i.key, i.form, i.statutoryDueOn, i.dueOn, i.computed])).toEqual([
      ["CA-541-2027", "CA-541", "2028-04-15", "2028-04-17", true],
      ["FTB-3563-2027", "FTB-3563", "2028-04-15", "2028-04-17", true],
    ]);
    expect(california[0].citation).toBe("Cal. Rev. & Tax. Code §18566");
  });

  it("other states get a placeholder on the federal date, marked not computed", () => {
    const items = taxCalendar({ ...calendarYearTrust, states: ["NY", "ny", " "] }, 2027);
    const newYork = items.filter((i) => i.kind === "state");
    expect(newYork).toHaveLength(1);
    expect(newYork[0]).toMatchObject({
      key: "NY-fiduciary-2027",
      form: "NY-fiduciary",
      computed: false,
      dueOn: "2028-04-18",
      titleParams: { year: 2027, state: "NY" },
      prepareKey: "calendar.prepare.state-fiduciary",
      citation: "",
    });
  });
});

describe("texts", () => {
  it("every title and preparation key exists in all six languages", () => {
    const profiles: TrustTaxProfile[] = [
      { grantor: false, taxYearEndMonth: 12, states: ["CA", "NY"] },
      { grantor: false, taxYearEndMonth: 12, states: [], januaryEstimateSkipped: true },
      { grantor: true, taxYearEndMonth: 12, states: ["CA"] },
    ];
    const keys = new Set(profiles.flatMap((p) => taxCalendar(p, 2027)).flatMap((i) => [i.titleKey, i.prepareKey]));
    for (const texts of [en, de, es, fr, ja, zh] as Record<string, string>[]) {
      for (const key of keys) expect(texts[key], key).toBeTruthy();
    }
    // And no calendar entry's words in the files that the calendar never uses (the page's own words live beside them).
    const entryWords = Object.keys(en).filter((key) => /^calendar\.(title|prepare)\./.test(key));
    expect(entryWords.sort()).toEqual([...keys].sort());
  });
});
