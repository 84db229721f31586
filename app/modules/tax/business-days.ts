/**
 * When a due date falls on a weekend or a legal holiday, the act is timely on the next day that is none of
 * them (26 U.S.C. §7503). Federally, "legal holiday" means one in the District of Columbia; California's
 * own deadlines roll over California's holidays instead (Cal. Gov. Code §6707). Dates are plain
 * `YYYY-MM-DD` strings: a due date is a day on the calendar, not an instant, so no time zone enters.
 */
import { addDays, format, getDay, isValid, parseISO } from "date-fns";
import Holidays from "date-holidays";

/** Whose holidays roll a date: the IRS's (District of Columbia) or California's Franchise Tax Board's. */
export type HolidayCalendar = "federal" | "CA";

const SATURDAY = 6;
const SUNDAY = 0;

// Building a Holidays instance parses the country's rules; most requests never need one, and those that
// do need it once.
const instances = new Map<HolidayCalendar, Holidays>();
function holidaysFor(calendar: HolidayCalendar): Holidays {
  let holidays = instances.get(calendar);
  if (!holidays) {
    holidays = calendar === "CA" ? new Holidays("US", "CA") : new Holidays("US", "DC");
    instances.set(calendar, holidays);
  }
  return holidays;
}

function isoOf(date: Date): string {
  return format(date, "yyyy-MM-dd");
}

/** Reads a `YYYY-MM-DD` date, refusing anything else (including impossible days such as 2027-02-30). */
export function parseIsoDate(isoDate: string): Date {
  const date = /^\d{4}-\d{2}-\d{2}$/.test(isoDate) ? parseISO(isoDate) : new Date(NaN);
  if (!isValid(date) || isoOf(date) !== isoDate) throw new RangeError(`Not a YYYY-MM-DD date: ${isoDate}`);
  return date;
}

/**
 * The District's legal holidays by the rules of D.C. Code §28-2701, which Treas. Reg. §301.7503-1(b)
 * points to: one falling on a Saturday is kept on the Friday before, one on a Sunday on the Monday after;
 * Inauguration Day is never moved to a Friday. The library leaves out some of these observed days (DC
 * Emancipation Day's, which decided the 2017 and 2022 filing deadlines), so the rule is applied here to
 * its public holidays rather than taken from its substitute days.
 */
function districtHolidays(year: number): string[] {
  const dates: string[] = [];
  for (const holiday of holidaysFor("federal").getHolidays(year)) {
    if (holiday.type !== "public" || holiday.substitute) continue;
    const date = parseIsoDate(holiday.date.slice(0, 10));
    dates.push(isoOf(date));
    if (getDay(date) === SATURDAY) dates.push(isoOf(addDays(date, -1)));
    if (getDay(date) === SUNDAY) dates.push(isoOf(addDays(date, 1)));
  }
  // The library does not know Inauguration Day: January 20 after each presidential election, or the 21st
  // when the 20th is a Sunday.
  if (year % 4 === 1) {
    const inauguration = new Date(year, 0, 20);
    dates.push(isoOf(getDay(inauguration) === SUNDAY ? addDays(inauguration, 1) : inauguration));
  }
  return dates;
}

/** California's holidays as the library gives them, observed days included (public ones only). */
function californiaHolidays(year: number): string[] {
  return holidaysFor("CA")
    .getHolidays(year)
    .filter((holiday) => holiday.type === "public")
    .map((holiday) => holiday.date.slice(0, 10));
}

// A year's holidays by the rules of that year; a holiday can be observed in the year before (New Year's
// Day on a Saturday is kept on December 31).
const holidaysByYear = new Map<string, Set<string>>();
function holidaysOfRulesYear(calendar: HolidayCalendar, year: number): Set<string> {
  const cacheKey = `${calendar}:${year}`;
  let dates = holidaysByYear.get(cacheKey);
  if (!dates) {
    dates = new Set(calendar === "CA" ? californiaHolidays(year) : districtHolidays(year));
    holidaysByYear.set(cacheKey, dates);
  }
  return dates;
}

export function isLegalHoliday(isoDate: string, calendar: HolidayCalendar = "federal"): boolean {
  const year = parseIsoDate(isoDate).getFullYear();
  return holidaysOfRulesYear(calendar, year).has(isoDate) || holidaysOfRulesYear(calendar, year + 1).has(isoDate);
}

export function isBusinessDay(isoDate: string, calendar: HolidayCalendar = "federal"): boolean {
  const weekday = getDay(parseIsoDate(isoDate));
  return weekday !== SATURDAY && weekday !== SUNDAY && !isLegalHoliday(isoDate, calendar);
}

/** The due date itself when it is a business day, else the next one. */
export function nextBusinessDay(isoDate: string, calendar: HolidayCalendar = "federal"): string {
  let date = parseIsoDate(isoDate);
  while (!isBusinessDay(isoOf(date), calendar)) date = addDays(date, 1);
  return isoOf(date);
}
