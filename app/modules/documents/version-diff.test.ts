import { describe, expect, it } from "vitest";
import { collapseUnchanged, compareTexts } from "./version-diff";

describe("compareTexts", () => {
  it("marks the changed words of a clause, not the whole clause", () => {
    const before = "The successor trustee shall be James Hartwell.\nDistributions at age 25.\n";
    const after = "The successor trustee shall be Margaret Chen.\nDistributions at age 25.\n";
    const diff = compareTexts(before, after);
    expect(diff.granularity).toBe("words");
    expect(diff.parts.filter((p) => p.kind === "removed").map((p) => p.text.trim())).toEqual(["James Hartwell"]);
    expect(diff.parts.filter((p) => p.kind === "added").map((p) => p.text.trim())).toEqual(["Margaret Chen"]);
    // Reading the parts back gives each version exactly.
    expect(
      diff.parts
        .filter((p) => p.kind !== "added")
        .map((p) => p.text)
        .join(""),
    ).toBe(before);
    expect(
      diff.parts
        .filter((p) => p.kind !== "removed")
        .map((p) => p.text)
        .join(""),
    ).toBe(after);
  });

  it("finds nothing between identical texts, and ignores line-ending differences", () => {
    const diff = compareTexts("Article 1\r\nTrust property.  \r\n", "Article 1\nTrust property.\n");
    expect(diff.parts).toEqual([{ kind: "same", text: "Article 1\nTrust property.\n" }]);
    expect(diff.added + diff.removed).toBe(0);
  });

  it("falls back to lines when two texts have almost nothing in common", () => {
    const words = (seed: number) => Array.from({ length: 6000 }, (_, i) => `w${(i * seed) % 9973}`).join(" ");
    const diff = compareTexts(words(7), words(13));
    expect(diff.granularity).toBe("lines");
    expect(diff.parts.some((p) => p.kind === "added")).toBe(true);
  });

  it("shortens long unchanged passages but keeps the lines around a change", () => {
    const same = Array.from({ length: 40 }, (_, i) => `line ${i}`).join("\n");
    const collapsed = collapseUnchanged([
      { kind: "same", text: `${same}\n` },
      { kind: "added", text: "new clause\n" },
      { kind: "same", text: `${same}\n` },
    ]);
    expect(collapsed[0]).toMatchObject({ kind: "collapsed", head: "", hiddenLines: 38 });
    expect(collapsed[0].kind === "collapsed" && collapsed[0].tail).toBe("line 38\nline 39\n");
    expect(collapsed[1]).toEqual({ kind: "added", text: "new clause\n" });
    expect(collapsed[2]).toMatchObject({ kind: "collapsed", head: "line 0\nline 1\nline 2", tail: "" });
  });
});
