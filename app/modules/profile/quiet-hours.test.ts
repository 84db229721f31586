import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { clockMinutes, inQuietHours, isTimeZone, localMinutes, quietUntil, zonedToUtc, type QuietHours } from "./quiet-hours";

const night: QuietHours = { enabled: true, start: "21:00", end: "08:00" };
const at = (iso: string) => new Date(iso);

describe("quiet hours", () => {
  it("reads clock times and zone names", () => {
    expect(clockMinutes("08:30")).toBe(510);
    expect(clockMinutes("24:00")).toBeNull();
    expect(clockMinutes("8:30")).toBeNull();
    expect(isTimeZone("Europe/Paris")).toBe(true);
    expect(isTimeZone("America/Argentina/Buenos_Aires")).toBe(true);
    expect(isTimeZone("UTC")).toBe(true);
    expect(isTimeZone("Mars/Olympus_Mons")).toBe(false);
    expect(isTimeZone("+01:00")).toBe(false);
    expect(isTimeZone("")).toBe(false);
  });

  it("wraps midnight: 21:00 to 08:00 holds at 23:00 and 07:59, not at 08:00 or 20:59", () => {
    expect(inQuietHours(night, "UTC", at("2026-03-10T23:00:00Z"))).toBe(true);
    expect(inQuietHours(night, "UTC", at("2026-03-10T07:59:59Z"))).toBe(true);
    expect(inQuietHours(night, "UTC", at("2026-03-10T08:00:00Z"))).toBe(false);
    expect(inQuietHours(night, "UTC", at("2026-03-10T20:59:00Z"))).toBe(false);
    expect(quietUntil(night, "UTC", at("2026-03-10T23:17:42Z"))).toEqual(at("2026-03-11T08:00:00Z"));
    expect(quietUntil(night, "UTC", at("2026-03-10T12:00:00Z"))).toBeNull();
    expect(quietUntil({ ...night, enabled: false }, "UTC", at("2026-03-10T23:00:00Z"))).toBeNull();
  });

  it("a window inside one day (13:00 to 14:00) ends the same day", () => {
    const lunch = { enabled: true, start: "13:00", end: "14:00" };
    expect(quietUntil(lunch, "Asia/Tokyo", at("2026-06-01T04:30:00Z"))).toEqual(at("2026-06-01T05:00:00Z"));
    expect(quietUntil(lunch, "Asia/Tokyo", at("2026-06-01T05:00:00Z"))).toBeNull();
  });

  it("follows the person's clock across daylight-saving changes", () => {
    // New York springs forward on 8 March 2026 at 02:00: 21:00 EST to 08:00 EDT is ten hours, not eleven.
    expect(quietUntil(night, "America/New_York", at("2026-03-08T02:30:00Z"))).toEqual(at("2026-03-08T12:00:00Z"));
    // And falls back on 1 November 2026: 21:00 EDT to 08:00 EST is twelve hours.
    expect(quietUntil(night, "America/New_York", at("2026-11-01T01:30:00Z"))).toEqual(at("2026-11-01T13:00:00Z"));
    // An end the clock skips (02:30 on the spring-forward night) is the first minute after the gap, 03:00 EDT.
    const skipped = { enabled: true, start: "01:00", end: "02:30" };
    expect(quietUntil(skipped, "America/New_York", at("2026-03-08T06:30:00Z"))).toEqual(at("2026-03-08T07:00:00Z"));
  });

  it("reads a wall-clock time in a zone as its instant, DST included", () => {
    expect(zonedToUtc("2026-12-01T09:00", "Europe/Paris")).toEqual(at("2026-12-01T08:00:00Z"));
    expect(zonedToUtc("2026-07-01T09:00", "Europe/Paris")).toEqual(at("2026-07-01T07:00:00Z"));
    expect(zonedToUtc("2026-12-01T09:00", "Asia/Kolkata")).toEqual(at("2026-12-01T03:30:00Z"));
    // Shown twice when New York falls back: the first (EDT) one.
    expect(zonedToUtc("2026-11-01T01:30", "America/New_York")).toEqual(at("2026-11-01T05:30:00Z"));
    // Skipped when it springs forward: just after the gap.
    expect(zonedToUtc("2026-03-08T02:30", "America/New_York")).toEqual(at("2026-03-08T07:30:00Z"));
    expect(zonedToUtc("2026-02-30T09:00", "UTC")).toBeNull();
    expect(zonedToUtc("tomorrow at nine", "UTC")).toBeNull();
  });

  it("property: a held time is never inside the window, and is its end (the minute before it still is)", () => {
    const zones = ["UTC", "America/New_York", "Europe/Berlin", "Australia/Lord_Howe", "Pacific/Chatham", "Asia/Kolkata", "America/Santiago"];
    const clock = fc.integer({ min: 0, max: 1439 }).map((m) => `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`);
    fc.assert(
      fc.property(fc.constantFrom(...zones), clock, clock, fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2032, 0, 1) }), (zone, start, end, ms) => {
        fc.pre(start !== end);
        const quiet = { enabled: true, start, end };
        const now = new Date(ms);
        const until = quietUntil(quiet, zone, now);
        if (!inQuietHours(quiet, zone, now)) return until === null;
        if (!until) return false;
        const minuteBefore = new Date(until.getTime() - 60_000);
        return (
          until.getTime() > now.getTime() &&
          until.getTime() % 60_000 === 0 &&
          !inQuietHours(quiet, zone, until) &&
          inQuietHours(quiet, zone, minuteBefore) &&
          until.getTime() - now.getTime() <= 26 * 3_600_000
        );
      }),
      { numRuns: 2000 },
    );
  });

  it("property: a wall-clock time read in a zone shows that time on the zone's clock (unless the clock skips it)", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("UTC", "America/New_York", "Europe/Berlin", "Asia/Kolkata", "Australia/Lord_Howe"),
        fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2032, 0, 1) }),
        (zone, ms) => {
          const instant = new Date(Math.floor(ms / 60_000) * 60_000);
          const minutes = localMinutes(instant, zone);
          const local = new Intl.DateTimeFormat("sv-SE", { timeZone: zone, dateStyle: "short", timeStyle: "short" }).format(instant).replace(" ", "T");
          const back = zonedToUtc(local, zone);
          return back !== null && localMinutes(back, zone) === minutes;
        },
      ),
      { numRuns: 1000 },
    );
  });
});
