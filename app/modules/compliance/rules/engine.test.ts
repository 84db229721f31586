import { describe, expect, it } from "vitest";
import { taxCalendar } from "../../tax/calendar";
import { type DueItem, dueItems, type TrustEvent, type TrustFacts } from "./engine";

function facts(overrides: Partial<TrustFacts>): TrustFacts {
  return { type: "revocable", jurisdictions: ["CA"], beneficiaryCount: 2, events: [], accountingDeliveredOn: [], ...overrides };
}
const event = (id: string, type: TrustEvent["type"], occurredOn: string): TrustEvent => ({ id, type, occurredOn });
const YEARS = { from: "2026-01-01", to: "2029-12-31" };
const byRule = (items: DueItem[], ruleId: string) => items.filter((item) => item.ruleId === ruleId);

describe("California", () => {
  it("gives 60 days to notify after a settlor's death, rolled off a Saturday (Prob. Code §16061.7)", () => {
    const { items, verdicts } = dueItems(facts({ events: [event("e1", "settlor_died", "2026-03-03")] }), YEARS);
    const [notice] = byRule(items, "ca-16061.7-irrevocable");
    expect(notice).toMatchObject({
      key: "ca-16061.7-irrevocable:e1",
      duty: "notify-beneficiaries",
      statutoryDueOn: "2026-05-02",
      dueOn: "2026-05-04",
      rolled: true,
      kind: "deadline",
      trigger: "settlor_died",
      triggeredBy: { eventId: "e1", occurredOn: "2026-03-03" },
      also: [],
    });
    expect(verdicts.find((v) => v.ruleId === "ca-16061.7-irrevocable")).toMatchObject({
      applies: true,
      reasonKey: "reasons.applies.event",
      reasonParams: { event: "settlor_died", date: "2026-03-03" },
    });
  });

  it("rolls over a California holiday (the day after Thanksgiving)", () => {
    const { items } = dueItems(facts({ events: [event("e1", "settlor_died", "2026-09-28")] }), YEARS);
    expect(byRule(items, "ca-16061.7-irrevocable")[0]).toMatchObject({ statutoryDueOn: "2026-11-27", dueOn: "2026-11-30", rolled: true });
  });

  it("counts a death and the trust becoming irrevocable the same day as one notice", () => {
    const events = [event("e2", "became_irrevocable", "2026-03-03"), event("e1", "settlor_died", "2026-03-03")];
    const notices = byRule(dueItems(facts({ events }), YEARS).items, "ca-16061.7-irrevocable");
    expect(notices.map((n) => n.key)).toEqual(["ca-16061.7-irrevocable:e2"]);
  });

  it("notifies after a change of trustee only once the trust is irrevocable", () => {
    const change = event("t1", "trustee_changed", "2026-02-01");
    const revocable = dueItems(facts({ events: [change] }), YEARS);
    expect(byRule(revocable.items, "ca-16061.7-trustee-change")).toEqual([]);
    expect(revocable.verdicts.find((v) => v.ruleId === "ca-16061.7-trustee-change")).toMatchObject({
      applies: false,
      reasonKey: "reasons.notApplies.revocableAtEvent",
    });
    const irrevocable = dueItems(facts({ type: "irrevocable", events: [change] }), YEARS);
    // 2026-02-01 + 60 days = Friday 2026-04-02.
    expect(byRule(irrevocable.items, "ca-16061.7-trustee-change")[0]).toMatchObject({ dueOn: "2026-04-02", rolled: false });
  });

  it("ends the contest period 120 days after the notice is served (§16061.8)", () => {
    const { items } = dueItems(facts({ events: [event("n1", "notification_served", "2026-05-04")] }), YEARS);
    expect(byRule(items, "ca-16061.8-contest-period")[0]).toMatchObject({ kind: "period_ends", dueOn: "2026-09-01", actor: "beneficiary" });
  });

  it("lists one annual account per year from the day the trust became irrevocable, and marks delivered ones done", () => {
    const result = dueItems(facts({ events: [event("e1", "settlor_died", "2026-03-03")], accountingDeliveredOn: ["2027-03-10"] }), {
      from: "2026-01-01",
      to: "2028-12-31",
    });
    const annual = byRule(result.items, "ca-16062-annual");
    expect(annual.map((a) => [a.key, a.dueOn, a.rolled, a.doneOn])).toEqual([
      ["ca-16062-annual:2027-03-03", "2027-03-03", false, "2027-03-10"],
      ["ca-16062-annual:2028-03-03", "2028-03-03", false, undefined],
      // The third year ends on Saturday 2029-03-03 and starts inside the window.
      ["ca-16062-annual:2029-03-03", "2029-03-05", true, undefined],
    ]);
    expect(annual[0].titleParams).toEqual({ periodStart: "2026-03-03", periodEnd: "2027-03-03" });
    // §16063 says what the account contains; it has no date of its own.
    expect(byRule(result.items, "ca-16063-content")).toEqual([
      expect.objectContaining({ key: "ca-16063-content:content", kind: "content", dueOn: null, linkedRuleId: "ca-16062-annual" }),
    ]);
  });

  it("owes no annual account while the trust is revocable, and says why", () => {
    const { items, verdicts } = dueItems(facts({}), YEARS);
    expect(byRule(items, "ca-16062-annual")).toEqual([]);
    const reasons = Object.fromEntries(verdicts.map((v) => [v.ruleId, v.reasonKey]));
    expect(reasons["ca-16062-annual"]).toBe("reasons.notApplies.stillRevocable");
    expect(reasons["ca-16063-content"]).toBe("reasons.notApplies.linked");
    expect(reasons["ca-16061.7-irrevocable"]).toBe("reasons.notApplies.noEvent");
  });

  it("bounds the periods listed", () => {
    const { items } = dueItems(facts({ type: "irrevocable", events: [event("c", "trust_created", "1950-01-01")] }), {
      from: "1950-01-01",
      to: "2200-01-01",
    });
    expect(byRule(items, "ca-16062-annual")).toHaveLength(50);
  });
});

