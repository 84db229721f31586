import { describe, expect, it } from "vitest";
import {
  deadlineResult,
  dutyScore,
  foundDuties,
  matchOneToOne,
  partyScore,
  scoreDocument,
  scoreFindings,
  scoreTerms,
  summarise,
  valueResult,
  type LabelDocument,
} from "./score";

const label: LabelDocument = {
  documentType: "trust",
  instrumentDate: "2019-03-14",
  governingLaw: "California",
  parties: [
    { name: "Eleanor M. Hartwell", role: "settlor" },
    { name: "Margaret A. Hartwell-Chen", role: "beneficiary" },
  ],
  offices: [
    { name: "Eleanor M. Hartwell", role: "trustee", order: null },
    { name: "Margaret A. Hartwell-Chen", role: "successor_trustee", order: 1 },
    { name: "First Pacific Trust Company", role: "successor_trustee", order: 2 },
  ],
  shares: [
    { name: "Margaret A. Hartwell-Chen", share: "40%" },
    { name: "Sofia L. Chen", share: "33.33%" },
  ],
  duties: [
    { quote: "shall account at least annually to each current beneficiary", due: "at least annually" },
    { quote: "shall file all fiduciary income tax returns", due: null },
  ],
};

const perfect = {
  documentType: "trust",
  instrumentDate: "2019-03-14",
  governingLaw: "State of California",
  parties: [
    { name: "Eleanor M. Hartwell", role: "settlor" as const, order: null, share: null },
    { name: "Eleanor M. Hartwell", role: "trustee" as const, order: null, share: null },
    { name: "Margaret A. Hartwell-Chen", role: "beneficiary" as const, order: null, share: "forty percent (40%)" },
    { name: "Margaret A. Hartwell-Chen", role: "successor_trustee" as const, order: 1, share: null },
    { name: "First Pacific Trust Company", role: "successor_trustee" as const, order: 2, share: null },
    { name: "Sofia L. Chen", role: "other" as const, order: null, share: "one-third" },
  ],
  complianceRequirements: [
    { duty: "Account to each current beneficiary", due: "annually", sourceText: "The Trustee shall account at least annually to each current beneficiary." },
    { duty: "File all fiduciary income tax returns", due: null, sourceText: "The Trustee shall file all fiduciary income tax returns when due." },
  ],
};

const byField = (results: ReturnType<typeof scoreDocument>) => summarise(results);

describe("matchOneToOne", () => {
  it("pairs each found item at most once, strongest first", () => {
    const m = matchOneToOne(
      [{ name: "Margaret Hartwell-Chen", role: "beneficiary" }],
      [
        { name: "Margaret Anne Hartwell-Chen", role: "beneficiary" },
        { name: "Margaret Hartwell-Chen", role: "beneficiary" },
      ],
      partyScore,
    );
    expect(m.pairs[0][1].name).toBe("Margaret Hartwell-Chen");
    expect(m.extra).toHaveLength(1);
    expect(m.missed).toHaveLength(0);
  });
});

describe("scoreDocument", () => {
  it("gives precision and recall 1 for a perfect match", () => {
    const scores = byField(scoreDocument(label, perfect, "doc"));
    for (const field of ["documentType", "instrumentDate", "governingLaw", "parties", "offices", "shares", "duties", "duty deadlines"]) {
      expect([field, scores[field].precision, scores[field].recall]).toEqual([field, 1, 1]);
    }
    expect(scores["duty deadlines"]).toMatchObject({ tp: 1, fp: 0, fn: 0 });
  });

  it("lowers recall for a missing item and precision for an extra one", () => {
    const found = {
      ...perfect,
      parties: [
        ...perfect.parties.filter((p) => p.role !== "successor_trustee" || p.order !== 2),
        { name: "Daniel R. Hartwell", role: "beneficiary" as const, order: null, share: null },
      ],
    };
    const results = scoreDocument(label, found, "doc");
    const scores = byField(results);
    expect(scores.offices).toMatchObject({ tp: 2, fp: 0, fn: 1, precision: 1, recall: 2 / 3 });
    expect(scores.parties).toMatchObject({ tp: 2, fp: 1, fn: 0, precision: 2 / 3, recall: 1 });
    const misses = results.flatMap((r) => r.misses);
    expect(misses).toContainEqual({ field: "offices", document: "doc", type: "missed", item: "First Pacific Trust Company · successor_trustee · 2" });
    expect(misses).toContainEqual({ field: "parties", document: "doc", type: "extra", item: "Daniel R. Hartwell · beneficiary" });
  });

  it("matches name variants the app treats as the same person", () => {
    const found = {
      ...perfect,
      parties: perfect.parties.map((p) => (p.name === "Margaret A. Hartwell-Chen" ? { ...p, name: "Margaret Hartwell-Chen" } : p)),
    };
    const scores = byField(scoreDocument(label, found, "doc"));
    expect(scores.parties.recall).toBe(1);
    expect(scores.shares.recall).toBe(1);
    expect(scores.offices.recall).toBe(1);
  });

  it("needs the labelled order for successors, the role for everyone, and the percent for shares", () => {
    const found = {
      ...perfect,
      parties: perfect.parties.map((p) =>
        p.order === 1 ? { ...p, order: 2 } : p.order === 2 ? { ...p, order: 1 } : p.role === "settlor" ? { ...p, role: "principal" as const } : p,
      ),
    };
    const scores = byField(scoreDocument(label, found, "doc"));
    expect(scores.offices).toMatchObject({ tp: 1, fp: 2, fn: 2 });
    expect(scores.parties).toMatchObject({ tp: 1, fp: 1, fn: 1 });
    const shares = byField(scoreTerms(label, { parties: [{ name: "Sofia L. Chen", role: "beneficiary", order: null, share: "20%" }], duties: [] }, "doc"));
    expect(shares.shares).toMatchObject({ tp: 0, fp: 1, fn: 2, precision: 0, recall: 0 });
  });
});

