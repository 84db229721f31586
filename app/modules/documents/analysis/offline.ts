import { ageEvents, findInstrumentDate, importantDates } from "./dates";
import { type AnalysisHints, detectType } from "./document-type";
import { dutyDeadlines, findDuties } from "./duties";
import { findGoverningLaw } from "./governing-law";
import { findParties } from "./parties";
import { findProvisions } from "./provisions";
import type { AnalysisFindings, DocumentAnalysis } from "./schema";
import { summarise } from "./summary";
import { parseClauses, type Sentence, splitSentences } from "./text-structure";

export type { AnalysisHints } from "./document-type";

/**
 * The embedded analyzer: plain rules that really read the instrument (clauses, parties and their
 * shares, duties with deadlines and citations, dates through chrono-node, governing law). It never
 * sends the text anywhere, runs in the Worker in milliseconds, and says it is the offline engine.
 * Each kind of finding has its own module beside this one.
 */
export const OFFLINE_ENGINE_VERSION = "1";
/** Beyond this many characters the offline reader stops and marks the analysis as truncated. */
export const OFFLINE_MAX_CHARS = 600_000;

export function analyzeOffline(fullText: string, hints: AnalysisHints = {}): DocumentAnalysis {
  const truncated = fullText.length > OFFLINE_MAX_CHARS;
  const text = truncated ? fullText.slice(0, OFFLINE_MAX_CHARS) : fullText;
  const { heading, clauses } = parseClauses(text);
  const sentences: Sentence[] = clauses.flatMap((clause) => splitSentences(clause.body).map((sentence) => ({ text: sentence, clause })));
  const documentType = detectType(heading, hints, text);

  const parties = findParties(text, sentences, documentType);
  const { provisions, kinds } = findProvisions(clauses);
  const complianceRequirements = findDuties(sentences);
  const instrumentDate = findInstrumentDate(sentences);
  const governingLaw = findGoverningLaw(text);
  const ageDates = sentences.flatMap(ageEvents);

  const name = heading ?? hints.title ?? "This document";
  const ages = ageDates.map((event) => Number(/turns (\d+)/.exec(event.description)?.[1])).filter(Boolean);
  const findings: AnalysisFindings = {
    documentType,
    summary: summarise({ name, type: documentType, instrumentDate, governingLaw, parties, kinds, clauses, duties: complianceRequirements, ages }),
    governingLaw,
    instrumentDate,
    keyProvisions: provisions,
    complianceRequirements,
    importantDates: importantDates(sentences, ageDates, dutyDeadlines(complianceRequirements)),
    parties,
    // The offline engine's edits are read where they are applied (instruments/edits.ts), from the same text.
    edits: [],
  };
  return { ...findings, engine: { id: "offline", model: null, version: OFFLINE_ENGINE_VERSION }, truncated };
}
