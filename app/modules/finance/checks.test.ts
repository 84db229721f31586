import { describe, expect, it } from "vitest";
import { distributionWarnings, sameName, type CheckInput } from "./checks";

const money = (minor: number) => `$${(minor / 100).toFixed(2)}`;
const hartwell: Omit<CheckInput, "beneficiaryName" | "amountMinor" | "purpose" | "principalOrIncome" | "authority"> = {
  parties: [
    { name: "Margaret A. Hartwell-Chen", role: "beneficiary", order: null, share: "40%" },
    { name: "Daniel R. Hartwell", role: "beneficiary", order: null, share: "40%" },
    { name: "Sofia L. Chen", role: "beneficiary", order: null, share: "20%" },
  ],
  terms: [
    {
      heading: "4.3 Distribution at Stated Ages",
      body: "Sofia L. Chen's share shall be held in a separate trust until she attains the age of twenty-five (25) years.",
    },
    { heading: "6.1 Spendthrift Clause", body: "No beneficiary may anticipate, assign or encumber any interest in income or principal." },
  ],
  sideBalanceMinor: 1_000_000,
  cashMinor: 6_000_000,
  paidUnderClauseThisYearMinor: 0,
  formatMoney: money,
};
const hems = {
  title: "Health, Education, Maintenance and Support",
  passage: "The trustee may distribute … for that beneficiary's health, education, maintenance and support.",
};
const annual = { title: "Annual Gifts", passage: "The trustee may make annual distributions of up to $15,000 to each beneficiary for education expenses." };

describe("what a distribution request is checked against", () => {
  it("matches a member to the instrument's name when every word of the shorter name is in the longer", () => {
    expect(sameName("Margaret Hartwell-Chen", "Margaret A. Hartwell-Chen")).toBe(true);
    expect(sameName("Sophie Hartwell", "Sofia L. Chen")).toBe(false);
    expect(sameName("Margaret Chen", "Margaret A. Hartwell-Chen")).toBe(false);
    expect(sameName("Zoë Ångström", "ZOE ANGSTROM")).toBe(true);
  });

  it("states her share, her age condition and the spendthrift clause", () => {
    const warnings = distributionWarnings({
      ...hartwell,
      beneficiaryName: "Sofia L. Chen",
      amountMinor: 742000,
      purpose: "Fall tuition",
      principalOrIncome: "income",
      authority: hems,
    });
    expect(warnings).toEqual([
      { code: "share", params: { name: "Sofia L. Chen", share: "20%" } },
      { code: "ageCondition", params: { name: "Sofia L. Chen", age: 25, reference: "4.3 Distribution at Stated Ages" } },
      { code: "spendthrift", params: { reference: "6.1 Spendthrift Clause" } },
    ]);
  });

  it("says when the instrument does not name the beneficiary, and when a HEMS clause is cited for another purpose", () => {
    const warnings = distributionWarnings({
      ...hartwell,
      beneficiaryName: "Sophie Hartwell",
      amountMinor: 100000,
      purpose: "A new sports car",
      principalOrIncome: "income",
      authority: hems,
    });
    expect(warnings.map((w) => w.code)).toEqual(["notNamed", "spendthrift", "hemsPurpose"]);
  });

  it("counts this year's distributions under a clause with an annual limit", () => {
    const within = distributionWarnings({
      ...hartwell,
      beneficiaryName: "Daniel R. Hartwell",
      amountMinor: 500000,
      purpose: "Tuition",
      principalOrIncome: "income",
      authority: annual,
      paidUnderClauseThisYearMinor: 1_000_000,
    });
    expect(within.map((w) => w.code)).not.toContain("overClauseLimit");
    const over = distributionWarnings({
      ...hartwell,
      beneficiaryName: "Daniel R. Hartwell",
      amountMinor: 500001,
      purpose: "Tuition",
      principalOrIncome: "income",
      authority: annual,
      paidUnderClauseThisYearMinor: 1_000_000,
    });
    expect(over).toContainEqual({ code: "overClauseLimit", params: { limit: "$15000.00", paid: "$10000.00" } });
  });

  it("warns when the side's balance is short but the cash is there", () => {
    const warnings = distributionWarnings({
      ...hartwell,
      beneficiaryName: "Daniel R. Hartwell",
      amountMinor: 1_000_001,
      purpose: "Support",
      principalOrIncome: "income",
      authority: hems,
    });
    expect(warnings).toContainEqual({ code: "overIncome", params: { balance: "$10000.00" } });
  });
});
