import { describe, expect, it } from "vitest";
import { findDuties } from "./duties";
import { parseClauses, splitSentences } from "./text-structure";

/** The duties the rules find in a text, as [due, the words they quote]. */
function duties(text: string) {
  const { clauses } = parseClauses(text);
  const sentences = clauses.flatMap((clause) => splitSentences(clause.body).map((sentence) => ({ text: sentence, clause })));
  return findDuties(sentences);
}
const dueOf = (text: string) => duties(text).map((duty) => duty.due);

describe("duties: what is not an obligation", () => {
  it("leaves out how property is held, prohibitions and provisos that negate", () => {
    expect(duties("The Trustees shall hold the Trust Fund on trust for such of the children as are then living.")).toEqual([]);
    expect(duties("No part of the income shall in any circumstances be paid or lent to the Settlor.")).toEqual([]);
    expect(duties("Neither trustee shall be paid for acting.")).toEqual([]);
    expect(duties("The Trustees may vary the administrative provisions, provided that no such variation shall confer a benefit on the Settlor.")).toEqual([]);
  });

  it("leaves out events and offices in successor clauses", () => {
    expect(duties("If my agent shall die, resign or refuse to act, I name Mary Poole as successor agent.")).toEqual([]);
    expect(duties("If the bank ceases to serve, Jonah Pike shall serve, and if he fails to serve, Ruth Pike shall serve.")).toEqual([]);
    expect(duties("The Trustee shall serve without bond.")).toEqual([]);
  });

  it("still reads serving papers as a duty", () => {
    expect(duties("The Trustee shall serve a copy of the notice on each beneficiary.")).toHaveLength(1);
  });
});

describe("duties: passive wording", () => {
  it("finds distributions, payments and deliveries written in the passive, with the actor when named", () => {
    const found = duties(
      [
        "1. Residue. The Trustee shall pay the expenses of the trust.",
        "2. Ages. At thirty, one half shall be distributed to her outright.",
        "3. Taxes. All estate taxes shall be paid by the executor of my estate and shall not be apportioned.",
        "4. Inventory. Within ninety (90) days after my death, an inventory shall be prepared and delivered to each beneficiary.",
      ].join("\n\n"),
    );
    expect(found.map((duty) => [duty.responsibleParty, duty.due])).toEqual([
      ["Trustee", null],
      ["Trustee", null],
      ["Executor", null],
      [null, "Within ninety (90) days after my death"],
    ]);
  });

  it("does not take dispositive or status wording as a passive duty", () => {
    expect(duties("The residue shall be divided into equal shares. Each share shall be held in a separate trust.")).toEqual([]);
  });
});

describe("duties: each item of a run-on paragraph is read on its own", () => {
  it("splits lettered items that the sentence splitter kept together", () => {
    const found = duties(
      "FIFTH: (a) The Trustee shall pay the income to my son in quarterly installments. (b) The Trustee shall render an account to my son annually.",
    );
    expect(found.map((duty) => duty.due)).toEqual(["in quarterly installments", "annually"]);
  });
});

describe("duties: deadlines and cadences as written", () => {
  it.each([
    ["The Trustee shall obtain an appraisal of the land every three (3) years.", "every three (3) years"],
    ["My agent shall provide an accounting to my son every six (6) months.", "every six (6) months"],
    ["The bank shall furnish me with a statement each month.", "each month"],
    ["The Trustee shall send each beneficiary an account at least once in each calendar year.", "at least once in each calendar year"],
    ["The Trustee shall file all tax returns of the trust on or before their due dates.", "on or before their due dates"],
    ["The Trustees shall notify the Protector not less than twenty-eight days before any distribution.", "not less than twenty-eight days before"],
    ["Within six months after each 5 April the Trustees shall prepare accounts of the fund.", "Within six months after each 5 April"],
    ["The retiring trustee shall deliver the papers within fourteen days after the date of this deed.", "within fourteen days after the date of this deed"],
    [
      "The Trustee shall send a statement within thirty days after the end of each calendar quarter.",
      "within thirty days after the end of each calendar quarter",
    ],
    ["The Trustee shall pay the income to my wife in monthly installments.", "in monthly installments"],
    ["The Executor shall sell the house within a year after my death.", "within a year after my death"],
    ["The Trustees shall pay the annuity in equal semi-annual instalments.", "in equal semi-annual instalments"],
    ["The Trustee shall pay her ten thousand dollars once a year.", "once a year"],
    ["The Trustee shall keep the house for a year.", null],
  ])("%s", (sentence, due: string | null) => {
    expect(dueOf(sentence)).toEqual([due]);
  });

  it("takes the deadline from the quoted provision, not the words around it", () => {
    const found = duties(
      'THIRD: Paragraph (a) of Article FIFTH is amended by striking the words "in quarterly installments" and inserting the words "in monthly installments", so that it reads: "(a) The Trustee shall pay the net income of the trust to my daughter in monthly installments."',
    );
    expect(found).toHaveLength(1);
    expect(found[0].due).toBe("in monthly installments");
    expect(found[0].sourceText).toBe("(a) The Trustee shall pay the net income of the trust to my daughter in monthly installments.");
  });
});
