import { describe, expect, it } from "vitest";
import { MATCH_END, MATCH_START, scopedFtsQuery, snippetParts, toFtsQuery, workspaceToken } from "./search";

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

describe("search scope tokens", () => {
  const ws = "8F0C2A64-6c1e-4d4e-9a51-3f1b2c7d9e01";
  it("confine a query to one workspace's titles and texts", () => {
    expect(workspaceToken(ws)).toBe("w8f0c2a646c1e4d4e9a513f1b2c7d9e01");
    expect(scopedFtsQuery(ws, '"ledger"*')).toBe('scope : "w8f0c2a646c1e4d4e9a513f1b2c7d9e01" AND {title body} : ("ledger"*)');
  });
});
