import { describe, expect, it } from "vitest";
import {
  allowedCompensationMinor,
  ethicsFlags,
  flagTextParams,
  maskedLastFours,
  RELATIONS,
  relationLabelKey,
  relationPhraseKey,
  type DistributionInput,
  type EthicsFlag,
  type EthicsInput,
  type RelatedParty,
  type TransactionInput,
  type Trustee,
} from "./checks";
import { trusteeCompensation } from "./compensation";
import texts from "./en-texts.json";

// The Hartwell family: Robert and his sister Eleanor are co-trustees; Robert is also a beneficiary.
const robert: Trustee = { userId: "u-robert", name: "Robert Hartwell", aliases: ["Bob Hartwell"], ownAccountLastFours: ["7781"], isBeneficiary: true };
const eleanor: Trustee = {
  userId: "u-eleanor",
  name: "Eleanor Hartwell-Price",
  aliases: ["Eleanor Price"],
  ownAccountLastFours: ["3350"],
  isBeneficiary: false,
};

const michael: RelatedParty = {
  id: "rp-michael",
  trusteeUserId: "u-robert",
  trusteeName: "Robert Hartwell",
  name: "Michael Chen",
  relation: "other", // son-in-law: the spouse of a descendant
  aliases: [],
  accountLastFour: "0923",
  basis: null,
};
const landscaping: RelatedParty = {
  id: "rp-landscaping",
  trusteeUserId: "u-robert",
  trusteeName: "Robert Hartwell",
  name: "Hartwell Landscaping",
  relation: "business",
  aliases: ["Hartwell Lawn & Garden LLC"],
  accountLastFour: null,
  basis: null,
};

let seq = 0;
function tx(description: string, amountMinor: number, extra: Partial<TransactionInput> = {}): TransactionInput {
  seq += 1;
  return { id: `tx-${seq}`, postedOn: "2024-03-14", amountMinor, payee: null, description, category: null, counterpartyLastFour: null, ...extra };
}
function dist(extra: Partial<DistributionInput>): DistributionInput {
  seq += 1;
  return {
    id: `d-${seq}`,
    requestedOn: "2024-04-01",
    paidOn: null,
    amountMinor: 1_500_000,
    beneficiaryName: "Robert Hartwell",
    beneficiaryUserId: "u-robert",
    status: "approved",
    approvedByUserIds: ["u-robert"],
    approvalRule: "single_trustee",
    ...extra,
  };
}
function input(extra: Partial<EthicsInput>): EthicsInput {
  return {
    trustees: [robert, eleanor],
    relatedParties: [michael, landscaping],
    transactions: [],
    distributions: [],
    compensation: { kind: "reasonable", sourceText: "The Trustee shall be entitled to reasonable compensation." },
    trustValueMinor: 50_000_000,
    year: 2024,
    ...extra,
  };
}
const flagFor = (flags: EthicsFlag[], id: string) => flags.filter((f) => f.subjectId === id);

