import { describe, expect, it } from "vitest";
import { dayIn, trustTimeZone } from "./trust-day";

describe("the trust's day", () => {
  it("reads the day on the jurisdiction's clock, across daylight saving", () => {
    // 5 pm in Los Angeles on 15 March (PDT) is already the 16th in UTC.
    expect(dayIn(new Date("2026-03-16T00:00:00Z"), "America/Los_Angeles")).toBe("2026-03-15");
    // 4 pm on 15 December (PST, UTC-8).
    expect(dayIn(new Date("2026-12-16T00:00:00Z"), "America/Los_Angeles")).toBe("2026-12-15");
    expect(dayIn(new Date("2026-07-01T23:30:00Z"), "Europe/London")).toBe("2026-07-02");
    expect(dayIn(new Date("2026-07-01T23:30:00Z"), "UTC")).toBe("2026-07-01");
  });

  it("takes the first state-level jurisdiction, then the federal one, then UTC", () => {
    expect(trustTimeZone(["US", "CA"])).toBe("America/Los_Angeles");
    expect(trustTimeZone(["tx", "NY"])).toBe("America/Chicago");
    expect(trustTimeZone([null, "US"])).toBe("America/New_York");
    expect(trustTimeZone(["ZZ", null])).toBe("UTC");
  });
});
