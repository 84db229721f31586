/**
 * A meeting's invitation as iCalendar (RFC 5545) through the `ics` library, as the tax calendar does. The start is
 * written in UTC ("…Z"), which every calendar shows in its reader's own time zone; the description, which a calendar
 * shows as written, carries the time in the reader's zone when the app knows it (the `tz` the page sends) and in UTC
 * otherwise, in the reader's language. Runs in the Worker: no Node APIs.
 */
import { createEvent } from "ics";

export interface InvitationText {
  /** "Agenda", "Join", "Starts" in the reader's language. */
  agendaLabel: string;
  joinLabel: string;
  startsLabel: string;
  language: string;
  timeZone: string;
}

export interface MeetingInvitation {
  id: string;
  title: string;
  agenda: string | null;
  startsAt: Date;
  durationMinutes: number;
  hostName: string | null;
  /** The meeting page, absolute. */
  url: string;
  /** Distinguishes the platform's events from any other calendar's. */
  host: string;
}

/** An IANA time zone name the runtime knows, or null (anything else falls back to UTC). */
export function validTimeZone(value: string | null | undefined): string | null {
  if (!value || value.length > 64) return null;
  try {
    return new Intl.DateTimeFormat("en", { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

export function formatStart(date: Date, language: string, timeZone: string): string {
  // dateStyle and timeStyle cannot be combined with timeZoneName, so the parts are named one by one.
  return new Intl.DateTimeFormat(language, {
    weekday: "long",
    year: "numeric",
    month: "long",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZone,
    timeZoneName: "short",
  }).format(date);
}

export function meetingIcs(meeting: MeetingInvitation, text: InvitationText): string {
  const description = [
    `${text.startsLabel}: ${formatStart(meeting.startsAt, text.language, text.timeZone)}`,
    meeting.agenda ? `${text.agendaLabel}:\n${meeting.agenda}` : null,
    `${text.joinLabel}: ${meeting.url}`,
  ]
    .filter(Boolean)
    .join("\n\n");
  const { error, value } = createEvent({
    productId: "-//Family Trust Platform//Video meetings//EN",
    method: "PUBLISH",
    uid: `${meeting.id}@meetings.${meeting.host}`,
    title: meeting.title,
    description,
    url: meeting.url,
    location: meeting.url,
    start: meeting.startsAt.getTime(),
    startInputType: "utc",
    startOutputType: "utc",
    duration: { hours: Math.floor(meeting.durationMinutes / 60), minutes: meeting.durationMinutes % 60 },
    ...(meeting.hostName ? { organizer: { name: meeting.hostName } } : {}),
    status: "CONFIRMED",
  });
  if (error || !value) throw error ?? new Error("The invitation could not be written as iCalendar.");
  return value;
}
