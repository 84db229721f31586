/**
 * The trust's tax calendar for one tax year: what is due federally and in its states, when the law says
 * (`statutoryDueOn`) and when it is really due after weekends and holidays (`dueOn`). Pure: the caller
 * brings the trust's profile; titles and preparation notes are translation keys in the `tax` namespace.
 */
import { addDays, addMonths, format, lastDayOfMonth, setDate, startOfMonth } from "date-fns";
import { type HolidayCalendar, nextBusinessDay } from "./business-days";

export type TaxCalendarItemKind = "return" | "extension" | "estimate" | "election" | "state";

export interface TrustTaxProfile {
  /** A grantor trust's income is taxed to the grantor (26 U.S.C. §§671–679). */
  grantor: boolean;
  /** The month the tax year ends, 1–12; 12 is a calendar year. */
  taxYearEndMonth: number;
  /** Two-letter codes of the states the trust files in, e.g. ["CA"]. */
  states: string[];
  /** The trust files and pays the whole year's tax by January 31 instead of the January estimate. */
  januaryEstimateSkipped?: boolean;
}

export interface TaxCalendarItem {
  /** Stable across recomputations, e.g. "1041-2027"; the calendar feed's event ids derive from it. */
  key: string;
  form: string;
  kind: TaxCalendarItemKind;
  titleKey: string;
  /** Fill both the title and the preparation note. */
  titleParams?: Record<string, string | number>;
  prepareKey: string;
  /** Empty when the rule is not computed yet (see `computed`). */
  citation: string;
  citationUrl: string;
  statutoryDueOn: string;
  dueOn: string;
  rolled: boolean;
  /** Due only if the trust chooses it (an extension, an election, the January estimate). */
  optional: boolean;
  /** False when the date is a placeholder because this jurisdiction's rule is not encoded yet. */
  computed: boolean;
}

const CORNELL_USC = "https://www.law.cornell.edu/uscode/text/26";
const CORNELL_CFR = "https://www.law.cornell.edu/cfr/text/26";
const CA_RTC = "https://leginfo.legislature.ca.gov/faces/codes_displaySection.xhtml?lawCode=RTC&sectionNum=";

function iso(date: Date): string {
  return format(date, "yyyy-MM-dd");
}

/** The 15th day of the nth month after the month `from` falls in. */
function fifteenthOfMonthAfter(from: Date, months: number): Date {
  return setDate(addMonths(startOfMonth(from), months), 15);
}

interface DueDate {
  statutoryDueOn: string;
  dueOn: string;
  rolled: boolean;
}

function rolledBy(calendar: HolidayCalendar, statutory: Date): DueDate {
  const statutoryDueOn = iso(statutory);
  const dueOn = nextBusinessDay(statutoryDueOn, calendar);
  return { statutoryDueOn, dueOn, rolled: dueOn !== statutoryDueOn };
}

function notRolled(statutory: Date): DueDate {
  return { statutoryDueOn: iso(statutory), dueOn: iso(statutory), rolled: false };
}

type ItemDraft = Omit<TaxCalendarItem, "titleKey" | "prepareKey" | "statutoryDueOn" | "dueOn" | "rolled" | "optional" | "computed"> & {
  /** The last segment of both translation keys; defaults to the form. */
  textKey?: string;
  optional?: boolean;
  computed?: boolean;
};

function item(draft: ItemDraft, due: DueDate): TaxCalendarItem {
  const { textKey = draft.form, optional = false, computed = true, ...rest } = draft;
  return { ...rest, titleKey: `calendar.title.${textKey}`, prepareKey: `calendar.prepare.${textKey}`, ...due, optional, computed };
}

/** The tax year's first and last days; a fiscal year is named by the calendar year it ends in. */
export function taxYearBounds(taxYearEndMonth: number, year: number): { start: Date; end: Date } {
  if (!Number.isInteger(taxYearEndMonth) || taxYearEndMonth < 1 || taxYearEndMonth > 12) {
    throw new RangeError(`taxYearEndMonth must be 1–12, not ${taxYearEndMonth}`);
  }
  if (!Number.isInteger(year) || year < 1900 || year > 9998) throw new RangeError(`Not a tax year: ${year}`);
  const end = lastDayOfMonth(new Date(year, taxYearEndMonth - 1, 1));
  return { start: addMonths(startOfMonth(end), -11), end };
}

