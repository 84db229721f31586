// Test helper (imported only by *.test.ts): the sample instruments, read and analysed by the offline engine.
import { readFileSync } from "node:fs";
import { analyzeOffline } from "~/modules/documents/analysis/offline";
import { sourceDocument, type SourceDocument } from "./sources";

export const FIXTURES = {
  trust: "hartwell-family-trust.txt",
  amendment: "hartwell-trust-first-amendment.txt",
  poa: "okafor-durable-power-of-attorney.txt",
} as const;

export function fixtureText(name: string): string {
  return readFileSync(new URL(`../../../tests/fixtures/documents/${name}`, import.meta.url), "utf8");
}

/** A fixture as the assistant sees a stored document: its text and the offline analysis of it. */
export function fixtureDocument(key: keyof typeof FIXTURES, overrides: { id?: string; title?: string; content?: string } = {}): SourceDocument {
  const content = overrides.content ?? fixtureText(FIXTURES[key]);
  const analysis = analyzeOffline(content, { title: overrides.title ?? key });
  return sourceDocument({ id: overrides.id ?? `${key}-id`, title: overrides.title ?? key, type: analysis.documentType, content, analysis });
}