describe("duties", () => {
  it("matches a quote contained in the sentence, or most of its words", () => {
    expect(
      dutyScore(
        { quote: "shall file all fiduciary income tax returns", due: null },
        { text: "The Trustee shall file all fiduciary income tax returns.", due: null },
      ),
    ).toBe(2);
    expect(
      dutyScore({ quote: "shall file all fiduciary income tax returns", due: null }, { text: "Fiduciary income tax returns shall be filed.", due: null }),
    ).toBeGreaterThanOrEqual(0.6);
    expect(dutyScore({ quote: "shall file all fiduciary income tax returns", due: null }, { text: "The Trustee shall pay the income.", due: null })).toBe(0);
  });

  it("counts duties from one sentence once", () => {
    const sentence = "The Trustee shall pay the debts and distribute the rest.";
    expect(
      foundDuties([
        { duty: "Pay the debts", due: null, sourceText: sentence },
        { duty: "Distribute the rest", due: "monthly", sourceText: sentence },
      ]),
    ).toEqual([{ text: sentence, due: "monthly" }]);
  });

  it("scores deadlines of matched duties only", () => {
    const r = deadlineResult("duty deadlines", "doc", [
      [
        { quote: "a", due: "Within sixty (60) days after" },
        { text: "a", due: "within sixty (60) days after the trust becomes irrevocable" },
      ],
      [
        { quote: "b", due: "Within thirty (30) days after" },
        { text: "b", due: "Within 30 days of" },
      ],
      [
        { quote: "c", due: "at least annually" },
        { text: "c", due: null },
      ],
      [
        { quote: "d", due: null },
        { text: "d", due: "quarterly" },
      ],
      [
        { quote: "e", due: "annually" },
        { text: "e", due: "monthly" },
      ],
      [
        { quote: "f", due: null },
        { text: "f", due: null },
      ],
    ]);
    expect(r).toMatchObject({ tp: 2, fp: 2, fn: 2 });
  });
});

describe("findings and totals", () => {
  it("matches kind and document, and the name when labelled", () => {
    const r = scoreFindings(
      [
        { document: "a.txt", kind: "successor_order_changed", name: "Daniel R. Hartwell" },
        { document: "a.txt", kind: "duty_changed" },
        { document: "b.txt", kind: "beneficiary_dropped", name: "Sofia L. Chen" },
      ],
      [
        { document: "a.txt", kind: "successor_order_changed", names: ["Daniel Hartwell", "First Pacific Trust Company"] },
        { document: "a.txt", kind: "duty_changed", names: [] },
        { document: "b.txt", kind: "beneficiary_dropped", names: ["Margaret Hartwell-Chen"] },
      ],
      "family",
    );
    expect(r).toMatchObject({ tp: 2, fp: 1, fn: 1 });
  });

  it("sums over documents and leaves precision or recall null when nothing was found or labelled", () => {
    const scores = summarise([
      valueResult("governingLaw", "a", "Texas", "Texas"),
      valueResult("governingLaw", "b", null, null),
      valueResult("x", "c", null, null),
    ]);
    expect(scores.governingLaw).toEqual({ tp: 1, fp: 0, fn: 0, precision: 1, recall: 1 });
    expect(scores.x).toEqual({ tp: 0, fp: 0, fn: 0, precision: null, recall: null });
    expect(summarise([valueResult("instrumentDate", "a", "2020-01-01", "2019-01-01")]).instrumentDate).toMatchObject({ tp: 0, fp: 1, fn: 1, precision: 0 });
  });
});