export function taxCalendar(profile: TrustTaxProfile, year: number): TaxCalendarItem[] {
  const { start, end } = taxYearBounds(profile.taxYearEndMonth, year);
  const params = { year };
  // Form 1041 and its K-1s: the 15th day of the 4th month after the year ends.
  const returnDue = fifteenthOfMonthAfter(end, 4);
  const items: TaxCalendarItem[] = [];

  if (profile.grantor) {
    // A grantor trust's income is on the grantor's own return, so the trust makes no estimates and takes
    // no distribution deduction: the K-1s, 7004, 1041-ES, 1041-T and §663(b) items do not apply. What
    // remains is its Form 1041 carrying only the grantor statement (the general method of §1.671-4(a)),
    // due when a 1041 is, and the state returns below.
    items.push(
      item(
        {
          key: `grantor-statement-${year}`,
          form: "1041",
          kind: "return",
          textKey: "grantor-statement",
          titleParams: params,
          citation: "Treas. Reg. §1.671-4(a); 26 U.S.C. §6072(a)",
          citationUrl: `${CORNELL_CFR}/1.671-4`,
        },
        rolledBy("federal", returnDue),
      ),
    );
  } else {
    items.push(...nonGrantorFederalItems(profile, year, start, end, returnDue));
  }

  for (const state of [...new Set(profile.states.map((s) => s.trim().toUpperCase()).filter(Boolean))]) {
    items.push(...stateItems(state, profile, year, returnDue));
  }
  // Array.prototype.sort is stable: items due the same day keep the order they were added in.
  return items.sort((a, b) => (a.dueOn < b.dueOn ? -1 : a.dueOn > b.dueOn ? 1 : 0));
}

function nonGrantorFederalItems(profile: TrustTaxProfile, year: number, start: Date, end: Date, returnDue: Date): TaxCalendarItem[] {
  const params = { year };
  const returnDate = rolledBy("federal", returnDue);
  // Form 7004 gives estates and trusts 5½ months (Treas. Reg. §1.6081-6): five months from the 15th, then
  // half a month to the month's end, which is September 30 for a calendar year.
  const extendedDue = lastDayOfMonth(addMonths(returnDue, 5));
  // §643(g) and §663(b) both count 65 days from the year's end.
  const sixtyFifthDay = addDays(end, 65);
  return [
    item(
      {
        key: `1041-${year}`,
        form: "1041",
        kind: "return",
        titleParams: params,
        citation: "26 U.S.C. §6072(a); Treas. Reg. §1.6072-1",
        citationUrl: `${CORNELL_USC}/6072`,
      },
      returnDate,
    ),
    item(
      {
        key: `K-1-${year}`,
        form: "K-1",
        kind: "return",
        titleParams: params,
        citation: "26 U.S.C. §6034A(a)",
        citationUrl: `${CORNELL_USC}/6034A`,
      },
      returnDate,
    ),
    item(
      {
        key: `7004-${year}`,
        form: "7004",
        kind: "extension",
        titleParams: params,
        optional: true,
        citation: "26 U.S.C. §6081(a); Treas. Reg. §1.6081-6",
        citationUrl: `${CORNELL_CFR}/1.6081-6`,
      },
      returnDate,
    ),
    item(
      {
        key: `1041-extended-${year}`,
        form: "1041",
        kind: "return",
        textKey: "1041-extended",
        titleParams: params,
        optional: true,
        citation: "Treas. Reg. §1.6081-6(a)",
        citationUrl: `${CORNELL_CFR}/1.6081-6`,
      },
      rolledBy("federal", extendedDue),
    ),
    ...estimateItems(profile, year, start, end),
    item(
      {
        key: `1041-T-${year}`,
        form: "1041-T",
        kind: "election",
        titleParams: params,
        optional: true,
        citation: "26 U.S.C. §643(g)(2)",
        citationUrl: `${CORNELL_USC}/643`,
      },
      rolledBy("federal", sixtyFifthDay),
    ),
    // Not rolled: §7503 extends the time to perform an act, and the act here (the election) is made on the
    // return, which rolls with it. The window itself is a count of days within which distributions must be
    // paid; nothing says a distribution paid on day 66 counts because day 65 was a Sunday, so the calendar
    // gives the last day that is certainly inside the window.
    item(
      {
        key: `663b-${year}`,
        form: "663b",
        kind: "election",
        titleParams: params,
        optional: true,
        citation: "26 U.S.C. §663(b); Treas. Reg. §1.663(b)-1, -2",
        citationUrl: `${CORNELL_USC}/663`,
      },
      notRolled(sixtyFifthDay),
    ),
  ];
}

