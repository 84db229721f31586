import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { ComplianceRequirement } from "~/modules/documents/analysis/schema";
import { analyzeOffline } from "~/modules/documents/analysis/offline";
import { consolidate } from "~/modules/instruments/as-amended";
import { amendedDuties, citedSections, datedInstrumentDuties, dutySlug, type EventFact } from "./instrument-duties";

const fixture = (name: string) => readFileSync(new URL(`../../../tests/fixtures/documents/${name}`, import.meta.url), "utf8");
const TRUST_TEXT = fixture("hartwell-family-trust.txt");
const AMENDMENT_TEXT = fixture("hartwell-trust-first-amendment.txt");
// The duties as the stored analysis of the instrument gives them (items.server.ts reads `complianceRequirements`).
const hartwellDuties = () => analyzeOffline(TRUST_TEXT).complianceRequirements;

const TAX_CLAUSE =
  "The trustee shall file all fiduciary income tax returns, including IRS Form 1041 and California Form 541, on or before April 15 of each year, and shall furnish a Schedule K-1 to each beneficiary.";
const ACCOUNT_CLAUSE =
  "The trustee shall account at least annually to each current beneficiary, as required by California Probate Code section 16062, showing receipts, disbursements and the assets on hand.";
const NOTICE_CLAUSE =
  "Within sixty (60) days after this trust, or any portion of it, becomes irrevocable, the trustee shall serve the notification required by California Probate Code section 16061.7 on each beneficiary and heir.";
// Pinned: stored items are keyed by these, so a changed hash would orphan every instrument item already kept.
const TAX_SLUG = "145jtv9";
const NOTICE_SLUG = "13l9mym";

const WINDOW = { from: "2024-01-01", to: "2028-12-31" };
const NONE = new Set<string>();
const died = (id: string, occurredOn: string): EventFact => ({ id, type: "settlor_died", occurredOn });
const duty = (due: string | null, extra: Partial<ComplianceRequirement> = {}): ComplianceRequirement => ({
  duty: "Deliver an account to each beneficiary",
  responsibleParty: "Trustee",
  due,
  citation: null,
  reference: "Article Five, Section 5.9",
  sourceText: `The trustee shall deliver an account to each beneficiary ${due ?? ""}.`,
  ...extra,
});
const dueDates = (duties: ComplianceRequirement[], events: EventFact[] = [], window = WINDOW) =>
  datedInstrumentDuties(duties, events, window, NONE).items.map((item) => item.dueOn);

