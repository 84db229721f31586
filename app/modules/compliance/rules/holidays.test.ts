import { describe, expect, it } from "vitest";
import { addJurisdictionBusinessDays, isJurisdictionBusinessDay, isJurisdictionHoliday, nextJurisdictionBusinessDay } from "./holidays";

describe("holidays per jurisdiction", () => {
  it("reuses the tax module's California and federal calendars", () => {
    // The day after Thanksgiving is a California holiday but not a District of Columbia one.
    expect(isJurisdictionHoliday("2026-11-27", "CA")).toBe(true);
    expect(isJurisdictionHoliday("2026-11-27", "US")).toBe(false);
    expect(nextJurisdictionBusinessDay("2026-11-27", "CA")).toBe("2026-11-30");
    expect(isJurisdictionHoliday("2026-11-28", "CA")).toBe(false); // a Saturday is a weekend, not a holiday
  });

  it("knows Texas' holidays, without Columbus Day and without moving Saturday holidays", () => {
    expect(isJurisdictionHoliday("2026-11-27", "TX")).toBe(true);
    expect(isJurisdictionHoliday("2026-12-24", "TX")).toBe(true);
    expect(isJurisdictionHoliday("2026-10-12", "TX")).toBe(false);
    // July 4, 2026 is a Saturday; Texas keeps no Friday substitute.
    expect(isJurisdictionBusinessDay("2026-07-03", "TX")).toBe(true);
  });

  it("keeps a New York Sunday holiday on the Monday after", () => {
    // July 4, 2027 is a Sunday (N.Y. Gen. Constr. Law §24).
    expect(isJurisdictionHoliday("2027-07-05", "NY")).toBe(true);
    expect(isJurisdictionHoliday("2026-10-12", "NY")).toBe(true);
    expect(isJurisdictionHoliday("2026-07-03", "NY")).toBe(false);
  });

  it("knows Florida's public holidays", () => {
    expect(isJurisdictionHoliday("2026-05-25", "FL")).toBe(true);
    expect(isJurisdictionHoliday("2026-05-26", "FL")).toBe(false);
  });

  it("knows the bank holidays of England and Wales, substitute days included", () => {
    expect(isJurisdictionHoliday("2026-04-06", "GB-EWS")).toBe(true); // Easter Monday
    expect(isJurisdictionHoliday("2026-12-28", "GB-EWS")).toBe(true); // Boxing Day's substitute
    expect(isJurisdictionHoliday("2026-07-06", "GB-EWS")).toBe(false);
    expect(nextJurisdictionBusinessDay("2026-12-25", "GB-EWS")).toBe("2026-12-29");
  });

  it("counts business days forward and back", () => {
    // Wednesday Nov 25, 2026 is the day before Thanksgiving: +1 skips Thu 26 and Fri 27 in Texas.
    expect(addJurisdictionBusinessDays("2026-11-25", 1, "TX")).toBe("2026-11-30");
    expect(addJurisdictionBusinessDays("2026-11-30", -1, "TX")).toBe("2026-11-25");
    expect(addJurisdictionBusinessDays("2026-11-25", 0, "TX")).toBe("2026-11-25");
  });

  it("refuses a date that is not YYYY-MM-DD", () => {
    expect(() => isJurisdictionHoliday("2026-02-30", "NY")).toThrow(RangeError);
  });
});
