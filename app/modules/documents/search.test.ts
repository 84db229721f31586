import { describe, expect, it } from "vitest";
import { MATCH_END, MATCH_START, snippetParts, toFtsQuery } from "./search";

describe("toFtsQuery", () => {
  it("quotes every word and makes the last one a prefix", () => {
    expect(toFtsQuery("spendthrift clause")).toBe('"spendthrift" "clause"*');
  });
  it("keeps quoted phrases as phrases", () => {
    expect(toFtsQuery('"no contest" trust')).toBe('"no contest" "trust"*');
    expect(toFtsQuery('"health education"')).toBe('"health education"');
  });
  it("neutralises FTS5 operators and punctuation", () => {
    expect(toFtsQuery("title:secret OR NEAR(a b) -x")).toBe('"title" "secret" "OR" "NEAR" "a" "b" "x"*');
    expect(toFtsQuery('"" * ( )')).toBeNull();
    expect(toFtsQuery("   ")).toBeNull();
  });
  it("reads words of any script", () => {
    expect(toFtsQuery("fideicomiso año")).toBe('"fideicomiso" "año"*');
  });
});

describe("snippetParts", () => {
  it("splits matched words from the rest without any HTML", () => {
    expect(snippetParts(`the ${MATCH_START}spendthrift${MATCH_END} clause <b>`)).toEqual([
      { text: "the ", match: false },
      { text: "spendthrift", match: true },
      { text: " clause <b>", match: false },
    ]);
  });
});