describe("Texas", () => {
  const demand = event("d1", "beneficiary_demanded_account", "2026-06-01");

  it("gives 90 days after a written demand, rolled off a Sunday (Prop. Code §113.151)", () => {
    const { items } = dueItems(facts({ jurisdictions: ["TX"], events: [demand] }), YEARS);
    expect(byRule(items, "tx-113.151-demand")[0]).toMatchObject({ statutoryDueOn: "2026-08-30", dueOn: "2026-08-31", rolled: true });
  });

  it("rolls over Thanksgiving and the day after, Texas holidays", () => {
    const { items } = dueItems(facts({ jurisdictions: ["TX"], events: [event("d2", "beneficiary_demanded_account", "2026-08-28")] }), YEARS);
    expect(byRule(items, "tx-113.151-demand")[0]).toMatchObject({ statutoryDueOn: "2026-11-26", dueOn: "2026-11-30" });
  });

  it("does not apply within 12 months of a delivered account, and says why", () => {
    const { items, verdicts } = dueItems(facts({ jurisdictions: ["TX"], events: [demand], accountingDeliveredOn: ["2025-09-01"] }), YEARS);
    expect(byRule(items, "tx-113.151-demand")).toEqual([]);
    expect(verdicts.find((v) => v.ruleId === "tx-113.151-demand")).toMatchObject({
      applies: false,
      reasonKey: "reasons.notApplies.accountedRecently",
      reasonParams: { deliveredOn: "2025-09-01", months: 12, date: "2026-06-01" },
    });
    const older = dueItems(facts({ jurisdictions: ["TX"], events: [demand], accountingDeliveredOn: ["2025-05-31"] }), YEARS);
    expect(byRule(older.items, "tx-113.151-demand")).toHaveLength(1);
  });
});

describe("Florida", () => {
  it("gives 60 days to give notice of accepting the trusteeship (§736.0813(1)(a))", () => {
    const { items } = dueItems(facts({ type: "irrevocable", jurisdictions: ["FL"], events: [event("a1", "trustee_accepted", "2026-01-15")] }), YEARS);
    expect(byRule(items, "fl-736.0813-1a-acceptance")[0]).toMatchObject({ dueOn: "2026-03-16", rolled: false });
  });

  it("owes the acceptance notice to the settlor, not the beneficiaries, while the trust is revocable", () => {
    const { verdicts } = dueItems(facts({ jurisdictions: ["FL"], events: [event("a1", "trustee_accepted", "2026-01-15")] }), YEARS);
    expect(verdicts.find((v) => v.ruleId === "fl-736.0813-1a-acceptance")?.reasonKey).toBe("reasons.notApplies.revocableAtEvent");
  });

  it("does not roll the 60-day notice of existence off a weekend", () => {
    const { items } = dueItems(facts({ jurisdictions: ["FL"], events: [event("e1", "settlor_died", "2026-03-03")] }), YEARS);
    expect(byRule(items, "fl-736.0813-1b-existence")[0]).toMatchObject({ dueOn: "2026-05-02", rolled: false });
  });
});

