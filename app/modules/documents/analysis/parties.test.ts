import { describe, expect, it } from "vitest";
import { sameName } from "~/modules/ai/legal/normalise";
import { analyzeOffline } from "./offline";
import { findNames, uncapNames } from "./text-structure";

// Every sentence here is invented for these tests: the rules must read drafting patterns, not the corpus.
const read = (text: string, title = "Trust Agreement") => analyzeOffline(text, { title }).parties;
const holders = (text: string, role: string, title?: string) =>
  read(text, title)
    .filter((p) => p.role === role)
    .map((p) => (p.order ? [p.name, p.order] : p.share ? [p.name, p.share] : p.name));

describe("names in capitals and places in preambles", () => {
  it("reads names in capitals as names, keeping every index", () => {
    const text = "by HENRIETTA O. VASQUEZ-LLOYD and MAPLE RIDGE COMMUNITY FUND, INC., as grantors";
    const uncapped = uncapNames(text);
    expect(uncapped).toHaveLength(text.length);
    expect(findNames(uncapped).map((n) => n.name)).toEqual(["Henrietta O. Vasquez-Lloyd", "Maple Ridge Community Fund, Inc."]);
  });

  it("reads a settlor and trustee in capitals, never the town they live in", () => {
    const text =
      'LIVING TRUST\n\nThis Trust Agreement is made on May 2, 2015, by HENRIETTA O. LLOYD, of Fort Collins, Larimer County, Colorado, as grantor (the "Grantor"), and HENRIETTA O. LLOYD, as trustee (the "Trustee").';
    expect(holders(text, "settlor")).toEqual(["Henrietta O. Lloyd"]);
    expect(holders(text, "trustee")).toEqual(["Henrietta O. Lloyd"]);
    expect(
      read(text)
        .map((p) => p.name)
        .join("|"),
    ).not.toMatch(/Fort Collins|Larimer/);
  });

  it("keeps a name's inner capital and a company's legal form", () => {
    expect(findNames("Fiona R. MacDonald and Pelham Advisory Partners, Inc. shall serve").map((n) => n.name)).toEqual([
      "Fiona R. MacDonald",
      "Pelham Advisory Partners, Inc.",
    ]);
    expect(sameName("Pelham Advisory Partners", "Pelham Advisory Partners, Inc.")).toBe(true);
    expect(sameName("Granite Bank, N.A.", "Granite Bank")).toBe(true);
  });

  it("reads an English deed's numbered parties, without their addresses or firms", () => {
    const text = [
      "THIS SETTLEMENT is made on 4 May 2012",
      "BETWEEN:",
      '(1) CECILY ANNE FAIRBAIRN of Holly Cottage, Mill Lane, Ambleside LA22 9DH ("the Settlor"); and',
      '(2) the said CECILY ANNE FAIRBAIRN and DOMINIC JAMES HOLT of Holt Partners LLP, 3 Bridge Street, Kendal ("the Original Trustees").',
      '1.1 "the Protector" means Agnes Mary Rook or other the protector for the time being.',
    ].join("\n\n");
    expect(holders(text, "settlor")).toEqual(["Cecily Anne Fairbairn"]);
    expect(holders(text, "trustee")).toEqual(["Cecily Anne Fairbairn", "Dominic James Holt"]);
    expect(holders(text, "trust_protector")).toEqual(["Agnes Mary Rook"]);
    expect(
      read(text)
        .map((p) => p.name)
        .join("|"),
    ).not.toMatch(/Holly Cottage|Holt Partners/);
  });

  it("reads a form's labelled lines, but not a witness's or a notary's", () => {
    const text = "AMENDMENT\n\nDate: May 1, 2020\nGrantor and Trustee: Ivo R. Lund\nSuccessor Trustee: Mara Lund\nWitness: Pia Holm\nNotary Public: Ole Berg";
    expect(read(text).map((p) => [p.name, p.role])).toEqual([
      ["Ivo R. Lund", "settlor"],
      ["Ivo R. Lund", "trustee"],
      ["Mara Lund", "successor_trustee"],
    ]);
  });

  it("reads a first-person trustmaker and the person removed is not a trustee", () => {
    const text =
      "I, MARCUS T. OYELOWO, of Tulsa, Oklahoma, as Trustmaker of the Oyelowo Trust, amend it as follows.\n\n1. I remove Jonas P. Kettle as Trustee. Vera L. Quist shall serve as Trustee.";
    expect(holders(text, "settlor")).toEqual(["Marcus T. Oyelowo"]);
    expect(holders(text, "trustee")).toEqual(["Vera L. Quist"]);
  });
});