describe("the Hartwell trust's own duties", () => {
  it("dates the notice from the settlor's death, the returns every April 15 and the account by each December 31, each with its clause", () => {
    const { items, undated } = datedInstrumentDuties(hartwellDuties(), [died("e1", "2026-03-03")], WINDOW, NONE);
    expect(items).toEqual([
      // "At least annually" names no day: once in each calendar year, so by its last day.
      ...[2024, 2025, 2026, 2027, 2028].map((year) => ({
        key: `instrument:${dutySlug(ACCOUNT_CLAUSE)}:${year}`,
        title:
          "Account at least annually to each current beneficiary, as required by California Probate Code section 16062, showing receipts, disbursements and the assets on hand",
        dueOn: `${year}-12-31`,
        responsible: "Trustee",
        citation: "California Probate Code section 16062",
        reference: "Article Five, Section 5.2",
        sourceText: ACCOUNT_CLAUSE,
      })),
      {
        key: `instrument:${NOTICE_SLUG}:e1`,
        title: "Serve the notification required by California Probate Code section 16061.7 on each beneficiary and heir",
        // 2026-03-03 + 60 days, as the clause says (no weekend rolling for the instrument's own dates).
        dueOn: "2026-05-02",
        responsible: "Trustee",
        citation: "California Probate Code section 16061.7",
        reference: "Article Five, Section 5.3",
        sourceText: NOTICE_CLAUSE,
      },
      ...[2024, 2025, 2026, 2027, 2028].map((year) => ({
        key: `instrument:${TAX_SLUG}:${year}`,
        title:
          "File all fiduciary income tax returns, including IRS Form 1041 and California Form 541, on or before April 15 of each year, and furnish a Schedule K-1 to each beneficiary",
        dueOn: `${year}-04-15`,
        responsible: "Trustee",
        citation: null,
        reference: "Article Five, Section 5.4",
        sourceText: TAX_CLAUSE,
      })),
    ]);
    // Nothing dated is invented for a clause without a deadline.
    expect(undated.map((d) => [d.reference, d.due])).toEqual([
      ["Article Three, Section 3.1", null],
      ["Article Four, Section 4.3", null],
    ]);
  });

  it("leaves a clause that cites a statute a rule pack tracks to that rule: neither an item nor undated", () => {
    const { items, undated } = datedInstrumentDuties(hartwellDuties(), [died("e1", "2026-03-03")], WINDOW, new Set(["16061.7", "16062"]));
    expect(items.map((i) => i.key)).toEqual([2024, 2025, 2026, 2027, 2028].map((y) => `instrument:${TAX_SLUG}:${y}`));
    expect(undated.map((d) => d.reference)).toEqual(["Article Three, Section 3.1", "Article Four, Section 4.3"]);
  });

  it("waits for the event: without a death or the trust becoming irrevocable, the notice is undated", () => {
    const { items, undated } = datedInstrumentDuties(hartwellDuties(), [{ id: "t1", type: "trustee_changed", occurredOn: "2026-02-01" }], WINDOW, NONE);
    expect(items.some((i) => i.key.startsWith(`instrument:${NOTICE_SLUG}`))).toBe(false);
    expect(undated.map((d) => d.reference)).toContain("Article Five, Section 5.3");
  });

  it("follows the amendment: 30 days for the notice, and its new 90-day inventory once the surviving settlor has died", () => {
    const view = consolidate({ documentId: "trust", title: "Trust", date: "2019-03-14", text: TRUST_TEXT }, [
      { documentId: "amendment", title: "First Amendment", date: "2023-09-08", text: AMENDMENT_TEXT },
    ]);
    const two = { settlorCount: 2 };
    const first = datedInstrumentDuties(view.duties, [died("e1", "2026-03-03")], WINDOW, NONE, two);
    const byRef = (items: { reference: string | null; dueOn: string }[], reference: string) =>
      items.filter((i) => i.reference === reference).map((i) => i.dueOn);
    expect(byRef(first.items, "Article Five, Section 5.3")).toEqual(["2026-04-02"]);
    // Eleanor survives Thomas: "the death of the surviving Settlor" has not happened yet.
    expect(byRef(first.items, "First Amendment, Section 4")).toEqual([]);
    expect(first.undated.map((d) => d.reference)).toContain("First Amendment, Section 4");
    const both = datedInstrumentDuties(view.duties, [died("e2", "2027-01-10"), died("e1", "2026-03-03")], WINDOW, NONE, two);
    expect(byRef(both.items, "First Amendment, Section 4")).toEqual(["2027-04-10"]);
    expect(both.items.find((i) => i.reference === "First Amendment, Section 4")).toMatchObject({
      key: expect.stringMatching(/:e2$/),
      responsible: null,
      citation: null,
    });
  });
});

describe("the duties of the trust as amended", () => {
  const view = () =>
    consolidate({ documentId: "trust", title: "Trust", date: "2019-03-14", text: TRUST_TEXT }, [
      { documentId: "amendment", title: "First Amendment", date: "2023-09-08", text: AMENDMENT_TEXT },
    ]);

  it("are the amended ones, each pointing at the document its words are in", () => {
    const duties = amendedDuties(view());
    const byRef = (reference: string) => duties.find((d) => d.reference === reference);
    // Replaced by the amendment: its 30 days, its document; added by it: the inventory; untouched: the trust's.
    expect(byRef("Article Five, Section 5.3")).toMatchObject({ documentId: "amendment", due: expect.stringMatching(/^Within thirty \(30\) days/) });
    expect(byRef("First Amendment, Section 4")).toMatchObject({ documentId: "amendment" });
    expect(byRef("Article Five, Section 5.4")).toMatchObject({ documentId: "trust", sourceText: TAX_CLAUSE });
  });

  it("keep the items' document and the keys the original's analysis gave (a tax return marked done stays done)", () => {
    const { items } = datedInstrumentDuties(amendedDuties(view()), [died("e1", "2026-03-03")], WINDOW, NONE);
    expect(items.find((i) => i.key === `instrument:${TAX_SLUG}:2026`)).toMatchObject({ documentId: "trust", dueOn: "2026-04-15" });
    expect(items.find((i) => i.reference === "Article Five, Section 5.3")).toMatchObject({ documentId: "amendment", dueOn: "2026-04-02" });
  });

  it("fall back to the instrument when a duty's sentence is in no live term", () => {
    const duties = amendedDuties({ instrument: { documentId: "trust" }, duties: [duty("annually", { sourceText: "Words no term has." })], terms: [] });
    expect(duties[0]?.documentId).toBe("trust");
  });
});

