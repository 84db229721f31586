import { describe, expect, it } from "vitest";
import { serverT } from "~/i18n.server";
import { answerOffline } from "./answer-offline";
import { detectIntent } from "./intents";
import type { Passage } from "./passages";
import { fixtureDocument } from "./test-fixtures";

const t = serverT("ai", "en");
const trust = fixtureDocument("trust", { title: "Hartwell Family Trust" });
const amendment = fixtureDocument("amendment", { title: "First Amendment" });
const poa = fixtureDocument("poa", { title: "Okafor Power of Attorney" });

/** Every citation's offsets must cut exactly its text out of its document. */
function expectExact(citations: Passage[]) {
  const docs = [trust, amendment, poa];
  for (const c of citations) {
    const doc = docs.find((d) => d.id === c.documentId)!;
    expect(doc.content.slice(c.start, c.end)).toBe(c.text);
  }
}

describe("intents", () => {
  it("reads what a question asks for", () => {
    expect(detectIntent("Who are the trustees?", "feature_guidance")).toEqual({ kind: "parties", roles: ["trustee", "successor_trustee"] });
    expect(detectIntent("Who is the successor trustee?", "document_analysis")).toEqual({ kind: "parties", roles: ["successor_trustee"] });
    expect(detectIntent("¿Quiénes son los beneficiarios?", "document_analysis")).toEqual({ kind: "parties", roles: ["beneficiary"] });
    expect(detectIntent("When must the trustee file the tax returns?", "document_analysis").kind).toBe("duties");
    expect(detectIntent("What compliance tasks are due?", "compliance_guidance").kind).toBe("duties");
    expect(detectIntent("What are the important dates?", "document_analysis").kind).toBe("dates");
    expect(detectIntent("Which state's law governs this trust?", "document_analysis").kind).toBe("governing_law");
    expect(detectIntent("Explain this document to me", "document_analysis").kind).toBe("summary");
    expect(detectIntent("How do I upload a document?", "feature_guidance").kind).toBe("how_to");
    expect(detectIntent("spendthrift", "document_analysis").kind).toBe("general");
  });
});

describe("offline answers", () => {
  it("names the trustees of each instrument from its analysis, cited to the clause that names them, and says it quotes", () => {
    const draft = answerOffline({
      intent: detectIntent("Who are the trustees?", "document_analysis"),
      documents: [trust, amendment],
      passages: [],
      t,
      language: "en",
    });
    expect(draft.found).toBe(true);
    expect(draft.body).toContain("Hartwell Family Trust:");
    expect(draft.body).toContain("• Trustees: Eleanor M. Hartwell, Thomas J. Hartwell");
    expect(draft.body).toMatch(/Successor trustees, in order: Margaret A\. Hartwell-Chen \(1\), First Pacific Trust Company \(2\) \[\d\]/);
    expect(draft.body).toMatch(/First Amendment:\n• Trustees: .*\n• Successor trustees, in order: Daniel R\. Hartwell \(1\)/);
    expect(draft.body).toContain("Offline engine: these lines quote your documents");
    const successor = draft.citations.find((c) => c.text.startsWith("1.3 Successor Trustees."));
    expect(successor?.documentId).toBe(trust.id);
    expectExact(draft.citations);
  });

  it("lists duties with who and when, citing the exact sentence", () => {
    const draft = answerOffline({ intent: { kind: "duties" }, documents: [trust], passages: [], t, language: "en" });
    expect(draft.body).toContain("File all fiduciary income tax returns");
    expect(draft.body).toContain("when: on or before April 15 of each year");
    const tax = draft.citations.find((c) => c.text.includes("IRS Form 1041"))!;
    expect(tax.text).toBe(
      "The trustee shall file all fiduciary income tax returns, including IRS Form 1041 and California Form 541, on or before April 15 of each year, and shall furnish a Schedule K-1 to each beneficiary.",
    );
    expectExact(draft.citations);
  });

  it("narrows duties and dates to the question's subject, across documents", () => {
    const draft = answerOffline({ intent: { kind: "dates" }, documents: [trust, amendment], passages: [], subjectTerms: ["tax", "return"], t, language: "en" });
    expect(draft.citations.map((c) => c.text)).toEqual([expect.stringContaining("fiduciary income tax returns")]);
    expect(draft.body).not.toContain("First Amendment:");
  });

  it("lists dates in the asker's language and open compliance items", () => {
    const draft = answerOffline({
      intent: { kind: "duties" },
      documents: [poa],
      passages: [],
      complianceItems: [{ title: "File Form 1041", dueAt: new Date("2027-04-15T00:00:00Z"), responsibleParty: "Trustee" }],
      t,
      language: "en",
    });
    expect(draft.body).toContain("Open compliance items:\n• File Form 1041 — due April 15, 2027; who: Trustee");
    const dates = answerOffline({ intent: { kind: "dates" }, documents: [trust], passages: [], t: serverT("ai", "de"), language: "de" });
    expect(dates.body).toContain("14. März 2019");
    expect(dates.body).toContain("Offline-Engine");
  });

  it("quotes the retrieved passages when the analysis has nothing to add, and says so when nothing is found", () => {
    const span = trust.spans.find((s) => trust.content.slice(s.start, s.end).startsWith("6.1 Spendthrift"))!;
    const passage: Passage = { documentId: trust.id, documentTitle: trust.title, ...span, text: trust.content.slice(span.start, span.end) };
    const draft = answerOffline({ intent: { kind: "general" }, documents: [trust], passages: [passage], t, language: "en" });
    expect(draft.body).toContain("These passages match your question best:\n• “6.1 Spendthrift Clause. No beneficiary may anticipate");
    expect(draft.body).toContain("” — Hartwell Family Trust [1]");
    expect(draft.citations).toEqual([passage]);
    const nothing = answerOffline({ intent: { kind: "general" }, documents: [trust], passages: [], t, language: "en" });
    expect(nothing).toEqual({ body: t("offline.nothingFound"), citations: [], found: false });
  });
});

describe("summary questions", () => {
  it("takes only whole-document questions as asking for the summary", () => {
    expect(detectIntent("Summarize this trust in plain English", "document_analysis").kind).toBe("summary");
    expect(detectIntent("What does the spendthrift clause say?", "document_analysis").kind).toBe("general");
    expect(detectIntent("Explain the no-contest clause", "document_analysis").kind).toBe("general");
  });
});
