import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import type { TextSegment } from "../passages";

/** A range of the current version's text that an answer or a finding cites (`?passage=start-end`). */
export interface CitedRange {
  start: number;
  end: number;
}

export interface CitedSegment extends TextSegment {
  /** Inside the cited range. */
  cited?: boolean;
  /** The first piece of the cited range (it carries the scroll target). */
  citedFirst?: boolean;
  /** A later piece of a cut analysis passage (its anchor id stays on the first piece). */
  anchorContinued?: boolean;
}

/** Cuts the text's segments at the cited range's edges and marks the pieces inside it. */
export function splitAtRange(segments: TextSegment[], range: CitedRange | null | undefined): CitedSegment[] {
  if (!range) return segments;
  const result: CitedSegment[] = [];
  let offset = 0;
  let first = true;
  for (const segment of segments) {
    const start = offset;
    const end = offset + segment.text.length;
    offset = end;
    if (end <= range.start || start >= range.end) {
      result.push(segment);
      continue;
    }
    const cutFrom = Math.max(range.start, start) - start;
    const cutTo = Math.min(range.end, end) - start;
    if (cutFrom > 0) result.push({ ...segment, text: segment.text.slice(0, cutFrom) });
    result.push({ ...segment, text: segment.text.slice(cutFrom, cutTo), cited: true, citedFirst: first, anchorContinued: cutFrom > 0 });
    first = false;
    if (cutTo < segment.text.length) result.push({ ...segment, text: segment.text.slice(cutTo), anchorContinued: true });
  }
  return result;
}

export const CITED_ID = "cited-passage";

/** One piece of the document's text: plain, an analysis anchor, cited, or both. */
export function TextPiece({ segment }: { segment: CitedSegment }) {
  const cited = segment.cited ? (
    <mark
      id={segment.citedFirst ? CITED_ID : undefined}
      data-cited="true"
      className="scroll-mt-4 rounded bg-success-soft text-success-soft-foreground outline outline-2 outline-success"
    >
      {segment.text}
    </mark>
  ) : null;
  if (segment.anchor) {
    return (
      <mark
        id={segment.anchorContinued ? undefined : segment.anchor}
        className="scroll-mt-4 rounded bg-warning-soft text-warning-soft-foreground target:outline target:outline-2 target:outline-primary"
      >
        {cited ?? segment.text}
      </mark>
    );
  }
  return cited ?? <span>{segment.text}</span>;
}

/**
 * The passage a citation points at, shown above the document's text with its offsets, and scrolled
 * to inside the text. The range was checked on the server against the current text; a range that no
 * longer fits (the text changed since) is said so rather than guessed at.
 */
export function CitedPassagePanel({ content, range }: { content: string | null; range: CitedRange | null }) {
  const { t } = useTranslation("ai");
  const start = range?.start;
  const end = range?.end;
  useEffect(() => {
    // Once per range (not at each refresh of the page's data while an analysis runs).
    if (start !== undefined && end !== undefined) window.document.getElementById(CITED_ID)?.scrollIntoView({ block: "center" });
  }, [start, end]);
  return (
    <section
      aria-labelledby="cited-heading"
      className="grid gap-2 rounded-lg border-2 border-solid border-success bg-card p-4"
      data-testid="cited-passage-panel"
    >
      <h2 id="cited-heading" className="m-0 text-lg">
        {t("citedPassage.heading")}
      </h2>
      {range && content ? (
        <>
          <p className="m-0 text-xs text-muted-foreground" data-testid="cited-range">
            {t("citedPassage.range", { start: range.start, end: range.end })}
          </p>
          {/* Scrollable: reachable and scrollable by keyboard, and named for screen readers. */}
          <blockquote
            tabIndex={0}
            aria-label={t("citedPassage.heading")}
            className="m-0 max-h-48 overflow-y-auto whitespace-pre-wrap border-l-4 border-l-solid border-success pl-3 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            data-testid="cited-passage-text"
          >
            {content.slice(range.start, range.end)}
          </blockquote>
          <a href={`#${CITED_ID}`} className="text-sm">
            {t("citedPassage.show")}
          </a>
        </>
      ) : (
        <p className="m-0 text-sm text-muted-foreground">{t("citedPassage.notFound")}</p>
      )}
    </section>
  );
}