describe("related-party payments", () => {
  const zelle = tx("ZELLE TO MICHAEL CHEN 0412", -120_000);
  const plumbing = tx("DEBIT CARD PURCHASE", -45_000, { payee: "Chen Plumbing LLC" });
  const middle = tx("ACH DEBIT MICHAEL J CHEN", -80_000);
  const landscaper = tx("ACH DEBIT HARTWELL LANDSCAPING PPD ID: 9921", -310_000);
  const aliasPaid = tx("POS PURCHASE HARTWELL LAWN AND GARDEN #22", -9_900);
  const sophie = tx("ZELLE TO SOPHIE HARTWELL", -50_000);
  const byAccount = tx("ONLINE TRANSFER", -20_000, { counterpartyLastFour: "0923" });
  const moneyIn = tx("ZELLE FROM MICHAEL CHEN", 120_000);
  const flags = ethicsFlags(input({ transactions: [zelle, plumbing, middle, landscaper, aliasPaid, sophie, byAccount, moneyIn] }));

  it("flags a Zelle payment to the registered son-in-law, high with no authorisation", () => {
    expect(flagFor(flags, zelle.id)).toEqual([
      {
        key: `related_party_payment:transaction:${zelle.id}`,
        kind: "related_party_payment",
        subjectType: "transaction",
        subjectId: zelle.id,
        trusteeUserId: "u-robert",
        severity: "high",
        messageKey: "ethics.flags.relatedPartyPayment",
        params: {
          name: "Michael Chen",
          relation: "other",
          trusteeName: "Robert Hartwell",
          amountMinor: 120_000,
          date: "2024-03-14",
          matchedBy: "exact",
          otherParties: 0,
        },
        authorisedBy: null,
      },
    ]);
  });

  it("flags a middle initial, the trustee's business, its alias and the party's account", () => {
    expect(flagFor(flags, middle.id).map((f) => f.kind)).toEqual(["related_party_payment"]);
    expect(flagFor(flags, landscaper.id)[0]).toMatchObject({ kind: "related_party_payment", params: { name: "Hartwell Landscaping", relation: "business" } });
    expect(flagFor(flags, aliasPaid.id).map((f) => f.kind)).toEqual(["related_party_payment"]);
    expect(flagFor(flags, byAccount.id)[0]).toMatchObject({ params: { matchedBy: "account" } });
  });

  it("does not flag a business that only shares a surname, an unregistered beneficiary, or money in", () => {
    expect(flagFor(flags, plumbing.id)).toEqual([]);
    expect(flagFor(flags, sophie.id)).toEqual([]);
    expect(flagFor(flags, moneyIn.id)).toEqual([]);
  });

  it("flags Chen Plumbing once it is registered as a business", () => {
    const chenPlumbing: RelatedParty = { ...michael, id: "rp-plumbing", name: "Chen Plumbing LLC", relation: "business", accountLastFour: null };
    const again = ethicsFlags(input({ relatedParties: [michael, chenPlumbing], transactions: [plumbing] }));
    expect(again.map((f) => [f.kind, f.params.name])).toEqual([["related_party_payment", "Chen Plumbing LLC"]]);
  });

  it("keeps flagging an authorised party, at medium, saying what authorised it", () => {
    const basis = { kind: "court_approval" as const, documentId: "doc-order-2023", note: "Order of 2 May 2023 approving the landscaping contract" };
    const approved = ethicsFlags(input({ relatedParties: [michael, { ...landscaping, basis }], transactions: [landscaper] }));
    expect(approved).toHaveLength(1);
    expect(approved[0]).toMatchObject({ severity: "medium", messageKey: "ethics.flags.relatedPartyPaymentAuthorised", authorisedBy: basis });
  });
});

describe("commingling", () => {
  const out = tx("ONLINE TRANSFER TO CHK ...7781 REF #IB07", -500_000);
  const back = tx("ONLINE TRANSFER FROM CHK …7781", 200_000);
  const byField = tx("INTERNAL TRANSFER", -75_000, { transferAccountLastFour: "3350" });
  const checkNumber = tx("CHECK #7781", -10_000);
  const flags = ethicsFlags(input({ transactions: [out, back, byField, checkNumber] }));

  it("flags money to and from a trustee's own account", () => {
    expect(flagFor(flags, out.id)).toEqual([
      expect.objectContaining({ kind: "commingling", severity: "high", messageKey: "ethics.flags.comminglingOut", trusteeUserId: "u-robert" }),
    ]);
    expect(flagFor(flags, back.id)).toEqual([expect.objectContaining({ kind: "commingling", severity: "medium", messageKey: "ethics.flags.comminglingIn" })]);
    expect(flagFor(flags, byField.id)).toEqual([
      expect.objectContaining({ kind: "commingling", trusteeUserId: "u-eleanor", params: expect.objectContaining({ lastFour: "3350" }) }),
    ]);
  });

  it("does not read a check number as an account", () => {
    expect(flagFor(flags, checkNumber.id)).toEqual([]);
    expect(maskedLastFours("ONLINE TRANSFER TO SAV XXXXXX1234 CONF# 5678")).toEqual(["1234"]);
    expect(maskedLastFours("PAYMENT #4521")).toEqual([]);
  });
});

