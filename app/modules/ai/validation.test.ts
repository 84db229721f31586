import { describe, expect, it } from "vitest";
import { serverT } from "~/i18n.server";
import { capabilityForPath, chatRequestSchema } from "./validation";

const t = serverT(["ai", "auth"], "en");
const parse = (body: unknown) => chatRequestSchema(t).safeParse(body);
const firstError = (body: unknown) => {
  const result = parse(body);
  return result.success ? null : result.error.issues[0].message;
};

describe("chat request validation", () => {
  it("accepts the widget's request and trims the message", () => {
    const result = parse({
      message: "  Who are the trustees?  ",
      capability: "document_analysis",
      sessionId: "doc_1",
      context: {
        sessionId: "doc_1",
        currentPage: "/documents/1",
        timestamp: "2026-01-01T00:00:00Z",
        documentId: "1",
        keyProvisions: [],
        complianceRequirements: [],
        importantDates: [],
        extra: true,
      },
    });
    expect(result.success && result.data.message).toBe("Who are the trustees?");
  });

  it("answers each bad input with one sentence", () => {
    expect(firstError({ capability: "feature_guidance" })).toBe("Write a question for the assistant.");
    expect(firstError({ message: "   " })).toBe("Write a question for the assistant.");
    expect(firstError({ message: 42 })).toBe("Write a question for the assistant.");
    expect(firstError({ message: "x".repeat(4001) })).toBe("The question is too long: at most 4,000 characters.");
    expect(firstError({ message: "hi", capability: "legal_advice" })).toBe(
      "Unknown capability. Use one of: document_analysis, compliance_guidance, trust_administration, feature_guidance.",
    );
    expect(firstError({ message: "hi", context: "the trust" })).toMatch(/^The context must be an object/);
    expect(firstError({ message: "hi", context: { documentId: 7 } })).toMatch(/^The context must be an object/);
    expect(firstError({ message: "hi", context: { keyProvisions: "none" } })).toMatch(/^The context must be an object/);
    expect(firstError({ message: "hi", sessionId: { id: 1 } })).toBe("The session id must be text of at most 300 characters.");
  });

  it("picks the capability from the page when none is given (spec section 4)", () => {
    expect(parse({ message: "hi", context: { currentPage: "/documents/abc" } }).data?.capability).toBe("document_analysis");
    expect(parse({ message: "hi", context: null }).data?.capability).toBe("feature_guidance");
    expect(capabilityForPath("/compliance")).toBe("compliance_guidance");
    expect(capabilityForPath("/trust/x")).toBe("trust_administration");
    // The same rule as the widget's capabilityFromPath: /trust-administration is a trust page, /trustees is not.
    expect(capabilityForPath("/trust-administration")).toBe("trust_administration");
    expect(capabilityForPath("/trust-banking?tab=1")).toBe("trust_administration");
    expect(capabilityForPath("/trustees")).toBe("feature_guidance");
    expect(capabilityForPath("/documents?q=x#top")).toBe("document_analysis");
  });
});
