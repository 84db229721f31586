import { describe, expect, it } from "vitest";
import { locatePassages } from "./passages";

describe("locatePassages", () => {
  const text = "ARTICLE ONE\n\n1.1 The trustee shall   give notice\nwithin 60 days. 1.2 Other words here.";

  it("finds quotes despite different whitespace and case, and cuts the text around them", () => {
    const { segments, anchors } = locatePassages(text, ["the trustee shall give notice within 60 days.", "nowhere to be found at all"]);
    expect(anchors).toEqual(["passage-1", null]);
    expect(segments.map((s) => s.text).join("")).toBe(text);
    expect(segments.find((s) => s.anchor === "passage-1")?.text).toBe("The trustee shall   give notice\nwithin 60 days.");
  });

  it("ignores very short or overlapping quotes, and reuses the anchor of an identical one", () => {
    const { anchors } = locatePassages(text, ["1.1", "Other words here.", "words here. extra", "Other words here."]);
    expect(anchors).toEqual([null, "passage-2", null, "passage-2"]);
  });
});