describe("two jurisdictions", () => {
  it("merges California's and Florida's notices after a death into one item with the earlier date", () => {
    const { items } = dueItems(facts({ jurisdictions: ["CA", "FL"], events: [event("e1", "settlor_died", "2026-03-03")] }), YEARS);
    const notices = items.filter((item) => item.duty === "notify-beneficiaries");
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({
      key: "fl-736.0813-1b-existence:e1",
      jurisdiction: "FL",
      citation: "Fla. Stat. §736.0813(1)(b)",
      dueOn: "2026-05-02",
      also: [
        {
          jurisdiction: "CA",
          ruleId: "ca-16061.7-irrevocable",
          citation: "Cal. Prob. Code §16061.7(a)(1), (f)",
          sourceUrl: expect.stringContaining("16061.7"),
        },
      ],
    });
  });
});

describe("New York", () => {
  it("has no periodic account, and accounts on termination, resignation and petition without a date", () => {
    const events = [event("p1", "court_petition", "2026-04-01"), event("r1", "trustee_resigned", "2026-05-01"), event("x1", "trust_terminated", "2026-06-01")];
    const { items, verdicts } = dueItems(facts({ type: "irrevocable", jurisdictions: ["NY"], events }), YEARS);
    expect(verdicts.find((v) => v.ruleId === "ny-no-periodic-account")).toMatchObject({ applies: false, reasonKey: "reasons.notApplies.noStatutoryDuty" });
    for (const ruleId of ["ny-2205-compelled", "ny-715-resignation", "ny-2208-termination"]) {
      expect(byRule(items, ruleId)[0]).toMatchObject({ kind: "no_fixed_date", dueOn: null, statutoryDueOn: null, rolled: false });
    }
  });

  it("merges New York's and California's termination accounts", () => {
    const { items } = dueItems(facts({ type: "irrevocable", jurisdictions: ["CA", "NY"], events: [event("x1", "trust_terminated", "2026-06-01")] }), YEARS);
    const finals = items.filter((item) => item.duty === "account-on-termination");
    expect(finals).toHaveLength(1);
    expect(finals[0].ruleId).toBe("ca-16062-termination");
    expect(finals[0].also.map((a) => a.ruleId)).toEqual(["ny-2208-termination"]);
  });
});

describe("England and Wales", () => {
  const gb = (events: TrustEvent[]) => facts({ type: "irrevocable", jurisdictions: ["GB-EWS"], events });

  it("registers on TRS within 90 days, even when day 90 is a bank holiday", () => {
    const { items } = dueItems(gb([event("c1", "trust_created", "2026-01-06")]), YEARS);
    // Day 90 is Easter Monday 2026; HMRC does not extend its deadlines.
    expect(byRule(items, "gb-trs-register")[0]).toMatchObject({ dueOn: "2026-04-06", rolled: false });
  });

  it("updates TRS within 90 days of a change of trustee", () => {
    const { items } = dueItems(gb([event("t1", "trustee_changed", "2026-01-10")]), YEARS);
    expect(byRule(items, "gb-trs-update")[0]).toMatchObject({ key: "gb-trs-update:t1", dueOn: "2026-04-10" });
  });

  it("files the SA900 for 2025-26 by Sunday 31 January 2027, not rolled", () => {
    const { items } = dueItems(gb([event("c1", "trust_created", "2024-01-10")]), { from: "2025-04-06", to: "2026-04-05" });
    expect(byRule(items, "gb-sa900-return")).toEqual([
      expect.objectContaining({
        key: "gb-sa900-return:2026-04-05",
        titleParams: { periodStart: "2025-04-06", periodEnd: "2026-04-05" },
        statutoryDueOn: "2027-01-31",
        dueOn: "2027-01-31",
        rolled: false,
      }),
    ]);
  });
});

