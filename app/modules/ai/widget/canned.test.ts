import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { cannedReply, chooseCannedReply, type CannedKind } from "./canned";
import type { Capability, DocumentInContext } from "./types";

const CAPS: Capability[] = ["document_analysis", "compliance_guidance", "trust_administration", "feature_guidance"];

/** Spec section 8, every keyword under every capability. */
const TABLE: [message: string, expected: Record<Capability, CannedKind>][] = [
  ["Can you explain clause 4?", { document_analysis: "explain", compliance_guidance: "generic", trust_administration: "generic", feature_guidance: "generic" }],
  [
    "What does this paragraph mean?",
    { document_analysis: "explain", compliance_guidance: "generic", trust_administration: "generic", feature_guidance: "generic" },
  ],
  [
    "Any compliance issues?",
    { document_analysis: "documentCompliance", compliance_guidance: "generic", trust_administration: "generic", feature_guidance: "generic" },
  ],
  ["How do I upload a file?", { document_analysis: "generic", compliance_guidance: "generic", trust_administration: "generic", feature_guidance: "upload" }],
  [
    "Where do I add document scans?",
    { document_analysis: "generic", compliance_guidance: "generic", trust_administration: "generic", feature_guidance: "upload" },
  ],
  ["How can I share this?", { document_analysis: "share", compliance_guidance: "share", trust_administration: "share", feature_guidance: "share" }],
  ["Can we collaborate on it?", { document_analysis: "share", compliance_guidance: "share", trust_administration: "share", feature_guidance: "share" }],
  [
    "Next distribution please",
    { document_analysis: "generic", compliance_guidance: "generic", trust_administration: "distribution", feature_guidance: "generic" },
  ],
  ["Hello there", { document_analysis: "generic", compliance_guidance: "generic", trust_administration: "generic", feature_guidance: "generic" }],
];

describe("canned replies by keyword and capability (spec section 8)", () => {
  for (const [message, expected] of TABLE) {
    for (const capability of CAPS) {
      it(`"${message}" under ${capability} → ${expected[capability]}`, () => expect(chooseCannedReply(message, capability)).toBe(expected[capability]));
    }
  }

  it("ignores letter case and follows the spec's order when several keywords appear", () => {
    expect(chooseCannedReply("EXPLAIN the COMPLIANCE part", "document_analysis")).toBe("explain");
    expect(chooseCannedReply("compliance of shared files", "document_analysis")).toBe("documentCompliance");
    expect(chooseCannedReply("upload and share", "feature_guidance")).toBe("upload");
    expect(chooseCannedReply("share the distribution", "trust_administration")).toBe("share");
    expect(chooseCannedReply("WHAT DOES it say", "document_analysis")).toBe("explain");
  });

  it("the chips' questions: upload under feature guidance, explain under document analysis", () => {
    expect(chooseCannedReply("How do I upload a document?", "feature_guidance")).toBe("upload");
    expect(chooseCannedReply("Explain this document to me", "document_analysis")).toBe("explain");
    expect(chooseCannedReply("What compliance tasks are due?", "document_analysis")).toBe("documentCompliance");
    expect(chooseCannedReply("What compliance tasks are due?", "compliance_guidance")).toBe("generic");
  });
});

const en = JSON.parse(readFileSync(new URL("../../../../public/locales/en/assistant.json", import.meta.url), "utf8")) as Record<string, string>;
const t = (key: string, options?: Record<string, unknown>) =>
  (en[key] ?? key).replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(options?.[name] ?? ""));
const now = new Date("2026-03-01T10:00:00.000Z");
const reply = (message: string, capability: Capability, document: DocumentInContext | null = null) =>
  cannedReply(message, capability, { t, document, now, id: "m1" });

describe("canned reply messages", () => {
  it("the generic reply offers Upload Document, View Help Topics and Check Compliance", () => {
    const message = reply("hi", "feature_guidance");
    expect(message).toMatchObject({ id: "m1", role: "assistant", timestamp: "2026-03-01T10:00:00.000Z" });
    expect(message.content).toBe(en["canned.generic"]);
    expect(message.suggestedActions).toEqual([
      { label: "Upload Document", action: "upload", icon: "upload" },
      { label: "View Help Topics", action: "help", icon: "help" },
      { label: "Check Compliance", action: "compliance", icon: "compliance" },
    ]);
  });

  it("upload steps link the help centre's upload topic and offer the upload action", () => {
    const message = reply("How do I upload a document?", "feature_guidance");
    expect(message.content).toBe(en["canned.upload"]);
    expect(message.suggestedActions?.map((a) => a.action)).toEqual(["upload"]);
    expect(message.relatedArticles).toEqual([{ title: en["article.upload-documents"], url: "/help#upload-documents" }]);
  });

  it("sharing steps mention view-only and edit permission", () => {
    const message = reply("share it", "compliance_guidance");
    expect(message.content).toMatch(/view-only/);
    expect(message.content).toMatch(/edit permission/);
    expect(message.relatedArticles?.[0].url).toBe("/help#organization");
  });

  it("distribution help and the explanation come with actions", () => {
    expect(reply("distribution", "trust_administration").content).toBe(en["canned.distribution"]);
    expect(reply("distribution", "trust_administration").suggestedActions?.length).toBeGreaterThan(0);
    const explain = reply("explain", "document_analysis");
    expect(explain.content).toBe(en["canned.explain"]);
    expect(explain.suggestedActions?.length).toBeGreaterThan(0);
    expect(reply("compliance", "document_analysis").content).toBe(en["canned.documentCompliance"]);
  });

  it("with a document in context, quotes what its analysis found", () => {
    const document: DocumentInContext = {
      id: "d1",
      title: "Hartwell Family Trust",
      type: "trust",
      keyProvisions: [{ reference: "Article Six", title: "Trustee powers", text: "…" }, { title: "Spendthrift clause" }, { nope: true }],
      complianceRequirements: Array.from({ length: 7 }, (_, i) => ({
        duty: `Duty ${i + 1}`,
        responsibleParty: "Trustee",
        due: i === 0 ? "within 60 days" : null,
      })),
      importantDates: [],
    };
    const explain = reply("What does it say?", "document_analysis", document).content;
    expect(explain).toContain("Hartwell Family Trust");
    expect(explain).toContain("• Article Six — Trustee powers");
    expect(explain).toContain("• Spendthrift clause");
    const compliance = reply("compliance?", "document_analysis", document).content;
    expect(compliance).toContain("• Duty 1 — Trustee — within 60 days");
    expect(compliance).toContain("• Duty 5 — Trustee");
    expect(compliance).not.toContain("Duty 6");
    expect(compliance).toContain("2");
    // An analysis with nothing to quote gives the general text.
    expect(reply("explain", "document_analysis", { ...document, keyProvisions: [] }).content).toBe(en["canned.explain"]);
  });
});