describe("relative deadlines", () => {
  it("counts N days after each death or the trust becoming irrevocable, one item per event", () => {
    const { items } = datedInstrumentDuties(
      [duty("within 60 days after the death of the Settlor")],
      [
        died("d1", "2026-01-31"),
        { id: "i1", type: "became_irrevocable", occurredOn: "2027-12-15" },
        { id: "x", type: "trust_created", occurredOn: "2026-01-01" },
      ],
      WINDOW,
      NONE,
    );
    expect(items.map((i) => [i.key.split(":")[2], i.dueOn])).toEqual([
      ["d1", "2026-04-01"],
      ["i1", "2028-02-13"],
    ]);
  });

  it("reads the number in words with digits, and counts across a leap day", () => {
    expect(dueDates([duty("within ninety (90) days after the trust becomes irrevocable")], [died("d", "2028-01-15")])).toEqual(["2028-04-14"]);
    expect(dueDates([duty("Within thirty (30) days after the death of either Settlor")], [died("d", "2028-02-10")])).toEqual(["2028-03-11"]);
  });

  it("reads the number in words alone, counts weeks and months, and takes 'of' or 'following' as 'after'", () => {
    const events = [died("d", "2026-03-03")];
    expect(dueDates([duty("within ninety days after the death of the Settlor")], events)).toEqual(["2026-06-01"]);
    expect(dueDates([duty("within 60 days of the Settlor's death")], events)).toEqual(["2026-05-02"]);
    expect(dueDates([duty("within one hundred and twenty days following my death")], events)).toEqual(["2026-07-01"]);
    expect(dueDates([duty("within nine (9) months after the death of the Settlor")], events)).toEqual(["2026-12-03"]);
    expect(dueDates([duty("within two weeks after the death of either Settlor")], events)).toEqual(["2026-03-17"]);
  });

  it("counts from the other events the trust records: its termination, a trustee's acceptance", () => {
    const events = [
      { id: "t", type: "trust_terminated", occurredOn: "2027-06-30" },
      { id: "a", type: "trustee_accepted", occurredOn: "2026-02-01" },
    ];
    expect(dueDates([duty("within sixty (60) days after the termination of the trust")], events)).toEqual(["2027-08-29"]);
    expect(dueDates([duty("within 30 days after accepting the trusteeship")], events)).toEqual(["2026-03-03"]);
  });

  it("dates nothing it cannot count: an event the trust does not record, business days, no number", () => {
    const duties = [
      duty("within 30 days after receiving a beneficiary's written request"),
      duty("within 30 business days after the death of the Settlor"),
      duty("within 60 days after the death of a beneficiary"),
      duty("within a reasonable time after the Settlor's death"),
      duty("within 90 days after the end of the fiscal year"),
    ];
    const { items, undated } = datedInstrumentDuties(duties, [died("d", "2026-03-03")], WINDOW, NONE);
    expect(items).toEqual([]);
    expect(undated).toEqual(duties);
  });

  // As the rule engine does (engine.test.ts): the clause once became two items, one per event.
  it("counts a death and the trust becoming irrevocable the same day as one duty", () => {
    const events = [died("d", "2026-03-03"), { id: "i", type: "became_irrevocable", occurredOn: "2026-03-03" }];
    expect(dueDates([duty("within 60 days after the trust becomes irrevocable")], events)).toEqual(["2026-05-02"]);
  });
});