describe("trustee pay against the compensation terms", () => {
  const fee = tx("ONLINE TRANSFER", -250_000, { payee: "Robert Hartwell", category: "trustee_fee" });
  const toOwnAccount = tx("ONLINE TRANSFER TO CHK ...7781", -500_000);
  const expenses = tx("ZELLE TO HARTWELL ROBERT", -38_000, { category: "trustee_reimbursement" });
  const lastYear = tx("ZELLE TO BOB HARTWELL", -900_000, { postedOn: "2023-12-20" });
  const unnamed = tx("WIRE OUT 55120", -100_000, { category: "Trustee fees" });
  const transactions = [fee, toOwnAccount, expenses, lastYear, unnamed];
  const run = (compensation: EthicsInput["compensation"], trustValueMinor: number | null = 50_000_000) =>
    ethicsFlags(input({ transactions, compensation, trustValueMinor }));
  const excess = (flags: EthicsFlag[]) => flags.filter((f) => f.kind === "excess_compensation");

  it("flags every payment to a trustee, a reimbursement at medium", () => {
    const flags = run({ kind: "unknown", sourceText: null });
    expect(flagFor(flags, fee.id)).toEqual([expect.objectContaining({ kind: "trustee_self_payment", severity: "high", trusteeUserId: "u-robert" })]);
    expect(flagFor(flags, expenses.id)).toEqual([
      expect.objectContaining({ kind: "trustee_self_payment", severity: "medium", messageKey: "ethics.flags.trusteeReimbursement", authorisedBy: null }),
    ]);
    expect(flagFor(flags, lastYear.id).map((f) => f.kind)).toEqual(["trustee_self_payment"]);
    expect(flagFor(flags, unnamed.id)).toEqual([expect.objectContaining({ messageKey: "ethics.flags.trusteeFeeUnnamed", trusteeUserId: null })]);
    expect(excess(flags)).toEqual([]);
  });

  it("with no compensation allowed, flags the year's pay (not expenses, not last year)", () => {
    const flags = run(trusteeCompensation([{ heading: "Compensation", body: "The Trustee shall serve without compensation." }]));
    expect(excess(flags)).toEqual([
      expect.objectContaining({
        key: "excess_compensation:trustee:u-robert:2024",
        trusteeUserId: "u-robert",
        messageKey: "ethics.flags.compensationNotAllowed",
        params: { trusteeName: "Robert Hartwell", year: 2024, totalMinor: 750_000, allowedMinor: 0, excessMinor: 750_000 },
      }),
    ]);
  });

  it("with a percentage, flags pay above that share of the trust's value", () => {
    const onePercent = trusteeCompensation([
      { heading: "Compensation", body: "An annual fee equal to one percent (1%) of the fair market value of the trust estate." },
    ]);
    expect(excess(run(onePercent))[0].params).toMatchObject({ totalMinor: 750_000, allowedMinor: 500_000, excessMinor: 250_000 });
    expect(excess(run(onePercent, 100_000_000))).toEqual([]);
    // Without the trust's value there is no limit to check; the payments stay flagged one by one.
    expect(excess(run(onePercent, null))).toEqual([]);
    expect(allowedCompensationMinor({ kind: "percent", percentPerYear: 0.75, sourceText: null }, 123_456_789)).toBe(925_925);
  });

  it("with a fixed amount, flags pay above it", () => {
    expect(excess(run({ kind: "fixed", fixedCentsPerYear: 500_000, sourceText: "$5,000 per year" }))[0].params.excessMinor).toBe(250_000);
    expect(excess(run({ kind: "fixed", fixedCentsPerYear: 1_000_000, sourceText: "$10,000 per year" }))).toEqual([]);
  });

  it("with reasonable compensation, flags pay for review at medium, citing the terms", () => {
    const flags = run({ kind: "reasonable", sourceText: "reasonable compensation" });
    expect(excess(flags)).toEqual([]);
    expect(flagFor(flags, fee.id)[0]).toMatchObject({
      severity: "medium",
      authorisedBy: { kind: "trust_terms", documentId: null, note: "reasonable compensation" },
    });
  });
});

