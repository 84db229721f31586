/**
 * Business days per jurisdiction. Federal and California dates reuse the tax module's calendars (one
 * source of truth); Texas, Florida, New York and England and Wales come from `date-holidays` here. Dates
 * are `YYYY-MM-DD` strings; Date objects only live inside these functions, on local dates.
 *
 * Where a state's statute is unclear about a library holiday we leave it out: a missing holiday can only
 * make a deadline earlier, never later than the law allows.
 */
import { addDays, format, getDay } from "date-fns";
import Holidays from "date-holidays";
import { isBusinessDay as isTaxBusinessDay, parseIsoDate } from "../../tax/business-days";
import type { Jurisdiction } from "./packs";

const SATURDAY = 6;
const SUNDAY = 0;

type LibraryJurisdiction = Exclude<Jurisdiction, "US" | "CA">;

interface LibraryCalendar {
  country: string;
  region: string;
  types: ReadonlySet<string>;
  /** Substitute days the library adds (a Saturday holiday kept on Friday) that this law does not move. */
  keepSubstitutes: boolean;
  /** Holidays the library lists but the state does not close for. */
  excludedNames: ReadonlySet<string>;
  /** New York's General Construction Law §24 keeps a Sunday holiday on the Monday after. */
  sundayToMonday: boolean;
}

const CALENDARS: Record<LibraryJurisdiction, LibraryCalendar> = {
  // Tex. Gov't Code §662.003: Columbus Day is not a Texas holiday, and Texas does not move holidays that
  // fall on a weekend.
  TX: {
    country: "US",
    region: "TX",
    types: new Set(["public"]),
    keepSubstitutes: false,
    excludedNames: new Set(["Columbus Day"]),
    sundayToMonday: false,
  },
  FL: { country: "US", region: "FL", types: new Set(["public"]), keepSubstitutes: false, excludedNames: new Set(), sundayToMonday: false },
  // Susan B. Anthony Day is a commemoration in New York, not a public holiday under GCL §24.
  NY: {
    country: "US",
    region: "NY",
    types: new Set(["public"]),
    keepSubstitutes: false,
    excludedNames: new Set(["Susan B. Anthony Day"]),
    sundayToMonday: true,
  },
  // Bank holidays of England and Wales (Banking and Financial Dealings Act 1971, Sch. 1), including the
  // substitute days appointed when one falls on a weekend.
  "GB-EWS": {
    country: "GB",
    region: "ENG",
    types: new Set(["public", "bank"]),
    keepSubstitutes: true,
    excludedNames: new Set(),
    sundayToMonday: false,
  },
};

function isoOf(date: Date): string {
  return format(date, "yyyy-MM-dd");
}

const instances = new Map<LibraryJurisdiction, Holidays>();
function libraryFor(jurisdiction: LibraryJurisdiction): Holidays {
  let holidays = instances.get(jurisdiction);
  if (!holidays) {
    const { country, region } = CALENDARS[jurisdiction];
    holidays = new Holidays(country, region);
    instances.set(jurisdiction, holidays);
  }
  return holidays;
}

const byYear = new Map<string, Set<string>>();
function holidaysOf(jurisdiction: LibraryJurisdiction, year: number): Set<string> {
  const cacheKey = `${jurisdiction}:${year}`;
  let dates = byYear.get(cacheKey);
  if (!dates) {
    const calendar = CALENDARS[jurisdiction];
    dates = new Set<string>();
    for (const holiday of libraryFor(jurisdiction).getHolidays(year)) {
      if (!calendar.types.has(holiday.type) || calendar.excludedNames.has(holiday.name)) continue;
      if (holiday.substitute && !calendar.keepSubstitutes) continue;
      const date = parseIsoDate(holiday.date.slice(0, 10));
      dates.add(isoOf(date));
      if (calendar.sundayToMonday && getDay(date) === SUNDAY) dates.add(isoOf(addDays(date, 1)));
    }
    byYear.set(cacheKey, dates);
  }
  return dates;
}

/** A legal holiday (or bank holiday) of the jurisdiction; weekends are not holidays here. */
export function isJurisdictionHoliday(isoDate: string, jurisdiction: Jurisdiction): boolean {
  const weekday = getDay(parseIsoDate(isoDate));
  if (jurisdiction === "US" || jurisdiction === "CA") {
    // The tax module answers business days only; a weekday that is not one is a holiday.
    return weekday !== SATURDAY && weekday !== SUNDAY && !isTaxBusinessDay(isoDate, jurisdiction === "CA" ? "CA" : "federal");
  }
  const year = Number(isoDate.slice(0, 4));
  // A holiday can be kept in a neighbouring year (a substitute on December 31 or January 2).
  return [year - 1, year, year + 1].some((y) => holidaysOf(jurisdiction, y).has(isoDate));
}

export function isJurisdictionBusinessDay(isoDate: string, jurisdiction: Jurisdiction): boolean {
  if (jurisdiction === "US") return isTaxBusinessDay(isoDate, "federal");
  if (jurisdiction === "CA") return isTaxBusinessDay(isoDate, "CA");
  const weekday = getDay(parseIsoDate(isoDate));
  return weekday !== SATURDAY && weekday !== SUNDAY && !isJurisdictionHoliday(isoDate, jurisdiction);
}

/** The date itself when it is a business day in the jurisdiction, else the next one. */
export function nextJurisdictionBusinessDay(isoDate: string, jurisdiction: Jurisdiction): string {
  let date = parseIsoDate(isoDate);
  // Bounded: no calendar has more than a few days off in a row.
  for (let i = 0; i < 30 && !isJurisdictionBusinessDay(isoOf(date), jurisdiction); i++) date = addDays(date, 1);
  return isoOf(date);
}

/** Counts `amount` business days forward (or back, if negative) from a date, not counting the date itself. */
export function addJurisdictionBusinessDays(isoDate: string, amount: number, jurisdiction: Jurisdiction): string {
  if (!Number.isInteger(amount)) throw new RangeError(`Not a whole number of days: ${amount}`);
  let date = parseIsoDate(isoDate);
  const step = amount < 0 ? -1 : 1;
  for (let left = Math.abs(amount); left > 0;) {
    date = addDays(date, step);
    if (isJurisdictionBusinessDay(isoOf(date), jurisdiction)) left--;
  }
  return isoOf(date);
}
