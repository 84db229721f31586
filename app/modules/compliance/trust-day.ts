/**
 * Which day it is for the trust. Due days are dates without times in the trust's jurisdiction, so "today", "on
 * time" and "overdue" are read on that jurisdiction's clock, not UTC's: a California trustee marking a duty done at
 * 5 pm on its due day is on time, and the duty is not overdue that evening. Pure.
 */

/** The clock of each jurisdiction with a rule pack (Florida and Texas span two zones: the larger one). */
const JURISDICTION_ZONES: Record<string, string> = {
  CA: "America/Los_Angeles",
  TX: "America/Chicago",
  FL: "America/New_York",
  NY: "America/New_York",
  "GB-EWS": "Europe/London",
  US: "America/New_York",
};

/** The trust's clock: its first state-level jurisdiction with a known zone, else the federal one, else UTC. */
export function trustTimeZone(jurisdictions: Iterable<string | null | undefined>): string {
  let federal: string | null = null;
  for (const code of jurisdictions) {
    if (!code) continue;
    const upper = code.toUpperCase();
    if (upper === "US") federal = JURISDICTION_ZONES.US;
    else if (JURISDICTION_ZONES[upper]) return JURISDICTION_ZONES[upper];
  }
  return federal ?? "UTC";
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** The calendar day (yyyy-mm-dd) a moment falls on in a time zone. */
export function dayIn(moment: Date, timeZone: string): string {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
    formats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(moment).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** The state-level jurisdictions with a clock, and the federal code (the dashboard's SQL picks the same as trustTimeZone). */
export const STATE_ZONES = Object.entries(JURISDICTION_ZONES).filter(([code]) => code !== "US");
export const FEDERAL_JURISDICTION = "US";
