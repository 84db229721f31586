import { describe, expect, it } from "vitest";
import { formatStart, meetingIcs, validTimeZone } from "./ics";

const meeting = {
  id: "0b3c7d2e-1111-4222-8333-444455556666",
  title: "Roof, repairs; budget",
  agenda: "1. Quotes\n2. Vote",
  startsAt: new Date("2027-03-04T15:30:00Z"),
  durationMinutes: 90,
  hostName: "Ann Trustee",
  url: "https://trust.example/video-meetings/0b3c7d2e-1111-4222-8333-444455556666",
  host: "trust.example",
};

describe("meeting invitation as iCalendar", () => {
  it("writes the instant in UTC, the duration, the link, and the description in the reader's language and zone", () => {
    const text = meetingIcs(meeting, {
      agendaLabel: "Ordre du jour",
      joinLabel: "Rejoindre",
      startsLabel: "Début",
      language: "fr",
      timeZone: "Europe/Paris",
    }).replace(/\r\n[ \t]/g, "");
    expect(text.startsWith("BEGIN:VCALENDAR")).toBe(true);
    expect(text).toContain("SUMMARY:Roof\\, repairs\\; budget");
    expect(text).toContain("DTSTART:20270304T153000Z");
    expect(text).toContain("DURATION:PT1H30M");
    expect(text).toContain(`UID:${meeting.id}@meetings.trust.example`);
    expect(text).toContain("Début: jeudi 4 mars 2027 à 16:30 UTC+1");
    expect(text).toContain("Ordre du jour:\\n1. Quotes\\n2. Vote");
  });

  it("takes only time zones the runtime knows", () => {
    expect(validTimeZone("America/New_York")).toBe("America/New_York");
    expect(validTimeZone("Mars/Olympus")).toBeNull();
    expect(validTimeZone(undefined)).toBeNull();
    expect(formatStart(new Date("2027-03-04T15:30:00Z"), "en", "UTC")).toBe("Thursday, March 4, 2027 at 03:30 PM UTC");
  });
});
