import { FIELDS, type DraftValues } from "~/modules/drafting/fields";
import { DEFAULT_AGENDA } from "~/modules/drafting/prefill";
import { formatStart } from "./ics";

/** What the minutes of one meeting are drafted from: its rows, who came, the linked poll and the recordings filed. */
export interface MinutesInput {
  meeting: { title: string; agenda: string | null; startsAt: Date; startedAt: Date | null; endedAt: Date | null };
  hostUserId: string | null;
  hostName: string | null;
  /** The person drafting, who records the minutes. */
  recorderName: string;
  invitees: { userId: string; name: string }[];
  /** Every stay in the room, oldest first (a person on two devices has two). */
  attendance: { userId: string | null; name: string }[];
  /** The linked poll as the drafter may see it; `resultText` once it closed (polls' own sentence). */
  poll: { title: string; status: "open" | "closed"; closesAt: Date; resultText: string | null } | null;
  recordings: { title: string; sha256: string | null }[];
  timeZone: string;
}

// The drafting form refuses longer lists and lines; the values must save as they come.
const limit = (items: string[], spec: { max: number; maxItems?: number }) => items.slice(0, spec.maxItems ?? 30).map((item) => item.slice(0, spec.max));

/** "2027-03-04" in the given zone (the drafting date field's form). */
export function dayInZone(date: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).formatToParts(date);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("year")}-${part("month")}-${part("day")}`;
}

/** "4:30 PM GMT+1": the minutes are English legal text, with the zone named since the app keeps none per person. */
export function timeInZone(date: Date, timeZone: string): string {
  return new Intl.DateTimeFormat("en-US", { timeZone, hour: "numeric", minute: "2-digit", timeZoneName: "short" }).format(date);
}

/** The agenda as one item per line, without the numbering the template adds itself; drafting's default when empty. */
export function agendaLines(agenda: string | null): string[] {
  const lines = (agenda ?? "")
    .split(/\r?\n/)
    .map((line) => line.replace(/^\s*(?:\d+[.)]|[-*•])\s*/, "").trim())
    .filter(Boolean);
  return lines.length ? lines : DEFAULT_AGENDA;
}

/** The distinct people in the order they first joined (by account, else by the name they joined under). */
function attendees(attendance: MinutesInput["attendance"]) {
  const seen = new Map<string, { userId: string | null; name: string }>();
  for (const stay of attendance) {
    const key = stay.userId ?? `name:${stay.name.toLowerCase()}`;
    if (!seen.has(key)) seen.set(key, stay);
  }
  return [...seen.values()];
}

function resolution(poll: NonNullable<MinutesInput["poll"]>, timeZone: string): string {
  if (poll.status === "closed" && poll.resultText) return `Vote on “${poll.title}”: ${poll.resultText}.`;
  return `Vote on “${poll.title}”: open until ${formatStart(poll.closesAt, "en-US", timeZone)}; no result yet.`;
}

/**
 * The minutes template's values from a meeting: when and where, who chaired and recorded, who came (distinct people
 * who actually joined) and who was invited but never joined, the agenda, the linked poll with its result, the
 * recordings filed with their SHA-256. Fields with nothing to say are left out, so drafting's own values stay.
 */
export function minutesValues(input: MinutesInput): DraftValues {
  const { meeting, timeZone } = input;
  const held = meeting.startedAt ?? meeting.startsAt;
  const present = attendees(input.attendance);
  const came = new Set(present.map((p) => p.userId).filter(Boolean));
  const expected = [...(input.hostUserId && input.hostName ? [{ userId: input.hostUserId, name: input.hostName }] : []), ...input.invitees];
  const absent = expected.filter((person, i) => !came.has(person.userId) && expected.findIndex((p) => p.userId === person.userId) === i);
  const recordings = input.recordings.map((r) => `${r.title}${r.sha256 ? ` (SHA-256 ${r.sha256})` : ""}`);
  const values: DraftValues = {
    meetingDate: dayInZone(held, timeZone),
    meetingTime: timeInZone(held, timeZone),
    location: "Video meeting",
    recorder: input.recorderName,
    attendees: limit(
      present.map((p) => p.name),
      FIELDS.attendees,
    ),
    absent: limit(
      absent.map((p) => p.name),
      FIELDS.absent,
    ),
    agenda: limit(agendaLines(meeting.agenda), FIELDS.agenda),
    resolutions: input.poll ? [resolution(input.poll, timeZone).slice(0, FIELDS.resolutions.max)] : [],
  };
  if (input.hostName) values.chair = input.hostName;
  if (meeting.endedAt) {
    // A meeting that ran past midnight (in the reader's zone) says on which day it ended.
    const endDay = dayInZone(meeting.endedAt, timeZone);
    const onDay = new Intl.DateTimeFormat("en-US", { timeZone, dateStyle: "long" }).format(meeting.endedAt);
    values.adjournedAt = `${timeInZone(meeting.endedAt, timeZone)}${endDay === dayInZone(held, timeZone) ? "" : ` on ${onDay}`}`;
  }
  if (recordings.length)
    values.discussion = `The meeting was recorded with the participants' consent and filed with the trust's documents: ${recordings.join("; ")}.`.slice(
      0,
      FIELDS.discussion.max,
    );
  return values;
}
