import { addDays, format } from "date-fns";
import Holidays from "date-holidays";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isBusinessDay, isLegalHoliday, nextBusinessDay, parseIsoDate } from "./business-days";

describe("federal due dates (26 U.S.C. §7503, District of Columbia holidays)", () => {
  it("keeps a date that is a business day", () => {
    // Thursday April 15, 2027: no holiday (DC Emancipation Day is Friday the 16th).
    expect(nextBusinessDay("2027-04-15")).toBe("2027-04-15");
  });

  it("rolls over a weekend followed by an observed holiday", () => {
    // April 15, 2028 is a Saturday; Sunday the 16th is DC Emancipation Day, so Monday the 17th is the
    // holiday observed (D.C. Code §28-2701): the first business day is Tuesday April 18, 2028.
    expect(nextBusinessDay("2028-04-15")).toBe("2028-04-18");
    expect(isLegalHoliday("2028-04-17")).toBe(true);
    // The same calendar in 2017 gave that year's filing deadline of Tuesday April 18.
    expect(nextBusinessDay("2017-04-15")).toBe("2017-04-18");
  });

  it("counts a holiday observed on the Friday before", () => {
    // April 16, 2022 was a Saturday, so Emancipation Day was kept on Friday the 15th: returns were due
    // Monday April 18, 2022.
    expect(isLegalHoliday("2022-04-15")).toBe(true);
    expect(nextBusinessDay("2022-04-15")).toBe("2022-04-18");
    // New Year's Day 2028 is a Saturday: Friday December 31, 2027 is the holiday; the next business day is
    // Monday January 3, 2028.
    expect(nextBusinessDay("2027-12-31")).toBe("2028-01-03");
  });

  it("rolls over Martin Luther King Jr. Day after a weekend", () => {
    // January 15, 2028 is a Saturday and Monday the 17th is the third Monday of January.
    expect(nextBusinessDay("2028-01-15")).toBe("2028-01-18");
  });

  it("counts Inauguration Day, which is never moved to a Friday", () => {
    // January 20, 2033 is a Thursday.
    expect(nextBusinessDay("2033-01-20")).toBe("2033-01-21");
    // January 20, 2029 is a Saturday: no Friday holiday, and Monday the 22nd is an ordinary day.
    expect(isLegalHoliday("2029-01-19")).toBe(false);
    expect(nextBusinessDay("2029-01-20")).toBe("2029-01-22");
  });

  it("counts observed days but not mere observances", () => {
    // Christmas 2027 is a Saturday, so Friday the 24th is the holiday; Christmas Eve 2026 (a Thursday) and
    // "Tax Day", which the library lists as observances, close nothing.
    expect(isBusinessDay("2027-12-24")).toBe(false);
    expect(isBusinessDay("2026-12-24")).toBe(true);
    expect(isBusinessDay("2026-04-15")).toBe(true);
  });

  it("agrees with every substitute day the library itself knows", () => {
    const library = new Holidays("US", "DC");
    for (let year = 2021; year <= 2035; year++) {
      for (const holiday of library.getHolidays(year).filter((h) => h.substitute)) {
        expect(isLegalHoliday(holiday.date.slice(0, 10)), holiday.date).toBe(true);
      }
    }
  });

  it("refuses what is not a YYYY-MM-DD day", () => {
    for (const text of ["2027-02-30", "2027-4-15", "15/04/2027", "", "2027-04-15T00:00:00Z"]) {
      expect(() => nextBusinessDay(text)).toThrow(RangeError);
    }
  });

  it("never answers a weekend or a holiday, never earlier, at most 5 days later", () => {
    const first = new Date(2000, 0, 1);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 365 * 60 }), fc.constantFrom("federal" as const, "CA" as const), (offset, calendar) => {
        const input = format(addDays(first, offset), "yyyy-MM-dd");
        const due = nextBusinessDay(input, calendar);
        const weekday = parseIsoDate(due).getDay();
        expect(weekday).not.toBe(0);
        expect(weekday).not.toBe(6);
        expect(isLegalHoliday(due, calendar)).toBe(false);
        const daysLater = (parseIsoDate(due).getTime() - parseIsoDate(input).getTime()) / 86_400_000;
        expect(Math.round(daysLater)).toBeGreaterThanOrEqual(0);
        expect(Math.round(daysLater)).toBeLessThanOrEqual(5);
      }),
      { numRuns: 500 },
    );
  });
});

describe("California due dates (its own holidays)", () => {
  it("does not keep the District's Emancipation Day", () => {
    // Saturday April 15, 2028, then Sunday; Monday April 17 is no California holiday.
    expect(nextBusinessDay("2028-04-15", "CA")).toBe("2028-04-17");
  });

  it("keeps California's own holidays", () => {
    // César Chávez Day, Friday March 31, 2028: a California holiday only.
    expect(nextBusinessDay("2028-03-31", "CA")).toBe("2028-04-03");
    expect(nextBusinessDay("2028-03-31")).toBe("2028-03-31");
  });
});
