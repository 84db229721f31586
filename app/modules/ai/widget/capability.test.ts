import { describe, expect, it } from "vitest";
import { capabilityFromPath, isCapability, pathHasSegment } from "./capability";

describe("capability from the path (spec section 4)", () => {
  it.each([
    ["/documents", "document_analysis"],
    ["/documents/7f0c1a8e-0000-4000-8000-000000000000", "document_analysis"],
    ["/documents/", "document_analysis"],
    ["/compliance", "compliance_guidance"],
    ["/compliance-health", "compliance_guidance"],
    ["/compliance-notifications", "compliance_guidance"],
    ["/trust-administration", "trust_administration"],
    ["/trust-banking", "trust_administration"],
    ["/trust", "trust_administration"],
    ["/", "feature_guidance"],
    ["/dashboard", "feature_guidance"],
    ["/chat", "feature_guidance"],
    ["/help", "feature_guidance"],
    ["/version-control/abc", "feature_guidance"],
    ["/polling", "feature_guidance"],
  ] as const)("%s gives %s", (path, capability) => expect(capabilityFromPath(path)).toBe(capability));

  it("matches whole segments (or their hyphenated first word), never a part of a word", () => {
    expect(capabilityFromPath("/trustees")).toBe("feature_guidance");
    expect(capabilityFromPath("/entrust")).toBe("feature_guidance");
    expect(capabilityFromPath("/mydocuments")).toBe("feature_guidance");
    expect(capabilityFromPath("/ethical-compliance")).toBe("feature_guidance");
    expect(capabilityFromPath("/multi-jurisdiction-compliance")).toBe("feature_guidance");
    expect(pathHasSegment("/a/documents/b", "documents")).toBe(true);
    expect(pathHasSegment("/Documents", "documents")).toBe(true);
    expect(pathHasSegment("/documentsx", "documents")).toBe(false);
  });

  it("follows the spec's order when several segments appear", () => {
    expect(capabilityFromPath("/documents/compliance")).toBe("document_analysis");
    expect(capabilityFromPath("/compliance/trust")).toBe("compliance_guidance");
    expect(capabilityFromPath("/trust/documents")).toBe("document_analysis");
  });

  it("knows the four capabilities", () => {
    for (const c of ["document_analysis", "compliance_guidance", "trust_administration", "feature_guidance"]) expect(isCapability(c)).toBe(true);
    expect(isCapability("other")).toBe(false);
    expect(isCapability(undefined)).toBe(false);
  });
});
