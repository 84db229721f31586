import { describe, expect, it } from "vitest";
import { anyWordFtsQuery, excerptOf, locateQuote, parsePassageParam, passageUrl, queryTerms, scorePassages, splitPassages, stem } from "./passages";
import { FIXTURES, fixtureText } from "./test-fixtures";

describe("passages", () => {
  const trust = fixtureText(FIXTURES.trust);

  it("cuts a text into trimmed paragraphs whose offsets slice the text exactly", () => {
    const spans = splitPassages(trust);
    const paragraphs = trust
      .split(/\n[ \t]*\n/)
      .map((p) => p.trim())
      .filter(Boolean);
    expect(spans.map((s) => trust.slice(s.start, s.end))).toEqual(paragraphs);
    expect(spans.every((s, i) => i === 0 || s.start > spans[i - 1].end)).toBe(true);
  });

  it("cuts long paragraphs at sentence ends, and over-long sentences at spaces, never losing a character", () => {
    const sentence = (n: number) => `Sentence ${n} says the trustee shall do thing number ${n} for the family. `;
    const long = Array.from({ length: 40 }, (_, i) => sentence(i))
      .join("")
      .trim();
    const spans = splitPassages(`Heading\n\n${long}\n\n${"word ".repeat(400).trim()}`, 300);
    expect(spans.every((s) => s.end - s.start <= 300)).toBe(true);
    const text = `Heading\n\n${long}\n\n${"word ".repeat(400).trim()}`;
    const rebuilt = spans.map((s) => text.slice(s.start, s.end)).join(" ");
    expect(rebuilt.replace(/\s+/g, "")).toBe(text.replace(/\s+/g, ""));
    // Sentence windows end at a full stop.
    expect(spans.slice(1, 4).every((s) => text[s.end - 1] === ".")).toBe(true);
  });

  it("reads ?passage=start-end only as a non-empty range inside the text", () => {
    expect(parsePassageParam("10-20", 100)).toEqual({ start: 10, end: 20 });
    expect(parsePassageParam("20-10", 100)).toBeNull();
    expect(parsePassageParam("10-10", 100)).toBeNull();
    expect(parsePassageParam("10-101", 100)).toBeNull();
    expect(parsePassageParam("-1-5", 100)).toBeNull();
    expect(parsePassageParam("a-b", 100)).toBeNull();
    expect(parsePassageParam(null, 100)).toBeNull();
    expect(passageUrl("doc-1", { start: 3, end: 9 })).toBe("/documents/doc-1?passage=3-9");
  });

  it("locates a quoted sentence despite different spacing", () => {
    const span = locateQuote(trust, "The Settlors   shall serve as the initial\nco-trustees.");
    expect(span).not.toBeNull();
    expect(trust.slice(span!.start, span!.end)).toBe("The Settlors shall serve as the initial co-trustees.");
    expect(locateQuote(trust, "Nothing like this is in the trust at all.")).toBeNull();
  });

  it("keeps the content words of a question, stemmed, and makes a safe any-word FTS5 query", () => {
    expect(queryTerms("Who are the successor trustees?")).toEqual(["successor", "trustee"]);
    expect(stem("deadlines")).toBe("deadline");
    expect(stem("beneficiaries")).toBe("beneficiary");
    expect(anyWordFtsQuery('Who is "the" trustee? OR NEAR(x)')).toBe('"trustee" OR "near"');
    expect(anyWordFtsQuery("who is the")).toBeNull();
  });

  it("ranks the clause that answers the question first", () => {
    const spans = splitPassages(trust);
    const ranked = scorePassages(trust, spans, queryTerms("Who are the successor trustees?"))
      .filter((s) => s.score > 0)
      .sort((a, b) => b.score - a.score);
    expect(trust.slice(ranked[0].start, ranked[0].end)).toMatch(/^1\.3 Successor Trustees\./);
    const tax = scorePassages(trust, spans, queryTerms("When are the fiduciary income tax returns due?")).sort((a, b) => b.score - a.score)[0];
    expect(trust.slice(tax.start, tax.end)).toMatch(/^5\.4 Tax Returns\./);
  });

  it("shortens excerpts at a word and marks the cut", () => {
    expect(excerptOf("short text")).toBe("short text");
    const long = excerptOf("word ".repeat(200), 50);
    expect(long.endsWith("…")).toBe(true);
    expect(long.length).toBeLessThanOrEqual(51);
  });
});
