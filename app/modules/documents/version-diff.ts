import { diffLines, diffWords } from "diff";

export type DiffPart = { kind: "same" | "added" | "removed"; text: string };

export interface VersionDiff {
  parts: DiffPart[];
  /** "words" normally; "lines" when the texts differ too much for a word-by-word comparison in time. */
  granularity: "words" | "lines";
  added: number;
  removed: number;
}

/** Past this many edits a word diff stops being readable (and costly); lines are compared instead. */
const MAX_WORD_EDITS = 4000;
const WORD_DIFF_TIMEOUT_MS = 1500;

/**
 * Compares two versions' texts passage by passage with jsdiff. Words first, because legal edits are
 * often a name or a date inside a long clause; lines when the texts are too different for that.
 * Neighbouring parts of the same kind are merged so the page shows whole passages.
 */
export function compareTexts(before: string, after: string): VersionDiff {
  const a = normalise(before);
  const b = normalise(after);
  let granularity: VersionDiff["granularity"] = "words";
  let changes = diffWords(a, b, { maxEditLength: MAX_WORD_EDITS, timeout: WORD_DIFF_TIMEOUT_MS });
  if (!changes) {
    granularity = "lines";
    changes = diffLines(a, b);
  }
  const parts: DiffPart[] = [];
  let added = 0;
  let removed = 0;
  for (const change of changes) {
    const kind: DiffPart["kind"] = change.added ? "added" : change.removed ? "removed" : "same";
    if (kind === "added") added += change.count ?? 1;
    if (kind === "removed") removed += change.count ?? 1;
    const last = parts[parts.length - 1];
    if (last && last.kind === kind) last.text += change.value;
    else parts.push({ kind, text: change.value });
  }
  return { parts, granularity, added, removed };
}

/** Line endings and trailing spaces are not changes a reader cares about. */
function normalise(text: string): string {
  return text.replace(/\r\n?/g, "\n").replace(/[ \t]+\n/g, "\n");
}

export type ShownPart = DiffPart | { kind: "collapsed"; head: string; tail: string; hiddenLines: number };

/** Long unchanged passages are shortened to the few lines next to each change. */
export function collapseUnchanged(parts: DiffPart[], keepLines = 3): ShownPart[] {
  return parts.map((part, index) => {
    if (part.kind !== "same") return part;
    const lines = part.text.split("\n");
    const head = index === 0 ? 0 : keepLines;
    const tail = index === parts.length - 1 ? 0 : keepLines;
    if (lines.length <= head + tail + 2) return part;
    return {
      kind: "collapsed",
      head: lines.slice(0, head).join("\n"),
      tail: lines.slice(lines.length - tail).join("\n"),
      hiddenLines: lines.length - head - tail,
    };
  });
}