/**
 * Form 1041-ES: the 15th of the 4th, 6th and 9th months of the tax year and of the 1st month of the next
 * (26 U.S.C. §6654(c)(2), read for fiscal years by §6654(k), applied to trusts by §6654(l)).
 */
function estimateItems(profile: TrustTaxProfile, year: number, start: Date, end: Date): TaxCalendarItem[] {
  const citation = profile.taxYearEndMonth !== 12 ? "26 U.S.C. §6654(c)(2), (k), (l)" : "26 U.S.C. §6654(c)(2), (l)";
  const monthsFromStart = [3, 5, 8, 12];
  const items = monthsFromStart.map((months, index) => {
    const last = index === monthsFromStart.length - 1;
    return item(
      {
        key: `1041-ES-${year}-${index + 1}`,
        form: "1041-ES",
        kind: "estimate",
        textKey: last ? "1041-ES-last" : "1041-ES",
        titleParams: { year, quarter: index + 1 },
        // §6654(h): no 4th installment is needed when the return is filed and all the tax paid by the end
        // of the month after the year ends.
        optional: last,
        citation,
        citationUrl: `${CORNELL_USC}/6654`,
      },
      rolledBy("federal", setDate(addMonths(start, months), 15)),
    );
  });
  if (!profile.januaryEstimateSkipped) return items;
  // Skipping the January estimate holds only if the return is in by the end of January; that becomes the
  // deadline to watch.
  return [
    ...items.slice(0, 3),
    item(
      {
        key: `1041-early-${year}`,
        form: "1041",
        kind: "return",
        textKey: "1041-early",
        titleParams: { year },
        citation: "26 U.S.C. §6654(h)",
        citationUrl: `${CORNELL_USC}/6654`,
      },
      rolledBy("federal", lastDayOfMonth(addMonths(end, 1))),
    ),
  ];
}

function stateItems(state: string, profile: TrustTaxProfile, year: number, returnDue: Date): TaxCalendarItem[] {
  const params = { year };
  if (state === "CA") {
    // California: Form 541 on the 15th day of the 4th month (R&TC §18566), rolled over California's
    // holidays, not the District's. The extension to file is automatic, so FTB 3563 only pays what is owed
    // by the original date; a grantor trust owes no tax of its own and has nothing to pay with it.
    const due = rolledBy("CA", returnDue);
    const california = [
      item(
        {
          key: `CA-541-${year}`,
          form: "CA-541",
          kind: "state",
          titleParams: params,
          citation: "Cal. Rev. & Tax. Code §18566",
          citationUrl: `${CA_RTC}18566`,
        },
        due,
      ),
    ];
    if (!profile.grantor) {
      california.push(
        item(
          {
            key: `FTB-3563-${year}`,
            form: "FTB-3563",
            kind: "state",
            titleParams: params,
            citation: "Cal. Rev. & Tax. Code §§18566, 18567",
            citationUrl: `${CA_RTC}18567`,
          },
          due,
        ),
      );
    }
    return california;
  }
  // Other states' rules come from the compliance rule pack; until then the federal date stands in, marked
  // as not computed so no one mistakes it for the state's own.
  return [
    item(
      {
        key: `${state}-fiduciary-${year}`,
        form: `${state}-fiduciary`,
        kind: "state",
        textKey: "state-fiduciary",
        titleParams: { year, state },
        computed: false,
        citation: "",
        citationUrl: "",
      },
      rolledBy("federal", returnDue),
    ),
  ];
}