describe("self-dealing distributions", () => {
  it("flags a trustee's own distribution that no other trustee approved", () => {
    const alone = dist({});
    const byName = dist({ beneficiaryUserId: null, beneficiaryName: "Bob Hartwell", status: "paid", paidOn: "2024-04-03", approvedByUserIds: [] });
    const cosigned = dist({ approvedByUserIds: ["u-robert", "u-eleanor"], status: "paid", paidOn: "2024-04-05" });
    const pending = dist({ status: "pending", approvedByUserIds: [] });
    const toSophie = dist({ beneficiaryName: "Sophie Hartwell", beneficiaryUserId: "u-sophie" });
    const flags = ethicsFlags(input({ distributions: [alone, byName, cosigned, pending, toSophie] }));
    expect(flags.map((f) => [f.key, f.severity, f.messageKey])).toEqual([
      [`self_dealing_distribution:distribution:${alone.id}`, "high", "ethics.flags.selfDealingDistribution"],
      [`self_dealing_distribution:distribution:${byName.id}`, "high", "ethics.flags.selfDealingDistribution"],
    ]);
  });

  it("flags a sole trustee's own distribution: only the court or the beneficiaries can approve it", () => {
    const own = dist({});
    const flags = ethicsFlags(input({ trustees: [robert], distributions: [own] }));
    expect(flags).toEqual([expect.objectContaining({ subjectId: own.id, messageKey: "ethics.flags.selfDealingDistributionSoleTrustee" })]);
  });
});

describe("related-party distributions", () => {
  it("flags a distribution to a beneficiary who is also a registered related party, with the same matching as payments", () => {
    const toMichael = dist({ beneficiaryName: "Michael J. Chen", beneficiaryUserId: "u-michael", status: "paid", paidOn: "2024-05-02" });
    const byAlias = dist({ beneficiaryName: "Hartwell Lawn & Garden LLC", beneficiaryUserId: null, approvedByUserIds: ["u-eleanor"] });
    const flags = ethicsFlags(input({ distributions: [toMichael, byAlias] }));
    expect(flagFor(flags, toMichael.id)).toEqual([
      {
        key: `related_party_payment:distribution:${toMichael.id}`,
        kind: "related_party_payment",
        subjectType: "distribution",
        subjectId: toMichael.id,
        trusteeUserId: "u-robert",
        severity: "high",
        messageKey: "ethics.flags.relatedPartyDistribution",
        params: {
          name: "Michael Chen",
          beneficiaryName: "Michael J. Chen",
          relation: "other",
          trusteeName: "Robert Hartwell",
          amountMinor: 1_500_000,
          date: "2024-05-02",
          matchedBy: "strong",
          otherParties: 0,
        },
        authorisedBy: null,
      },
    ]);
    expect(flagFor(flags, byAlias.id)).toEqual([
      expect.objectContaining({ kind: "related_party_payment", params: expect.objectContaining({ name: "Hartwell Landscaping" }) }),
    ]);
  });

  it("keeps flagging when a basis is on file, at medium, saying what authorised it", () => {
    const basis = { kind: "beneficiary_consent" as const, documentId: "doc-consent", note: null };
    const paid = dist({ beneficiaryName: "Michael Chen", beneficiaryUserId: null, status: "paid", paidOn: "2024-05-02" });
    const flags = ethicsFlags(input({ relatedParties: [{ ...michael, basis }, landscaping], distributions: [paid] }));
    expect(flags).toEqual([
      expect.objectContaining({ severity: "medium", messageKey: "ethics.flags.relatedPartyDistributionAuthorised", authorisedBy: basis }),
    ]);
  });

  it("leaves out requests not approved, and beneficiaries who are not registered", () => {
    const flags = ethicsFlags(
      input({
        distributions: [
          dist({ beneficiaryName: "Michael Chen", beneficiaryUserId: null, status: "requested", approvedByUserIds: [] }),
          dist({ beneficiaryName: "Michael Chen", beneficiaryUserId: null, status: "rejected", approvedByUserIds: [] }),
          dist({ beneficiaryName: "Sophie Hartwell", beneficiaryUserId: "u-sophie" }),
        ],
      }),
    );
    expect(flags).toEqual([]);
  });
});

