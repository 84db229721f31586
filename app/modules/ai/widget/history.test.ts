import { describe, expect, it } from "vitest";
import { historyFile, historyFileName, historyToJson, historyToText, type HistoryLabels } from "./history";
import type { ChatSession } from "./types";

const labels: HistoryLabels = {
  title: "AI Assistant chat history",
  session: "Session",
  started: "Started",
  exported: "Exported",
  you: "You",
  assistant: "AI Assistant",
  about: "About",
  actions: "Suggested actions",
  related: "Related article",
  sources: "Source",
  empty: "No messages yet.",
};
const iso = (s: string) => s;

const session: ChatSession = {
  id: "doc_abc",
  context: { sessionStart: "2026-03-01T10:00:00.000Z" },
  messages: [
    {
      id: "1",
      role: "user",
      content: "Explain this document to me",
      timestamp: "2026-03-01T10:00:05.000Z",
      documentContext: { documentId: "abc", documentName: "Hartwell Trust", documentType: "trust" },
    },
    {
      id: "2",
      role: "assistant",
      content: "Line one\nLine two",
      timestamp: "2026-03-01T10:00:06.000Z",
      suggestedActions: [{ label: "Check Compliance", action: "compliance", icon: "compliance" }],
      relatedArticles: [{ title: "Document analysis", url: "/help#analysis" }],
      citations: [{ documentId: "abc", documentTitle: "Hartwell Trust", excerpt: "The Trustee shall", url: "/documents/abc?passage=p1" }],
    },
  ],
};

describe("history download (spec sections 2 and 9)", () => {
  it("is named chat-history-{sessionId}, .txt by default", () => {
    expect(historyFileName("page__documents")).toBe("chat-history-page__documents.txt");
    expect(historyFileName("doc_abc", "json")).toBe("chat-history-doc_abc.json");
    expect(historyFileName('a:b*c?"d')).toBe("chat-history-a_b_c__d.txt");
  });

  it("JSON is the stored session", () => {
    expect(JSON.parse(historyToJson(session))).toEqual(session);
    const file = historyFile(session, "json", { labels, formatTime: iso, exportedAt: new Date(0) });
    expect(file.fileName).toBe("chat-history-doc_abc.json");
    expect(file.mimeType).toBe("application/json");
  });

  it("text is a readable transcript with who, when, what, actions, articles and sources", () => {
    const text = historyToText(session, labels, iso, new Date("2026-03-02T00:00:00.000Z"));
    expect(text).toBe(
      [
        "AI Assistant chat history",
        "Session: doc_abc",
        "Started: 2026-03-01T10:00:00.000Z",
        "Exported: 2026-03-02T00:00:00.000Z",
        "",
        "[2026-03-01T10:00:05.000Z] You:",
        "  (About: Hartwell Trust)",
        "  Explain this document to me",
        "",
        "[2026-03-01T10:00:06.000Z] AI Assistant:",
        "  Line one",
        "  Line two",
        "  Suggested actions: Check Compliance",
        "  Related article: Document analysis </help#analysis>",
        "  Source: Hartwell Trust — “The Trustee shall” </documents/abc?passage=p1>",
        "",
      ].join("\n"),
    );
    expect(historyFile(session, "txt", { labels, formatTime: iso, exportedAt: new Date(0) }).fileName).toBe("chat-history-doc_abc.txt");
  });

  it("an empty session says so", () => {
    expect(historyToText({ ...session, messages: [] }, labels, iso, new Date(0))).toContain("No messages yet.");
  });
});
