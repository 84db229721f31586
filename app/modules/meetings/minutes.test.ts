import { describe, expect, it } from "vitest";
import { DEFAULT_AGENDA } from "~/modules/drafting/prefill";
import { renderDraft } from "~/modules/drafting/templates";
import { draftErrors } from "~/modules/drafting/validation";
import { toFormValues } from "~/modules/drafting/client";
import { agendaLines, minutesValues, type MinutesInput } from "./minutes";

const base: MinutesInput = {
  meeting: {
    title: "Quarterly family meeting",
    agenda: "1. The roof\n2) Sophie's tuition\n\n- Questions",
    startsAt: new Date("2027-03-04T15:30:00Z"),
    startedAt: new Date("2027-03-04T23:40:00Z"),
    endedAt: new Date("2027-03-05T00:55:00Z"),
  },
  hostUserId: "host",
  hostName: "Eleanor Hartwell",
  recorderName: "James Hartwell",
  invitees: [
    { userId: "daniel", name: "Daniel Hartwell" },
    { userId: "sophie", name: "Sophie Hartwell" },
  ],
  attendance: [
    { userId: "host", name: "Eleanor Hartwell" },
    { userId: "sophie", name: "Sophie Hartwell" },
    { userId: "host", name: "Eleanor Hartwell" },
    { userId: null, name: "A former member" },
  ],
  poll: { title: "Repair the roof", status: "closed", closesAt: new Date("2027-03-04T20:00:00Z"), resultText: "Approved (Yes 66.7%) · turnout 100%" },
  recordings: [],
  timeZone: "UTC",
};

describe("minutes from a meeting", () => {
  it("names who came once each, who was invited and never came, the agenda lines and the poll's result", () => {
    const values = minutesValues(base);
    expect(values).toMatchObject({
      meetingDate: "2027-03-04",
      meetingTime: "11:40 PM UTC",
      location: "Video meeting",
      chair: "Eleanor Hartwell",
      recorder: "James Hartwell",
      attendees: ["Eleanor Hartwell", "Sophie Hartwell", "A former member"],
      absent: ["Daniel Hartwell"],
      agenda: ["The roof", "Sophie's tuition", "Questions"],
      resolutions: ["Vote on “Repair the roof”: Approved (Yes 66.7%) · turnout 100%."],
      // It ran past midnight: the day it ended is said too.
      adjournedAt: "12:55 AM UTC on March 5, 2027",
    });
    expect(values.discussion).toBeUndefined();
    expect(values.trustName).toBeUndefined();
  });

  it("writes the date and times in the asked zone, from the planned start when it never started", () => {
    const values = minutesValues({ ...base, meeting: { ...base.meeting, startedAt: null, endedAt: null }, timeZone: "Asia/Tokyo" });
    expect(values.meetingDate).toBe("2027-03-05");
    expect(values.meetingTime).toBe("12:30 AM GMT+9");
    expect(values.adjournedAt).toBeUndefined();
    // Ended the same day in the reader's zone: the time alone.
    expect(minutesValues({ ...base, timeZone: "Asia/Tokyo" }).adjournedAt).toBe("9:55 AM GMT+9");
  });

  it("falls back to drafting's agenda, says an open poll has no result yet, and lists recordings with their SHA-256", () => {
    expect(agendaLines(null)).toEqual(DEFAULT_AGENDA);
    expect(agendaLines("  \n ")).toEqual(DEFAULT_AGENDA);
    const values = minutesValues({
      ...base,
      hostName: null,
      poll: { ...base.poll!, status: "open", resultText: null },
      recordings: [{ title: "Recording of “Quarterly family meeting”, 2027-03-04", sha256: "ab".repeat(32) }],
    });
    expect(values.chair).toBeUndefined();
    expect(values.resolutions).toEqual(["Vote on “Repair the roof”: open until Thursday, March 4, 2027 at 08:00 PM UTC; no result yet."]);
    expect(values.discussion).toBe(
      `The meeting was recorded with the participants' consent and filed with the trust's documents: Recording of “Quarterly family meeting”, 2027-03-04 (SHA-256 ${"ab".repeat(32)}).`,
    );
  });

  it("stays within the drafting form's limits, so the pre-filled minutes save as they come", () => {
    const many = Array.from({ length: 40 }, (_, i) => ({ userId: `u${i}`, name: `Person ${i}` }));
    const values = minutesValues({ ...base, attendance: many, meeting: { ...base.meeting, agenda: "x".repeat(700) } });
    expect(values.attendees).toHaveLength(30);
    expect((values.agenda as string[])[0]).toHaveLength(500);
    const form = toFormValues({ trustName: "The Hartwell Family Trust", ...minutesValues(base) });
    expect(draftErrors("minutes", form, (key) => key)).toEqual({});
    const text = JSON.stringify(renderDraft("minutes", form));
    expect(text).toContain("Eleanor Hartwell chaired the meeting and James Hartwell recorded these minutes");
    expect(text).toContain("The meeting was adjourned at 12:55 AM UTC on March 5, 2027.");
  });
});
