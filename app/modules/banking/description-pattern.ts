/**
 * A rule's "matches" pattern (issue 42): a person's regular expression, run on every transaction of an import, an
 * apply and a preview. JavaScript's engine backtracks (`^a{4}(a|a)*$` over 30 characters held the Worker for
 * seconds), so patterns run on RE2's linear-time automaton (re2js, ADR 0045) and a pattern's compiled program is
 * bounded, so a match costs at most about PROGRAM_LIMIT steps per character of a description's first
 * MATCHED_LENGTH characters. Server-side only: the client's form checks the syntax alone (rule-changes.ts).
 */
import { RE2JS } from "re2js";

/** Instructions one pattern may compile to: ~1 ms over a 1 KiB description on this machine, whatever its shape. */
export const PROGRAM_LIMIT = 120;
/** A description is matched on its first 1,024 characters (imports cap it there; older rows may be longer). */
export const MATCHED_LENGTH = 1024;

export type PatternProblem = { kind: "invalid"; reason: string } | { kind: "tooComplex" };

interface Compiled {
  pattern: RE2JS | null;
  problem: PatternProblem | null;
}

/** Compiled patterns, by their text: a rule runs over many transactions. Values only (ADR 0044), and bounded. */
const compiled = new Map<string, Compiled>();
const KEPT = 500;

function compile(source: string): Compiled {
  const kept = compiled.get(source);
  if (kept) return kept;
  let result: Compiled;
  try {
    const pattern = RE2JS.compile(source, RE2JS.CASE_INSENSITIVE);
    result = pattern.programSize() > PROGRAM_LIMIT ? { pattern: null, problem: { kind: "tooComplex" } } : { pattern, problem: null };
  } catch (error) {
    // RE2's own sentence ("invalid or unsupported Perl syntax: `(?=`"): it names the part that cannot be used.
    const reason = (error instanceof Error ? error.message : String(error)).replace(/^error parsing regexp:\s*/, "");
    result = { pattern: null, problem: { kind: "invalid", reason } };
  }
  if (compiled.size >= KEPT) compiled.delete(compiled.keys().next().value!);
  compiled.set(source, result);
  return result;
}

/** Why a pattern cannot be saved or previewed, or null when it can. */
export function descriptionPatternProblem(source: string): PatternProblem | null {
  return compile(source).problem;
}

/** Whether a description matches; a pattern that cannot be used (saved before these limits) matches nothing. */
export function descriptionMatches(source: string, description: string): boolean {
  const { pattern } = compile(source);
  return pattern ? pattern.matcher(description.slice(0, MATCHED_LENGTH)).find() : false;
}