describe("the surviving settlor", () => {
  const inventory = duty("within ninety (90) days after the death of the surviving Settlor");

  it("dates a duty on the surviving settlor's death from the last death, not the first", () => {
    // listEvents gives the newest first.
    const events = [died("second", "2027-05-01"), died("first", "2026-03-03")];
    const { items } = datedInstrumentDuties([inventory], events, WINDOW, NONE, { settlorCount: 2 });
    expect(items.map((i) => [i.key.split(":")[2], i.dueOn])).toEqual([["second", "2027-07-30"]]);
  });

  it("waits while a settlor survives, and a second record of the same death is no second death", () => {
    const once = [died("d1", "2026-03-03")];
    expect(datedInstrumentDuties([inventory], once, WINDOW, NONE, { settlorCount: 2 })).toEqual({ items: [], undated: [inventory] });
    const twice = [
      { ...died("d1", "2026-03-03"), subject: "Thomas J. Hartwell" },
      { ...died("d2", "2026-03-04"), subject: "thomas j. hartwell " },
    ];
    expect(datedInstrumentDuties([inventory], twice, WINDOW, NONE, { settlorCount: 2 }).items).toEqual([]);
  });

  it("reads the other ways of saying it, and dates from the one death of a sole settlor", () => {
    const events = [died("b", "2027-05-01"), died("a", "2026-03-03")];
    for (const due of ["within 90 days after the death of the last surviving Trustor", "within 90 days after the death of the survivor of the Settlors"])
      expect(datedInstrumentDuties([duty(due)], events, WINDOW, NONE, { settlorCount: 2 }).items.map((i) => i.dueOn)).toEqual(["2027-07-30"]);
    expect(datedInstrumentDuties([inventory], [died("a", "2026-03-03")], WINDOW, NONE, { settlorCount: 1 }).items.map((i) => i.dueOn)).toEqual(["2026-06-01"]);
  });

  it("dates a duty on the first settlor's death from that death only", () => {
    const events = [died("b", "2027-05-01"), died("a", "2026-03-03")];
    const { items } = datedInstrumentDuties([duty("within 60 days after the death of the first Settlor to die")], events, WINDOW, NONE, { settlorCount: 2 });
    expect(items.map((i) => [i.key.split(":")[2], i.dueOn])).toEqual([["a", "2026-05-02"]]);
  });
});

describe("yearly deadlines", () => {
  it("gives each year of the window its date, and none outside it", () => {
    const window = { from: "2025-06-01", to: "2027-04-14" };
    expect(dueDates([duty("on or before April 15 of each year")], [], window)).toEqual(["2026-04-15"]);
    expect(dueDates([duty("On or before March 1st of each year")], [], { from: "2026-01-01", to: "2027-12-31" })).toEqual(["2026-03-01", "2027-03-01"]);
    expect(dueDates([duty("no later than April 15 of each year")], [], { from: "2026-01-01", to: "2026-12-31" })).toEqual(["2026-04-15"]);
  });

  it("puts a yearly duty without a day on December 31 of each calendar year, keyed by its year", () => {
    const window = { from: "2026-01-01", to: "2027-12-31" };
    for (const due of ["annually", "at least annually", "each calendar year", "every year", "at least once each calendar year", "once a year"])
      expect(dueDates([duty(due)], [], window)).toEqual(["2026-12-31", "2027-12-31"]);
    const [item] = datedInstrumentDuties([duty("annually")], [], { from: "2026-01-01", to: "2026-12-31" }, NONE).items;
    expect(item?.key).toMatch(/:2026$/);
  });

  it("counts from the end of each calendar year or quarter, within the window", () => {
    // 60 days after each December 31 from 2023 on: February 29 in leap years.
    expect(dueDates([duty("within sixty (60) days after the end of each calendar year")])).toEqual([
      "2024-02-29",
      "2025-03-01",
      "2026-03-01",
      "2027-03-01",
      "2028-02-29",
    ]);
    const quarter = datedInstrumentDuties(
      [duty("within thirty (30) days after the end of each calendar quarter")],
      [],
      { from: "2026-01-01", to: "2026-12-31" },
      NONE,
    );
    expect(quarter.items.map((i) => [i.key.split(":")[2], i.dueOn])).toEqual([
      ["2025-q4", "2026-01-30"],
      ["2026-q1", "2026-04-30"],
      ["2026-q2", "2026-07-30"],
      ["2026-q3", "2026-10-30"],
    ]);
  });

  it("leaves undated what it cannot place rather than guessing a day", () => {
    const duties = [
      duty("by April 15"),
      duty("on or before Smarch 15 of each year"),
      duty("annually on the anniversary of the trust"),
      duty("annually in March"),
      duty("semi-annually"),
      duty("every two years"),
      duty("each fiscal year"),
    ];
    const { items, undated } = datedInstrumentDuties(duties, [], WINDOW, NONE);
    expect(items).toEqual([]);
    expect(undated).toEqual(duties);
  });

  // "February 29 of each year" once gave "2027-02-29", a day that does not exist (stored as March 1).
  it("never gives a day that does not exist", () => {
    expect(dueDates([duty("on or before February 29 of each year")], [], { from: "2027-01-01", to: "2028-12-31" })).toEqual(["2027-02-28", "2028-02-29"]);
  });
});

