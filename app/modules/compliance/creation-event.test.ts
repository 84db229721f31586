import { describe, expect, it } from "vitest";
import { PROFILE_CREATION_EVENT_ID, withProfileCreation } from "./creation-event";
import { dueItems, type TrustFacts } from "./rules/engine";

const recorded = (id: string, type: string, occurredOn: string) => ({ id, type, occurredOn, subject: null, note: null, documentId: null });
const TODAY = "2026-03-01";

describe("the profile's date as the trust's creation", () => {
  it("stands in for a creation nobody recorded, marked as coming from the profile", () => {
    const death = recorded("e1", "settlor_died", "2026-01-20");
    expect(withProfileCreation([death], "2019-06-12", TODAY)).toEqual([
      death,
      { id: PROFILE_CREATION_EVENT_ID, type: "trust_created", occurredOn: "2019-06-12", subject: null, note: null, documentId: null, fromProfile: true },
    ]);
  });

  it("gives way to a recorded creation, whatever its day", () => {
    const created = recorded("c1", "trust_created", "2019-07-01");
    expect(withProfileCreation([created], "2019-06-12", TODAY)).toEqual([created]);
  });

  it("starts nothing from no date, a date that is not a day, or a day after today", () => {
    for (const date of [null, "", "2019-02-30", "12/06/2019", "2026-03-02"]) expect(withProfileCreation([], date, TODAY), String(date)).toEqual([]);
    expect(withProfileCreation([], TODAY, TODAY)).toHaveLength(1);
  });

  it("lets a rule that counts from creation apply, and says the day came from the profile", () => {
    const facts: TrustFacts = {
      type: "irrevocable",
      jurisdictions: ["GB-EWS"],
      beneficiaryCount: 2,
      events: withProfileCreation([], "2026-01-06", TODAY),
      accountingDeliveredOn: [],
    };
    const { items, verdicts } = dueItems(facts, { from: "2026-01-01", to: "2027-12-31" });
    expect(items.find((item) => item.ruleId === "gb-trs-register")).toMatchObject({
      key: `gb-trs-register:${PROFILE_CREATION_EVENT_ID}`,
      dueOn: "2026-04-06",
      triggeredBy: { eventId: PROFILE_CREATION_EVENT_ID, occurredOn: "2026-01-06" },
    });
    expect(verdicts.find((v) => v.ruleId === "gb-trs-register")).toMatchObject({
      applies: true,
      reasonKey: "reasons.applies.eventFromProfile",
      reasonParams: { event: "trust_created", date: "2026-01-06" },
    });
    // Without the profile's date the same rule waits for the event.
    const without = dueItems({ ...facts, events: [] }, { from: "2026-01-01", to: "2027-12-31" });
    expect(without.verdicts.find((v) => v.ruleId === "gb-trs-register")).toMatchObject({ applies: false, reasonKey: "reasons.notApplies.noEvent" });
  });
});
