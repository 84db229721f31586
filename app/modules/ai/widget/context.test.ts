import { describe, expect, it } from "vitest";
import { buildAiContext, capabilityFromMatches, documentContextOf, documentFromMatches } from "./context";

const now = new Date("2026-03-01T10:00:00.000Z");
const root = { id: "root", pathname: "/", data: { user: { id: "u" } } };
const documentMatch = (data: unknown, pathname = "/documents/d1") => ({ id: "routes/documents.$id", pathname, data });

describe("document in context", () => {
  it("reads the document page's document and its analysis", () => {
    const provisions = [{ title: "Trustee powers" }];
    const duties = [{ duty: "Account yearly" }];
    const dates = [{ date: "2026-05-01", description: "Annual meeting" }];
    const doc = documentFromMatches([
      root,
      documentMatch({
        document: { id: "d1", title: "Hartwell Trust", type: "trust" },
        analysis: { result: { keyProvisions: provisions, complianceRequirements: duties, importantDates: dates } },
      }),
    ]);
    expect(doc).toEqual({ id: "d1", title: "Hartwell Trust", type: "trust", keyProvisions: provisions, complianceRequirements: duties, importantDates: dates });
  });

  it("empty lists when there is no analysis yet", () => {
    expect(documentFromMatches([root, documentMatch({ document: { id: "d1", title: "", type: null }, analysis: null })])).toEqual({
      id: "d1",
      title: null,
      type: null,
      keyProvisions: [],
      complianceRequirements: [],
      importantDates: [],
    });
  });

  it("only the document page puts a document in context", () => {
    expect(documentFromMatches([root])).toBeNull();
    expect(documentFromMatches([root, { id: "routes/documents", pathname: "/documents", data: { rows: [] } }])).toBeNull();
    expect(documentFromMatches([root, documentMatch({ document: { id: "d1" } }, "/version-control/d1")])).toBeNull();
    expect(documentFromMatches([root, documentMatch(null)])).toBeNull();
  });

  it("a page may ask for a capability in its route handle", () => {
    expect(capabilityFromMatches([root])).toBeNull();
    expect(capabilityFromMatches([{ ...root, handle: { assistantCapability: "compliance_guidance" } }])).toBe("compliance_guidance");
    expect(capabilityFromMatches([{ ...root, handle: { assistantCapability: "nonsense" } }])).toBeNull();
  });
});

describe("AI context sent (spec section 3)", () => {
  it("sessionId, currentPage and timestamp for a page", () => {
    expect(buildAiContext({ sessionId: "page__help", pathname: "/help", now, document: null })).toEqual({
      sessionId: "page__help",
      currentPage: "/help",
      timestamp: "2026-03-01T10:00:00.000Z",
    });
  });

  it("adds the document and its analysis, with the spec's defaults", () => {
    const document = { id: "d1", title: null, type: null, keyProvisions: [1], complianceRequirements: [], importantDates: [] };
    expect(buildAiContext({ sessionId: "doc_d1", pathname: "/documents/d1", now, document })).toEqual({
      sessionId: "doc_d1",
      currentPage: "/documents/d1",
      timestamp: "2026-03-01T10:00:00.000Z",
      documentId: "d1",
      documentName: "Current Document",
      documentType: "Trust Document",
      keyProvisions: [1],
      complianceRequirements: [],
      importantDates: [],
    });
    expect(documentContextOf({ ...document, title: "Will", type: "will" })).toEqual({ documentId: "d1", documentName: "Will", documentType: "will" });
  });

  it("sends at most 30 items per list and 500 characters per text, however long the analysis", () => {
    const provisions = Array.from({ length: 400 }, (_, i) => ({
      title: `Provision ${i}`,
      text: "x".repeat(5000),
      tags: Array.from({ length: 100 }, () => "y".repeat(900)),
    }));
    const document = { id: "d1", title: "Trust", type: "trust", keyProvisions: provisions, complianceRequirements: ["z".repeat(2000)], importantDates: [] };
    const context = buildAiContext({ sessionId: "doc_d1", pathname: "/documents/d1", now, document });
    expect(context.keyProvisions).toHaveLength(30);
    const first = context.keyProvisions![0] as { title: string; text: string; tags: string[] };
    expect(first.title).toBe("Provision 0");
    expect(first.text).toHaveLength(500);
    expect(first.tags).toHaveLength(30);
    expect(first.tags[0]).toHaveLength(500);
    expect(context.complianceRequirements).toEqual(["z".repeat(500)]);
    expect(JSON.stringify(context).length).toBeLessThan(600_000);
    // The document itself (used for the canned replies) is untouched.
    expect(document.keyProvisions).toHaveLength(400);
  });
});
