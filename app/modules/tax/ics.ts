/**
 * The tax calendar as an iCalendar feed (RFC 5545) that calendar apps can subscribe to: one all-day event
 * per item on its rolled due date, with a reminder a week before. Runs in the Worker: no Node APIs.
 */
import { addDays } from "date-fns";
import { createEvents, type DateArray, type EventAttributes } from "ics";
import { parseIsoDate } from "./business-days";
import type { TaxCalendarItem } from "./calendar";

export interface CalendarFeedOptions {
  calendarName: string;
  translate: (key: string, params?: Record<string, string | number>) => string;
  /** The tax calendar's page in the app; each event links to it. */
  url?: string;
  /**
   * What tells this trust's feed apart from another's (the workspace id): event UIDs must be globally
   * unique, and two trusts' "1041-2027" in one calendar app would otherwise be taken for one event.
   */
  scope?: string;
}

const PRODUCT_ID = "-//Family Trust Platform//Tax calendar//EN";
// A week before the due day, at 9:00 in the reader's time zone: the trigger counts back from the all-day
// event's start at midnight, 6 days and 15 hours. (A whole-day trigger such as { days: 7 } comes out of the
// library as "-P7DT", which RFC 5545 does not allow.)
const REMINDER_BEFORE_START = { days: 6, hours: 15, before: true };

function dateArray(date: Date): DateArray {
  return [date.getFullYear(), date.getMonth() + 1, date.getDate()];
}

// The library escapes an event's summary and description but not an alarm's description (a TEXT value).
function escapeText(text: string): string {
  return text.replace(/([\\;,])/g, "\\$1");
}

/** A UID that stays the same for an item however often the feed is rebuilt, so apps update, not duplicate. */
export function eventUid(item: Pick<TaxCalendarItem, "key">, scope?: string): string {
  return `${scope ? `${scope}.` : ""}${item.key}@tax-calendar.trust-platform`;
}

export function calendarFeed(items: TaxCalendarItem[], { calendarName, translate, url, scope }: CalendarFeedOptions): string {
  const events: EventAttributes[] = items.map((item) => {
    const title = translate(item.titleKey, item.titleParams);
    const citation = [item.citation, item.citationUrl].filter(Boolean).join("\n");
    const description = [translate(item.prepareKey, item.titleParams), citation, url].filter(Boolean).join("\n\n");
    const due = parseIsoDate(item.dueOn);
    return {
      uid: eventUid(item, scope),
      title,
      description,
      ...(url ? { url } : {}),
      start: dateArray(due),
      // An all-day event ends (exclusively) on the next day.
      end: dateArray(addDays(due, 1)),
      // A deadline does not make anyone busy for the day.
      transp: "TRANSPARENT",
      busyStatus: "FREE",
      alarms: [{ action: "display", description: escapeText(title), trigger: REMINDER_BEFORE_START }],
    };
  });
  const { error, value } = createEvents(events, { productId: PRODUCT_ID, calName: calendarName });
  if (error || !value) throw error ?? new Error("The calendar feed could not be built.");
  return value;
}
