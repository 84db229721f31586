import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { looksLikeBusiness, matchesName, nameTokens, normaliseName, sameFirstName } from "./names";

describe("normaliseName", () => {
  it.each([
    ["Mr. Robert J. Hartwell, Jr.", "robert j hartwell"],
    ["DR ELEANOR HARTWELL-PRICE", "eleanor hartwell price"],
    ["José Ñúñez", "jose nunez"],
    ["The Hartwell Landscaping Co.", "hartwell landscaping"],
    ["Chen Plumbing, L.L.C.", "chen plumbing"],
    ["Hartwell & Co", "hartwell"],
    ["Acme Holdings, Inc.", "acme holdings"],
    ["Smith Jones LLP", "smith jones"],
    ["O'Brien PLLC", "obrien"],
    ["Robert Hartwell III", "robert hartwell"],
    ["ZELLE TO MICHAEL CHEN 0412", "michael chen"],
    ["ZELLE PAYMENT TO MICHAEL CHEN JPM99A8B7C6", "michael chen"],
    ["ACH DEBIT HARTWELL LANDSCAPING PPD ID: 1234567890", "hartwell landscaping"],
    ["CHECK #1234 ROBERT HARTWELL", "robert hartwell"],
    ["PAYPAL *HARTWELLLAND 402-935-7733", "hartwellland"],
    ["VENMO SOPHIE HARTWELL", "sophie hartwell"],
    ["ONLINE TRANSFER TO HARTWELL ROBERT REF #IB0X7Y8Z9 ON 03/14/24", "hartwell robert"],
    ["POS PURCHASE HOME DEPOT #4521 CARD XXXX1234 03/02", "home depot"],
    ["DEBIT CARD PURCHASE XXXXXX9876 CHEN PLUMBING", "chen plumbing"],
  ])("%s -> %s", (raw, bare) => {
    expect(normaliseName(raw)).toBe(bare);
  });

  it("keeps a name made only of stop words rather than erasing it", () => {
    expect(normaliseName("The Co.")).toBe("the co");
    expect(nameTokens("")).toEqual([]);
  });

  it("is idempotent", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (s) => {
        const once = normaliseName(s);
        expect(normaliseName(once)).toBe(once);
      }),
    );
    fc.assert(
      fc.property(fc.constantFrom("ZELLE TO ", "CHECK #12 ", "Mr. ", "", "PAYPAL *", "ACH DEBIT "), fc.string({ maxLength: 30 }), (prefix, s) => {
        const once = normaliseName(prefix + s);
        expect(normaliseName(once)).toBe(once);
      }),
    );
  });
});

describe("matchesName", () => {
  const letters = fc
    .array(fc.constantFrom(..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZéñüÅ"), { minLength: 1, maxLength: 12 })
    .map((cs) => cs.join(""));
  const name = fc.array(letters, { minLength: 1, maxLength: 4 }).map((ws) => ws.join(" "));

  it("finds any name of letters exactly in itself", () => {
    fc.assert(
      fc.property(name, (x) => {
        expect(matchesName(x, x)).toEqual({ match: true, strength: "exact" });
      }),
    );
  });

  it("matches middle names, initials, honorifics and the bank's LAST FIRST", () => {
    for (const candidate of ["Robert J. Hartwell", "Robert Hartwell", "HARTWELL ROBERT", "HARTWELL, ROBERT J", "Mr Robert James Hartwell", "Bob Hartwell"]) {
      expect(matchesName(candidate, "Robert Hartwell").match, candidate).toBe(true);
    }
    expect(matchesName("HARTWELL ROBERT", "Robert Hartwell").strength).toBe("exact");
    expect(matchesName("Robert J. Hartwell", "Robert Hartwell").strength).toBe("strong");
    expect(matchesName("Robert Hartwell", "Robert J. Hartwell").match).toBe(true);
  });

  it("does not match on a shared surname alone, but reports it as weak", () => {
    expect(matchesName("Sophie Hartwell", "Robert Hartwell")).toEqual({ match: false, strength: "weak" });
    expect(matchesName("R HARTWELL", "Robert Hartwell")).toEqual({ match: false, strength: "weak" });
    expect(matchesName("Chen Plumbing LLC", "Michael Chen")).toEqual({ match: false, strength: "weak" });
    expect(matchesName("Home Depot", "Michael Chen")).toEqual({ match: false, strength: "none" });
    expect(matchesName("", "Michael Chen")).toEqual({ match: false, strength: "none" });
  });

  it("does not join a first name and a surname that belong to different people", () => {
    expect(matchesName("ZELLE TO SOPHIE HARTWELL FOR ROBERT", "Robert Hartwell").match).toBe(false);
  });

  it("needs every significant word of a business", () => {
    expect(matchesName("HARTWELL LANDSCAPING SVCS", "Hartwell Landscaping LLC").match).toBe(true);
    expect(matchesName("HARTWELL PLUMBING", "Hartwell Landscaping LLC")).toEqual({ match: false, strength: "weak" });
    expect(matchesName("Landscaping by Hartwell", "Hartwell Landscaping", { business: true }).match).toBe(true);
    expect(looksLikeBusiness("Chen Plumbing, L.L.C.")).toBe(true);
    expect(looksLikeBusiness("Michael Chen")).toBe(false);
  });

  it("knows common nicknames", () => {
    for (const [a, b] of [
      ["bob", "robert"],
      ["bill", "william"],
      ["liz", "elizabeth"],
      ["maggie", "margaret"],
      ["dan", "daniel"],
      ["kate", "katherine"],
      ["jim", "james"],
      ["mike", "michael"],
      ["tom", "thomas"],
      ["sue", "susan"],
      ["steve", "steven"],
      ["stephen", "steve"],
    ]) {
      expect(sameFirstName(a, b), `${a}/${b}`).toBe(true);
    }
    expect(sameFirstName("robert", "william")).toBe(false);
    expect(matchesName("ZELLE TO MIKE CHEN", "Michael Chen")).toEqual({ match: true, strength: "strong" });
  });
});
