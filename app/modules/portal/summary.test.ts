import { describe, expect, it } from "vitest";
import { summarySentences, yearStart } from "./summary";

const format = {
  money: (minor: number) => `$${(minor / 100).toLocaleString("en-US")}`,
  date: (iso: string) => `on ${iso}`,
  percent: (bp: number) => `${bp / 100}%`,
};
const base = { trustName: "The Hartwell Family Trust", shareBp: 2000, paidThisYear: [], waiting: [], nextStatementDue: null };

describe("the portal's summary sentences", () => {
  it("say her share, that nothing was received yet, and leave out an unknown statement date", () => {
    expect(summarySentences(base, format)).toEqual([
      { key: "summary.share", params: { trust: "The Hartwell Family Trust", share: "20%" } },
      { key: "summary.receivedNone", params: {} },
    ]);
  });

  it("name the purpose when every payment had the same one, and count payments otherwise", () => {
    const tuition = {
      ...base,
      paidThisYear: [
        { purpose: "Tuition", amountMinor: 100_000 },
        { purpose: "tuition ", amountMinor: 100_000 },
      ],
    };
    expect(summarySentences(tuition, format)[1]).toEqual({ key: "summary.receivedFor", params: { amount: "$2,000", purpose: "Tuition" } });
    const mixed = {
      ...base,
      paidThisYear: [
        { purpose: "Tuition", amountMinor: 100_000 },
        { purpose: "Rent", amountMinor: 50_000 },
      ],
    };
    expect(summarySentences(mixed, format)[1]).toEqual({ key: "summary.receivedPayments", params: { amount: "$1,500", payments: 2 } });
  });

  it("tell what is waiting and when the next statement is due", () => {
    const sentences = summarySentences({ ...base, shareBp: null, waiting: [{ amountMinor: 30_000 }], nextStatementDue: "2027-03-01" }, format);
    expect(sentences.map((s) => s.key)).toEqual(["summary.shareNotRecorded", "summary.receivedNone", "summary.waiting", "summary.nextStatement"]);
    expect(sentences[2].params).toEqual({ amount: "$300" });
    expect(sentences[3].params).toEqual({ date: "on 2027-03-01" });
  });

  it("count the year from January 1st in UTC", () => {
    expect(yearStart(new Date("2026-11-25T12:00:00Z")).toISOString()).toBe("2026-01-01T00:00:00.000Z");
  });
});
