/**
 * A person's time zone and quiet hours (ADR 0033): pure arithmetic, safe in the browser and the Worker.
 * A window is given in the person's wall-clock time ("21:00" to "08:00" wraps midnight); its end is the first
 * whole minute at which their clock no longer reads inside it, so a daylight-saving change inside the window
 * moves the end with the clock, and an end time the clock skips (02:30 on a spring-forward night) is the
 * first minute after the gap.
 */

export interface QuietHours {
  enabled: boolean;
  /** "HH:MM", 24-hour, in the person's time zone. */
  start: string;
  end: string;
}

export const DEFAULT_QUIET_HOURS: QuietHours = { enabled: false, start: "21:00", end: "08:00" };

const CLOCK = /^([01]\d|2[0-3]):([0-5]\d)$/;
const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+){0,2}$/;
const MINUTE = 60_000;
const DAY_MINUTES = 1440;

/** "HH:MM" as minutes after midnight, or null when it is not a 24-hour clock time. */
export function clockMinutes(value: string): number | null {
  const match = CLOCK.exec(value);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

/** An IANA zone name the runtime knows ("Europe/Paris", "UTC"); offsets such as "+01:00" are not zone names. */
export function isTimeZone(value: string): boolean {
  if (value.length > 64 || !ZONE_NAME.test(value)) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string) {
  let found = formatters.get(timeZone);
  if (!found) {
    found = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(timeZone, found);
  }
  return found;
}

/** The wall clock of an instant in a zone. */
export function wallClock(date: Date, timeZone: string) {
  const parts = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(date)
      .filter((p) => p.type !== "literal")
      .map((p) => [p.type, Number(p.value)]),
  ) as Record<"year" | "month" | "day" | "hour" | "minute" | "second", number>;
  return { ...parts, hour: parts.hour % 24 };
}

/** Minutes after local midnight of an instant in a zone. */
export function localMinutes(date: Date, timeZone: string): number {
  const { hour, minute } = wallClock(date, timeZone);
  return hour * 60 + minute;
}

/** Whether the person's clock reads inside their window at this instant (start included, end excluded). */
export function inQuietHours(quiet: QuietHours, timeZone: string, at: Date): boolean {
  const start = clockMinutes(quiet.start);
  const end = clockMinutes(quiet.end);
  if (!quiet.enabled || start === null || end === null || start === end) return false;
  const m = localMinutes(at, timeZone);
  return start < end ? m >= start && m < end : m >= start || m < end;
}

/**
 * When a non-urgent message to this person may go: null when it may go now, else the end of the window they are
 * in (the first whole minute their clock reads outside it).
 */
export function quietUntil(quiet: QuietHours, timeZone: string, now: Date): Date | null {
  if (!inQuietHours(quiet, timeZone, now)) return null;
  const end = clockMinutes(quiet.end)!;
  const floor = Math.floor(now.getTime() / MINUTE) * MINUTE;
  // First guess: as many minutes on as the clock needs to reach the end; a DST change on the way is corrected below.
  let at = floor + ((end - localMinutes(now, timeZone) + DAY_MINUTES) % DAY_MINUTES || DAY_MINUTES) * MINUTE;
  // The clock moved back (or skipped the end): walk forward until it reads outside the window…
  for (let i = 0; i < 2 * DAY_MINUTES && inQuietHours(quiet, timeZone, new Date(at)); i++) at += MINUTE;
  // …and back while the minute before is outside too (the clock moved forward), so this is the first one.
  for (let i = 0; i < 2 * DAY_MINUTES && at - MINUTE > floor && !inQuietHours(quiet, timeZone, new Date(at - MINUTE)); i++) at -= MINUTE;
  return new Date(at);
}

/** The UTC offset of a zone at an instant, in ms (wall clock minus UTC). */
function offsetAt(date: Date, timeZone: string): number {
  const c = wallClock(date, timeZone);
  const seconds = Math.floor(date.getTime() / 1000) * 1000;
  return Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute, c.second) - seconds;
}

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T([01]\d|2[0-3]):([0-5]\d)$/;

/**
 * A wall-clock date and time ("2026-12-01T09:00") in a zone as the UTC instant it names. A time the clock skips
 * (spring forward) is read with the offset before the change, so it lands just after the gap; a time it shows twice
 * (fall back) is the first of the two. Null when the text is not such a date and time.
 */
export function zonedToUtc(local: string, timeZone: string): Date | null {
  const match = LOCAL.exec(local);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number);
  const naive = Date.UTC(year, month - 1, day, hour, minute);
  const check = new Date(naive);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  const before = offsetAt(new Date(naive - DAY_MINUTES * MINUTE), timeZone);
  const after = offsetAt(new Date(naive + DAY_MINUTES * MINUTE), timeZone);
  // Try the earlier reading first (the larger offset gives the earlier instant), keeping the one whose clock matches.
  for (const offset of before >= after ? [before, after] : [after, before]) {
    const at = new Date(naive - offset);
    if (offsetAt(at, timeZone) === offset) return at;
  }
  return new Date(naive - before);
}
