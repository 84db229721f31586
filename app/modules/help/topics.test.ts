import { describe, expect, it } from "vitest";
import { SIGNED_IN_PATHS } from "~/modules/navigation/route-sets";
import { HELP_TOPICS, matchesQuery, PRODUCT_MODULES } from "./topics";

describe("help centre", () => {
  it("has the anchors the assistant links to", () => {
    expect(HELP_TOPICS).toContain("upload-documents");
    expect(HELP_TOPICS).toContain("organization");
  });

  it("matches every word, ignoring case and accents", () => {
    expect(matchesQuery("Téléverser un document PDF", "telever pdf")).toBe(true);
    expect(matchesQuery("Upload a document", "upload vote")).toBe(false);
    expect(matchesQuery("anything", "  ")).toBe(true);
  });

  it("lists only real signed-in routes on /modules", () => {
    for (const m of PRODUCT_MODULES) expect(SIGNED_IN_PATHS as readonly string[]).toContain(m.path);
  });
});
