import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CHUNK_MAX, joinTranslations, limitSource, splitIntoChunks } from "./chunks";

const trust = readFileSync(new URL("../../../tests/fixtures/documents/hartwell-family-trust.txt", import.meta.url), "utf8");

describe("splitting a text for translation", () => {
  it("keeps short paragraphs together and never cuts one that fits", () => {
    const chunks = splitIntoChunks("One.\n\nTwo.\r\n\r\n\n Three", 12);
    expect(chunks).toEqual([
      { text: "One.\n\nTwo.", after: "\n\n" },
      { text: " Three", after: "" },
    ]);
  });

  it("a whole trust instrument: parts under the limit, every paragraph whole, joined back to the same text", () => {
    const chunks = splitIntoChunks(trust);
    expect(chunks.length).toBeGreaterThan(3);
    for (const chunk of chunks) expect(chunk.text.length).toBeLessThanOrEqual(CHUNK_MAX);
    const normalised = trust
      .replace(/\r\n?/g, "\n")
      .replace(/\n[ \t]*\n+/g, "\n\n")
      .trim();
    expect(
      joinTranslations(
        chunks,
        chunks.map((c) => c.text),
      ),
    ).toBe(normalised);
    expect(chunks[chunks.length - 1].after).toBe("");
  });

  it("a paragraph longer than a part is cut between sentences, then between words, and joined with spaces", () => {
    const sentence = "The trustee shall account annually to each beneficiary. ";
    const long = sentence.repeat(10).trim();
    const chunks = splitIntoChunks(`Intro.\n\n${long}\n\nEnd.`, 120);
    expect(chunks[0]).toEqual({ text: "Intro.", after: "\n\n" });
    expect(chunks.slice(1, -1).every((c) => c.text.length <= 120 && c.text.endsWith("beneficiary."))).toBe(true);
    expect(chunks.at(-2)!.after).toBe("\n\n");
    expect(chunks.slice(1, -2).every((c) => c.after === " ")).toBe(true);
    expect(
      joinTranslations(
        chunks,
        chunks.map((c) => c.text),
      ),
    ).toBe(`Intro.\n\n${long}\n\nEnd.`);
    const word = "x".repeat(50);
    const words = splitIntoChunks(Array(10).fill(word).join(" "), 120);
    expect(words.every((c) => c.text.length <= 120)).toBe(true);
    expect(
      joinTranslations(
        words,
        words.map((c) => c.text),
      ),
    ).toBe(Array(10).fill(word).join(" "));
  });

  it("an empty text has no parts; a missing translation joins as nothing", () => {
    expect(splitIntoChunks("  \n\n \n")).toEqual([]);
    expect(joinTranslations(splitIntoChunks("A\n\nB", 1), ["a"])).toBe("a\n\n");
  });

  it("limits a very long text at a paragraph break", () => {
    expect(limitSource("short", 10)).toEqual({ text: "short", truncated: false });
    expect(limitSource("aaaaaaa\n\nbbbbbbbbbb", 12)).toEqual({ text: "aaaaaaa", truncated: true });
  });
});
