import { describe, expect, it } from "vitest";
import { taxCalendar } from "./calendar";
import { calendarFeed, eventUid } from "./ics";

const items = taxCalendar({ grantor: false, taxYearEndMonth: 12, states: ["CA"] }, 2027);
const translate = (key: string, params?: Record<string, string | number>) => `${key}; ${params?.year ?? ""}, ok`;

/** The feed's content lines, folded lines joined back (RFC 5545 §3.1), grouped per VEVENT. */
function events(feed: string): Record<string, string>[] {
  const lines = feed.replace(/\r\n[ \t]/g, "").split("\r\n");
  const found: Record<string, string>[] = [];
  let current: Record<string, string> | null = null;
  let inAlarm = false;
  for (const line of lines) {
    if (line === "BEGIN:VEVENT") current = {};
    else if (line === "END:VEVENT" && current) {
      found.push(current);
      current = null;
    } else if (line === "BEGIN:VALARM") inAlarm = true;
    else if (line === "END:VALARM") inAlarm = false;
    else if (current) {
      const colon = line.indexOf(":");
      current[(inAlarm ? "VALARM." : "") + line.slice(0, colon)] = line.slice(colon + 1);
    }
  }
  return found;
}

describe("the calendar feed", () => {
  const feed = calendarFeed(items, { calendarName: "Smith Family Trust: taxes", translate, url: "https://app.example/tax" });

  it("is one VCALENDAR with an all-day VEVENT per item, in CRLF lines", () => {
    expect(feed.startsWith("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n")).toBe(true);
    expect(feed.endsWith("END:VCALENDAR\r\n")).toBe(true);
    expect(feed).toContain("X-WR-CALNAME:Smith Family Trust: taxes\r\n");
    expect(feed.match(/^BEGIN:VEVENT$/gm)).toHaveLength(items.length);
    expect(items).toHaveLength(12);
  });

  it("dates each event on the rolled due date, ending the next day", () => {
    const parsed = events(feed);
    expect(parsed.map((e) => e["DTSTART;VALUE=DATE"])).toEqual(items.map((i) => i.dueOn.replaceAll("-", "")));
    const federalReturn = parsed[items.findIndex((i) => i.key === "1041-2027")];
    expect(federalReturn["DTSTART;VALUE=DATE"]).toBe("20280418");
    expect(federalReturn["DTEND;VALUE=DATE"]).toBe("20280419");
    // The day after Sunday March 5, 2028 (the 663(b) window, not rolled).
    expect(parsed[items.findIndex((i) => i.key === "663b-2027")]["DTEND;VALUE=DATE"]).toBe("20280306");
  });

  it("gives each item a UID that stays the same when the feed is rebuilt", () => {
    const uids = events(feed).map((e) => e.UID);
    expect(uids).toEqual(items.map((i) => eventUid(i)));
    expect(uids).toContain("1041-2027@tax-calendar.trust-platform");
    expect(new Set(uids).size).toBe(items.length);
    const again = calendarFeed(items, { calendarName: "other", translate });
    expect(events(again).map((e) => e.UID)).toEqual(uids);
    const scoped = calendarFeed(items, { calendarName: "other", translate, scope: "ws_1" });
    expect(events(scoped)[0].UID).toBe(`ws_1.${items[0].key}@tax-calendar.trust-platform`);
  });

  it("carries the translated title, the preparation note, the citation and a reminder a week before", () => {
    const federalReturn = events(feed)[items.findIndex((i) => i.key === "1041-2027")];
    // Commas and semicolons are escaped in TEXT values.
    expect(federalReturn.SUMMARY).toBe("calendar.title.1041\\; 2027\\, ok");
    expect(federalReturn.DESCRIPTION).toBe(
      "calendar.prepare.1041\\; 2027\\, ok\\n\\n26 U.S.C. §6072(a)\\; Treas. Reg. §1.6072-1\\nhttps://www.law.cornell.edu/uscode/text/26/6072\\n\\nhttps://app.example/tax",
    );
    expect(federalReturn.URL).toBe("https://app.example/tax");
    expect(federalReturn["VALARM.ACTION"]).toBe("DISPLAY");
    // 9:00 seven days before: midnight of the due day less 6 days and 15 hours.
    expect(federalReturn["VALARM.TRIGGER"]).toBe("-P6DT15H");
    expect(federalReturn["VALARM.DESCRIPTION"]).toBe("calendar.title.1041\\; 2027\\, ok");
  });

  it("is a valid, empty calendar when there is nothing due", () => {
    const empty = calendarFeed([], { calendarName: "Nothing", translate });
    expect(empty).toContain("BEGIN:VCALENDAR");
    expect(empty).not.toContain("BEGIN:VEVENT");
  });
});
