import { describe, expect, it } from "vitest";
import { serverT } from "~/i18n.server";
import { HELP_FIRST_SCORE, helpFirst, matchHelpTopics } from "./help-answer";
import { detectIntent } from "./intents";

const helpT = serverT("help", "en");
const decide = (question: string, capability: "feature_guidance" | "document_analysis") =>
  helpFirst(capability, detectIntent(question, capability).kind, matchHelpTopics(question, helpT));

describe("which questions the help centre answers first", () => {
  it("a product question on a feature-guidance page, even when it is not worded as a how-to", () => {
    const question = "Is my data encrypted and secure?";
    expect(detectIntent(question, "feature_guidance").kind).not.toBe("how_to");
    expect(matchHelpTopics(question, helpT)[0]).toMatchObject({ topic: "security" });
    expect(matchHelpTopics(question, helpT)[0].score).toBeGreaterThanOrEqual(HELP_FIRST_SCORE);
    expect(decide(question, "feature_guidance")).toBe(true);
  });

  it("how-to questions everywhere; other questions about the documents go to the documents", () => {
    expect(decide("How do I upload a document?", "document_analysis")).toBe(true);
    expect(decide("Is my data encrypted and secure?", "document_analysis")).toBe(false);
    expect(decide("Who are the successor trustees?", "feature_guidance")).toBe(false);
    expect(decide("What does the spendthrift clause say?", "feature_guidance")).toBe(false);
  });
});