describe("beneficiaries and shares from gifts", () => {
  it("names beneficiaries introduced by their relation, with percentages before or after the name", () => {
    const will = [
      "I, RUPERT K. LINDAHL, declare this to be my Last Will and Testament.",
      "ARTICLE II. I give all of my tangible personal property to my wife, Sigrid Lindahl, if she survives me.",
      "ARTICLE III. I give sixty percent (60%) of my residuary estate to my daughter, NORA E. LINDAHL, and forty percent (40%) to my nephew, Tobias Crane.",
    ].join("\n\n");
    expect(holders(will, "testator", "Last Will")).toEqual(["Rupert K. Lindahl"]);
    expect(holders(will, "beneficiary", "Last Will")).toEqual(["Sigrid Lindahl", ["Nora E. Lindahl", "60%"], ["Tobias Crane", "40%"]]);
    const listed =
      "The Trustee shall distribute the remaining trust estate as follows: (a) to Priya Raman, seventy percent (70%); and (b) to the Mesa Verde Literacy Foundation, thirty percent (30%).";
    expect(holders(listed, "beneficiary")).toEqual([
      ["Priya Raman", "70%"],
      ["Mesa Verde Literacy Foundation", "30%"],
    ]);
  });

  it("reads a share that 'shall be distributed' or 'shall pass' to someone introduced by relation", () => {
    const text =
      "4.1 On my death, sixty percent (60%) of the trust estate shall be distributed to my niece, Dana Voss, and one-third shall pass to my nephew, Eli Voss.";
    expect(holders(text, "beneficiary")).toEqual([
      ["Dana Voss", "60%"],
      ["Eli Voss", "one-third"],
    ]);
  });

  it("computes equal shares among the people named, but not for specific gifts or stated percentages", () => {
    const equal =
      "The Trustee shall distribute the remaining trust estate in equal shares to my son, Felix Ward, my daughter, Ines Ward, and my niece, Clara Boyd.";
    expect(holders(equal, "beneficiary")).toEqual([
      ["Felix Ward", "33.33%"],
      ["Ines Ward", "33.33%"],
      ["Clara Boyd", "33.33%"],
    ]);
    const tangible = "I give my tangible personal property to my children, Felix Ward and Ines Ward, in equal shares.";
    expect(read(tangible, "Last Will").filter((p) => p.share)).toEqual([]);
    const separate =
      "A. The Trustor establishes this trust for the benefit of her sons, Bo Tan and Li Tan.\n\nB. The Trustee shall hold the trust estate in two equal separate shares, one for each beneficiary.";
    expect(holders(separate, "beneficiary")).toEqual([
      ["Bo Tan", "50%"],
      ["Li Tan", "50%"],
    ]);
  });

  it("names only those a gift goes to: not a firm paid its fees, not a child given nothing", () => {
    const text = [
      "1. The trustee shall pay the reasonable fees of Miller Accounting Services and Harper Lowe from the trust estate.",
      "2. I give nothing to my son, Kevin Roe, for reasons he knows.",
      "3. The trustee shall distribute the trust estate to my daughter, Jane Roe, and to the Oakridge Animal Shelter, in equal shares.",
    ].join("\n\n");
    expect(holders(text, "beneficiary")).toEqual([
      ["Jane Roe", "50%"],
      ["Oakridge Animal Shelter", "50%"],
    ]);
  });

  it("takes only the benefit phrase's names, and a beneficiary 'of' no address", () => {
    const text = 'This trust is created for the benefit of Owen T. Park (the "Beneficiary") by Rhea L. Park, of Salem, Oregon (the "Settlor").';
    expect(holders(text, "beneficiary")).toEqual(["Owen T. Park"]);
    expect(holders(text, "settlor")).toEqual(["Rhea L. Park"]);
  });

  it("gives a pour-over will's residue to the named trust", () => {
    const will =
      "I give all the rest, residue and remainder of my estate to the trustee then serving under the trust agreement known as the Harriet V. Crane Living Trust, to be administered under its terms.";
    expect(holders(will, "beneficiary", "Last Will")).toEqual([["Harriet V. Crane Living Trust", "100%"]]);
  });
});