describe("commingling from the stored account and the trustee's names", () => {
  const stored = tx("ONLINE TRANSFER", -40_000, { counterpartyLastFour: "7781" });
  const named = tx("ONLINE TRANSFER TO ROBERT HARTWELL", -60_000);
  const aliasIn = tx("INTERNAL TRANSFER FROM ELEANOR PRICE", 25_000);
  const zelle = tx("ZELLE TO ROBERT HARTWELL", -10_000);
  const fee = tx("ONLINE TRANSFER", -30_000, { payee: "Robert Hartwell", category: "trustee_fee" });
  const flags = ethicsFlags(input({ transactions: [stored, named, aliasIn, zelle, fee], compensation: { kind: "none", sourceText: null } }));
  const kinds = (id: string) => flagFor(flags, id).map((f) => [f.kind, f.messageKey]);

  it("reads the other account's last four the statement gave", () => {
    expect(flagFor(flags, stored.id)).toEqual([
      expect.objectContaining({
        kind: "commingling",
        trusteeUserId: "u-robert",
        messageKey: "ethics.flags.comminglingOut",
        params: expect.objectContaining({ lastFour: "7781" }),
      }),
    ]);
  });

  it("flags a transfer naming a trustee (or their alias) once, as commingling, either way", () => {
    expect(kinds(named.id)).toEqual([["commingling", "ethics.flags.comminglingOutNamed"]]);
    expect(flagFor(flags, named.id)[0]).toMatchObject({ severity: "high", trusteeUserId: "u-robert", params: { lastFour: "", amountMinor: 60_000 } });
    expect(flagFor(flags, aliasIn.id)).toEqual([
      expect.objectContaining({ kind: "commingling", severity: "medium", trusteeUserId: "u-eleanor", messageKey: "ethics.flags.comminglingInNamed" }),
    ]);
  });

  it("leaves a Zelle and a booked fee as pay, and counts the named transfer in the trustee's pay", () => {
    expect(kinds(zelle.id)).toEqual([["trustee_self_payment", "ethics.flags.trusteeSelfPayment"]]);
    expect(kinds(fee.id)).toEqual([["trustee_self_payment", "ethics.flags.trusteeSelfPayment"]]);
    const excess = flags.find((f) => f.kind === "excess_compensation" && f.trusteeUserId === "u-robert");
    expect(excess?.params.totalMinor).toBe(40_000 + 60_000 + 10_000 + 30_000);
  });
});

describe("the English texts", () => {
  const en: Record<string, string> = texts;
  const sole = ethicsFlags(input({ trustees: [robert], distributions: [dist({})] }));
  const overFixed = ethicsFlags(
    input({ compensation: { kind: "fixed", fixedCentsPerYear: 0, sourceText: null }, transactions: [tx("ZELLE TO ROBERT HARTWELL", -1)] }),
  );
  const all = [
    ...sole,
    ...overFixed,
    ...ethicsFlags(
      input({
        compensation: { kind: "none", sourceText: "without compensation" },
        relatedParties: [michael, { ...landscaping, basis: { kind: "trust_terms", documentId: null, note: null } }],
        transactions: [
          tx("ZELLE TO MICHAEL CHEN", -1),
          tx("HARTWELL LANDSCAPING", -1),
          tx("ZELLE TO ROBERT HARTWELL", -1),
          tx("ZELLE TO ROBERT HARTWELL", -1, { category: "trustee_reimbursement" }),
          tx("WIRE", -1, { category: "trustee_fee" }),
          tx("TRANSFER TO ...3350", -1),
          tx("TRANSFER FROM ...3350", 1),
          tx("ONLINE TRANSFER TO ROBERT HARTWELL", -1),
          tx("ONLINE TRANSFER FROM ROBERT HARTWELL", 1),
        ],
        distributions: [
          dist({}),
          dist({ beneficiaryName: "Michael Chen", beneficiaryUserId: null }),
          dist({ beneficiaryName: "Hartwell Landscaping", beneficiaryUserId: null }),
        ],
      }),
    ),
  ];

  it("has a sentence for every flag, with every value it names", () => {
    const keys = new Set(all.map((f) => f.messageKey));
    expect([...keys].sort()).toEqual(
      Object.keys(en)
        .filter((k) => k.startsWith("ethics.flags."))
        .sort(),
    );
    for (const f of all) {
      const text = en[f.messageKey];
      expect(text, f.messageKey).toBeTruthy();
      const params = flagTextParams(f.params, { money: (m) => `$${(m / 100).toFixed(2)}`, relation: (r) => en[relationPhraseKey(r)] });
      for (const [, name] of text.matchAll(/\{\{(\w+)\}\}/g)) expect(params, `${f.messageKey}: ${name}`).toHaveProperty(name);
    }
  });

  it("names every relation, as a label and inside a sentence", () => {
    for (const r of RELATIONS) {
      expect(en[relationLabelKey(r)], r).toBeTruthy();
      expect(en[relationPhraseKey(r)], r).toBeTruthy();
    }
  });
});
