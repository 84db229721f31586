import { describe, expect, it } from "vitest";
import { namesPerson, paidTo, type NamedPerson } from "./payee.server";

const eleanor: NamedPerson = { userId: "u-eleanor", name: "Eleanor Hartwell", email: "Eleanor.H@example.com", aliases: ["Nora Bishop"] };

describe("who a distribution is paid to", () => {
  it("knows the approver by her name whatever its case, spacing, accents or order", () => {
    for (const text of [
      "Eleanor Hartwell",
      "eleanor hartwell ",
      "  ELEANOR   HARTWELL",
      "Éléanor Hártwell",
      "Hartwell, Eleanor",
      "Mrs. Eleanor J. Hartwell",
      "Ellie Hartwell",
      "Nora Bishop",
      "eleanor.h@example.com",
      "Eleanor.H@Example.com (me)",
    ])
      expect(namesPerson(text, eleanor), text).toBe(true);
  });

  it("does not take another family member for her", () => {
    for (const text of ["Daniel Hartwell", "Margaret A. Hartwell-Chen", "Eleanor Chen", "Hartwell Family Foundation", "h@example.com"])
      expect(namesPerson(text, eleanor), text).toBe(false);
  });

  it("goes by the account when a member was chosen, and by the name when typed", () => {
    expect(paidTo({ beneficiaryUserId: "u-eleanor", beneficiaryName: "Anything" }, eleanor)).toBe(true);
    // Another member chosen by her account is someone else, even with the same name.
    expect(paidTo({ beneficiaryUserId: "u-other", beneficiaryName: "Eleanor Hartwell" }, eleanor)).toBe(false);
    expect(paidTo({ beneficiaryUserId: null, beneficiaryName: "eleanor hartwell " }, eleanor)).toBe(true);
    expect(paidTo({ beneficiaryUserId: null, beneficiaryName: "Daniel R. Hartwell" }, eleanor)).toBe(false);
  });
});