describe("federal", () => {
  it("turns the tax calendar's items into due items without recomputing them", () => {
    const tax = taxCalendar({ grantor: false, taxYearEndMonth: 12, states: ["CA"] }, 2026);
    const { items, verdicts } = dueItems(facts({}), { from: "2027-01-01", to: "2027-12-31" }, tax);
    const form1041 = items.find((item) => item.key === "us-tax:1041-2026");
    const source = tax.find((item) => item.key === "1041-2026");
    expect(form1041).toMatchObject({
      ruleId: "us-tax-calendar",
      jurisdiction: "US",
      titleKey: "tax:calendar.title.1041",
      explanationKey: "tax:calendar.prepare.1041",
      statutoryDueOn: source?.statutoryDueOn,
      dueOn: source?.dueOn,
      citation: source?.citation,
    });
    expect(items.find((item) => item.key === "us-tax:CA-541-2026")?.jurisdiction).toBe("CA");
    // Optional items (an extension, an election) are the trust's choice, not a duty.
    const optionalKeys = tax.filter((item) => item.optional).map((item) => `us-tax:${item.key}`);
    expect(optionalKeys.length).toBeGreaterThan(0);
    expect(items.filter((item) => optionalKeys.includes(item.key))).toEqual([]);
    expect(verdicts.find((v) => v.ruleId === "us-tax-calendar")?.applies).toBe(true);
  });

  it("says the tax calendar rule has nothing to show without tax items", () => {
    const { verdicts } = dueItems(facts({}), YEARS);
    expect(verdicts.find((v) => v.ruleId === "us-tax-calendar")?.reasonKey).toBe("reasons.notApplies.noTaxItems");
  });

  it("dates Form 706 nine months after death, rolled off Memorial Day, only when a return is required", () => {
    const death = [event("e1", "settlor_died", "2026-08-31")];
    const verdict = (r: ReturnType<typeof dueItems>) => r.verdicts.find((v) => v.ruleId === "us-6075-form-706");
    const required = dueItems(facts({ jurisdictions: [], events: death, estateTaxReturnRequired: true }), YEARS);
    expect(byRule(required.items, "us-6075-form-706")[0]).toMatchObject({ statutoryDueOn: "2027-05-31", dueOn: "2027-06-01", rolled: true });
    expect(verdict(required)).toMatchObject({
      applies: true,
      reasonKey: "reasons.applies.flag.estateTaxReturnRequired",
      reasonParams: { event: "settlor_died", date: "2026-08-31" },
    });
    // The profile says no, or nobody has said yet: two different sentences, and no item either way.
    const notRequired = dueItems(facts({ jurisdictions: [], events: death, estateTaxReturnRequired: false }), YEARS);
    expect(byRule(notRequired.items, "us-6075-form-706")).toEqual([]);
    expect(verdict(notRequired)?.reasonKey).toBe("reasons.notApplies.flag.estateTaxReturnRequired");
    for (const unanswered of [null, undefined]) {
      const result = dueItems(facts({ jurisdictions: [], events: death, estateTaxReturnRequired: unanswered }), YEARS);
      expect(byRule(result.items, "us-6075-form-706")).toEqual([]);
      expect(verdict(result)?.reasonKey).toBe("reasons.notApplies.flagUnanswered.estateTaxReturnRequired");
    }
  });
});

describe("inputs", () => {
  it("reports an unknown jurisdiction instead of throwing, and still adds the federal rules", () => {
    const result = dueItems(facts({ jurisdictions: ["zz", "CA"] }), YEARS);
    expect(result.unknownJurisdictions).toEqual(["ZZ"]);
    expect(new Set(result.verdicts.map((v) => v.jurisdiction))).toEqual(new Set(["CA", "US"]));
  });

  it("refuses impossible dates", () => {
    expect(() => dueItems(facts({ events: [event("e", "settlor_died", "2026-02-30")] }), YEARS)).toThrow(RangeError);
    expect(() => dueItems(facts({}), { from: "2026-12-31", to: "2026-01-01" })).toThrow(RangeError);
  });

  it("gives a verdict for every rule of the trust's jurisdictions, in pack order", () => {
    const { verdicts } = dueItems(facts({ jurisdictions: ["CA", "TX", "FL", "NY", "GB-EWS"] }), YEARS);
    expect(verdicts.map((v) => v.ruleId).slice(0, 3)).toEqual(["ca-16061.7-irrevocable", "ca-16061.7-trustee-change", "ca-16061.8-contest-period"]);
    expect(verdicts).toHaveLength(23);
  });

  it("lists a duty of unknown trust type to be safe, and says so", () => {
    const { verdicts } = dueItems(facts({ type: null, events: [event("t1", "trustee_changed", "2026-02-01")] }), YEARS);
    expect(verdicts.find((v) => v.ruleId === "ca-16061.7-trustee-change")?.reasonKey).toBe("reasons.applies.typeUnknown");
  });
});