describe("stable keys", () => {
  it("slugs the same words the same way, on every run and in every release", () => {
    expect(dutySlug("abc")).toBe("22ci");
    expect(dutySlug(TAX_CLAUSE)).toBe(TAX_SLUG);
    expect(dutySlug(NOTICE_CLAUSE)).toBe(NOTICE_SLUG);
    expect(dutySlug("")).toBe("0");
    expect(dutySlug(TAX_CLAUSE.replace("April 15", "April 16"))).not.toBe(TAX_SLUG);
  });

  it("keeps an item's key when the document is analysed again", () => {
    const keys = () => datedInstrumentDuties(hartwellDuties(), [died("e1", "2026-03-03")], WINDOW, NONE).items.map((i) => i.key);
    expect(keys()).toEqual(keys());
    expect(keys()).toContain(`instrument:${TAX_SLUG}:2026`);
  });

  it("gives one item per key when the same sentence stands in two clauses", () => {
    const due = "on or before April 15 of each year";
    const twice = [duty(due, { reference: "Section 2.1" }), duty(due, { reference: "Section 7.4" })];
    const { items } = datedInstrumentDuties(twice, [], { from: "2026-01-01", to: "2026-12-31" }, NONE);
    expect(items.map((i) => [i.reference, i.dueOn])).toEqual([["Section 2.1", "2026-04-15"]]);
  });

  it("keys a duty without its sentence by its words", () => {
    const [item] = datedInstrumentDuties(
      [duty("on or before April 15 of each year", { sourceText: null })],
      [],
      { from: "2026-01-01", to: "2026-12-31" },
      NONE,
    ).items;
    expect(item?.key).toBe(`instrument:${dutySlug("Deliver an account to each beneficiary")}:2026`);
  });
});

describe("cited sections", () => {
  it("reads the section numbers a citation names", () => {
    expect(citedSections("California Probate Code section 16061.7")).toEqual(["16061.7"]);
    expect(citedSections("Prob. Code §16062 and § 16063")).toEqual(["16062", "16063"]);
    expect(citedSections("Form 1041")).toEqual([]);
    expect(citedSections(null)).toEqual([]);
  });

  it("skips a duty whose own words cite a tracked section, even without a citation", () => {
    const cited = duty("annually", { duty: "Account as California Probate Code section 16062 requires" });
    expect(datedInstrumentDuties([cited], [], WINDOW, new Set(["16062"]))).toEqual({ items: [], undated: [] });
  });
});

describe("odd input", () => {
  it("an empty analysis, a missing due, or a window that is not one give nothing and never throw", () => {
    expect(datedInstrumentDuties([], [died("d", "2026-03-03")], WINDOW, NONE)).toEqual({ items: [], undated: [] });
    const blank = [duty(null), duty(""), duty("   ")];
    expect(datedInstrumentDuties(blank, [], WINDOW, NONE)).toEqual({ items: [], undated: blank });
    expect(dueDates([duty("on or before April 15 of each year")], [], { from: "soon", to: "later" })).toEqual([]);
    expect(dueDates([duty("on or before April 15 of each year")], [], { from: "2027-01-01", to: "2026-12-31" })).toEqual([]);
  });

  // parseIsoDate throws a RangeError on an event date that is not a real day: one bad trust_events row once failed
  // computeDuties (and the pages that call it); such an event is skipped.
  it("an event dated on a day that does not exist never throws", () => {
    expect(() => datedInstrumentDuties([duty("within 60 days after the death of the Settlor")], [died("d", "2026-02-30")], WINDOW, NONE)).not.toThrow();
  });
});
