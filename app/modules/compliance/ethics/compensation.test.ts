import { describe, expect, it } from "vitest";
import { parseNumberWords, trusteeCompensation } from "./compensation";

const clause = (body: string, heading: string | null = "Compensation of Trustee") => [{ heading, body }];

describe("trusteeCompensation", () => {
  it("reads service without compensation, with expenses still repaid", () => {
    const r = trusteeCompensation(clause("Each individual Trustee shall serve without compensation, but shall be reimbursed for reasonable expenses."));
    expect(r.kind).toBe("none");
    expect(r.sourceText).toContain("without compensation");
    expect(trusteeCompensation(clause("The Trustee shall not be entitled to any fees for acting as trustee.", null)).kind).toBe("none");
    expect(trusteeCompensation(clause("No Trustee shall receive compensation other than reimbursement of expenses.", null)).kind).toBe("none");
  });

  it("reads reasonable compensation", () => {
    const r = trusteeCompensation(clause("The Trustee shall be entitled to reasonable compensation for services rendered.", "Article IX"));
    expect(r).toEqual({ kind: "reasonable", sourceText: "The Trustee shall be entitled to reasonable compensation for services rendered." });
  });

  it("reads a percentage of value, in words or digits", () => {
    const r = trusteeCompensation(
      clause("The Trustee shall receive an annual fee equal to one percent (1%) of the fair market value of the trust estate, determined as of December 31."),
    );
    expect(r).toMatchObject({ kind: "percent", percentPerYear: 1 });
    expect(
      trusteeCompensation(clause("The Trustee shall be paid a fee of three-quarters of one percent of the value of the trust assets each year."))
        .percentPerYear,
    ).toBe(0.75);
    expect(trusteeCompensation(clause("As compensation the Trustee may take one and one-half percent of the trust principal per annum.")).percentPerYear).toBe(
      1.5,
    );
    expect(trusteeCompensation(clause("The Trustee's fee shall be one-quarter of one percent (1/4%) of trust assets per quarter.")).percentPerYear).toBe(1);
  });

  it("reads a fixed yearly or monthly amount", () => {
    expect(trusteeCompensation(clause("The Trustee shall receive compensation of $5,000 per year."))).toMatchObject({
      kind: "fixed",
      fixedCentsPerYear: 500_000,
    });
    expect(trusteeCompensation(clause("The Trustee shall be paid a fee of $250.50 monthly for its services.", null))).toMatchObject({
      kind: "fixed",
      fixedCentsPerYear: 300_600,
    });
    expect(trusteeCompensation(clause("The Trustee shall receive an annual fee of five thousand dollars."))).toMatchObject({
      kind: "fixed",
      fixedCentsPerYear: 500_000,
    });
  });

  it("says unknown when it cannot tell the limit", () => {
    expect(trusteeCompensation(clause("The Trustee shall receive a fee of $5,000."))).toMatchObject({ kind: "unknown" });
    expect(trusteeCompensation(clause("The Trustee shall receive as compensation five percent of the net income of the trust."))).toMatchObject({
      kind: "unknown",
    });
    expect(trusteeCompensation([])).toEqual({ kind: "unknown", sourceText: null });
  });

  it("does not read distributions, hired agents or a protector's pay as the trustee's", () => {
    const terms = [
      { heading: "Distributions", body: "The Trustee shall pay to Sophie Hartwell $5,000 per year for her education." },
      { heading: "Powers", body: "The Trustee may employ attorneys and accountants and pay them reasonable compensation." },
      { heading: "Trust Protector", body: "The Trust Protector shall serve without compensation." },
    ];
    expect(trusteeCompensation(terms)).toEqual({ kind: "unknown", sourceText: null });
  });

  it("prefers a definite term over a general one, in document order", () => {
    const r = trusteeCompensation([
      {
        heading: "Compensation",
        body: "The Trustee is entitled to reasonable compensation. Such compensation shall not exceed 1.25% of the trust's value per year.",
      },
    ]);
    expect(r).toMatchObject({ kind: "percent", percentPerYear: 1.25 });
  });
});

describe("parseNumberWords", () => {
  it.each([
    ["one", 1],
    ["two", 2],
    ["three-quarters of one", 0.75],
    ["one-half of one", 0.5],
    ["one and one-half", 1.5],
    ["a half", 0.5],
    ["five thousand", 5000],
    ["twenty-five hundred", 2500],
    ["seven thousand five hundred", 7500],
  ])("%s = %d", (words, n) => {
    expect(parseNumberWords(words)).toBe(n);
  });

  it("gives null for words that are not numbers", () => {
    expect(parseNumberWords("fair market")).toBeNull();
  });
});
