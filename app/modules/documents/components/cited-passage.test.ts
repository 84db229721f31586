import { describe, expect, it } from "vitest";
import { splitAtRange } from "./cited-passage";

describe("cited passage highlighting", () => {
  const segments = [{ text: "Alpha beta " }, { text: "gamma delta", anchor: "passage-1" }, { text: " epsilon" }];

  it("marks exactly the cited characters, across segments, keeping the text whole", () => {
    const pieces = splitAtRange(segments, { start: 6, end: 16 });
    expect(pieces.map((p) => p.text).join("")).toBe("Alpha beta gamma delta epsilon");
    expect(
      pieces
        .filter((p) => p.cited)
        .map((p) => p.text)
        .join(""),
    ).toBe("beta gamma");
    expect(pieces.filter((p) => p.citedFirst)).toHaveLength(1);
    // The analysis anchor's id stays on its first piece only.
    expect(pieces.filter((p) => p.anchor === "passage-1" && !p.anchorContinued)).toHaveLength(1);
  });

  it("leaves the text alone without a range", () => {
    expect(splitAtRange(segments, null)).toBe(segments);
  });
});