describe("offices and their successors", () => {
  it("orders executors appointed on failure, and a first guardian is not a successor", () => {
    const will = [
      "I appoint my husband, Rupert K. Lindahl, as Executor of this Will. If he fails to qualify or ceases to act, I appoint my sister, Greta M. Sund, of Duluth, Minnesota, as Executor, failing whom my friend, Paul D. Okoro.",
      "If my husband does not survive me, I appoint my brother, Elias Sund, as guardian of my minor children. If he fails to qualify, I appoint my cousin, Marta Voss, as guardian.",
    ].join("\n\n");
    expect(holders(will, "executor", "Last Will")).toEqual(["Rupert K. Lindahl"]);
    expect(holders(will, "successor_executor", "Last Will")).toEqual([
      ["Greta M. Sund", 1],
      ["Paul D. Okoro", 2],
    ]);
    expect(holders(will, "guardian", "Last Will")).toEqual(["Elias Sund"]);
    expect(holders(will, "successor_guardian", "Last Will")).toEqual([["Marta Voss", 1]]);
  });

  it("reads a co-trustee serving in another's place and successor agents listed first, second", () => {
    const trust =
      "Owen T. Park and Rhea L. Park shall serve as co-trustees.\n\nIf Owen T. Park fails to serve, Ada N. Park shall serve as co-trustee in his place.";
    expect(holders(trust, "trustee")).toEqual(["Owen T. Park", "Rhea L. Park"]);
    expect(holders(trust, "successor_trustee")).toEqual([["Ada N. Park", 1]]);
    const poa =
      "If my agent dies or resigns, I name the following as successors to such agent: first, Dana K. Whitlow, of 12 Elm Street, Boise, Idaho; and second, Omar S. Farah.";
    expect(holders(poa, "successor_agent", "Power of Attorney")).toEqual([
      ["Dana K. Whitlow", 1],
      ["Omar S. Farah", 2],
    ]);
  });

  it("reads trustees with a function, a protector who 'shall be' one, and signatures in capitals", () => {
    const text = [
      "Harbour Trust Company of Maine shall serve as administrative trustee and Iris Vale shall serve as investment trustee.",
      "Tomas Reyes shall be the first Protector.",
      "______________________________\nJOAN A. MORROW, Trustmaker and Trustee",
    ].join("\n\n");
    expect(holders(text, "trustee")).toEqual(["Harbour Trust Company of Maine", "Iris Vale", "Joan A. Morrow"]);
    expect(holders(text, "trust_protector")).toEqual(["Tomas Reyes"]);
    expect(holders(text, "settlor")).toEqual(["Joan A. Morrow"]);
  });
});

describe("the instrument's own date and its governing law", () => {
  it("dates an amendment by its own signing, not by the instrument it amends", () => {
    const amendment = [
      "FIRST AMENDMENT TO THE ODELL FAMILY TRUST",
      "I, Priscilla Odell, as Settlor of the Odell Family Trust under Trust Agreement dated March 3, 2001, amend it as follows.",
      "1. Section 4 is deleted.",
      "IN WITNESS WHEREOF, I have set my hand this 9th day of October, 2017.",
    ].join("\n\n");
    expect(analyzeOffline(amendment, {}).instrumentDate).toBe("2017-10-09");
    const deed = "THIS DEED is made on 2 June 2019\n\n(A) This Deed is supplemental to the Rook Settlement made on 1 May 2001 by Agnes Mary Rook as settlor.";
    expect(analyzeOffline(deed, {}).instrumentDate).toBe("2019-06-02");
    expect(analyzeOffline("TRUST AGREEMENT made as of May 5, 2004, between Ivo Rand, as Grantor, and Ana Rand, as Trustee.", {}).instrumentDate).toBe(
      "2004-05-05",
    );
  });

  it("reads England and Wales and statute citations, but not a notary's certificate", () => {
    expect(analyzeOffline("12.1 The proper law of this Settlement shall be the law of England and Wales.", {}).governingLaw).toBe("England and Wales");
    expect(analyzeOffline("The parties sign this agreement under RCW 11.96A.220 and RCW 11.96A.230.", {}).governingLaw).toBe("Washington");
    expect(analyzeOffline("Under Section 2-6 of the Illinois Power of Attorney Act (755 ILCS 45/2-6), I amend it.", {}).governingLaw).toBe("Illinois");
    expect(analyzeOffline("AFFIDAVIT OF ATTESTING WITNESSES (SCPA 1406)", {}).governingLaw).toBe("New York");
    const notary = "Section 3 is deleted.\n\nI certify under PENALTY OF PERJURY under the laws of the State of Oregon that the foregoing paragraph is true.";
    expect(analyzeOffline(notary, {}).governingLaw).toBeNull();
  });
});
