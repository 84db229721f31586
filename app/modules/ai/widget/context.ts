import { isCapability } from "./capability";
import type { AiContext, DocumentContext, DocumentInContext } from "./types";

/** Spec section 3: the defaults of a message's document context. */
export const DEFAULT_DOCUMENT_NAME = "Current Document";
export const DEFAULT_DOCUMENT_TYPE = "Trust Document";

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const text = (value: unknown): string | null => (typeof value === "string" && value.trim() ? value : null);

/** The document page's path: /documents/{id}. */
const DOCUMENT_PAGE = /^\/documents\/[^/]+\/?$/;

interface MatchLike {
  id: string;
  pathname: string;
  data: unknown;
  handle?: unknown;
}

/**
 * The document on screen, read from the route matches: the document page's loader returns
 * `{ document: { id, title, type, … }, analysis: { result: { keyProvisions, complianceRequirements,
 * importantDates, … } } | null }`. Nothing else is a document in context.
 */
export function documentFromMatches(matches: readonly MatchLike[]): DocumentInContext | null {
  for (let i = matches.length - 1; i >= 0; i--) {
    const match = matches[i];
    if (!DOCUMENT_PAGE.test(match.pathname) || !isObject(match.data)) continue;
    const document = match.data.document;
    if (!isObject(document) || !text(document.id)) continue;
    const analysis = isObject(match.data.analysis) ? match.data.analysis : null;
    const result = analysis && isObject(analysis.result) ? analysis.result : {};
    return {
      id: document.id as string,
      title: text(document.title),
      type: text(document.type),
      keyProvisions: list(result.keyProvisions),
      complianceRequirements: list(result.complianceRequirements),
      importantDates: list(result.importantDates),
    };
  }
  return null;
}

/** A capability a page may ask for through its route handle ({ assistantCapability }), the deepest first. */
export function capabilityFromMatches(matches: readonly MatchLike[]) {
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i].handle;
    if (isObject(handle) && isCapability(handle.assistantCapability)) return handle.assistantCapability;
  }
  return null;
}

/** Spec section 3: documentName defaults to "Current Document", documentType to "Trust Document". */
export function documentContextOf(document: DocumentInContext): DocumentContext {
  return {
    documentId: document.id,
    documentName: document.title ?? DEFAULT_DOCUMENT_NAME,
    documentType: document.type ?? DEFAULT_DOCUMENT_TYPE,
  };
}

/**
 * What the widget sends of a list of the analysis: the server re-reads the analysis itself (with the
 * asker's rights) and never uses these lists for retrieval, so a bounded sample keeps a long trust's
 * request small: at most this many items per list, each text at most this many characters.
 */
export const CONTEXT_LIST_MAX = 30;
export const CONTEXT_TEXT_MAX = 500;
const CONTEXT_DEPTH_MAX = 4;

/** A copy of a value with every list cut to CONTEXT_LIST_MAX items and every text to CONTEXT_TEXT_MAX characters. */
export function boundedForContext(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return value.length > CONTEXT_TEXT_MAX ? value.slice(0, CONTEXT_TEXT_MAX) : value;
  if (value === null || typeof value !== "object") return typeof value === "number" || typeof value === "boolean" ? value : null;
  if (depth >= CONTEXT_DEPTH_MAX) return null;
  if (Array.isArray(value)) return value.slice(0, CONTEXT_LIST_MAX).map((item) => boundedForContext(item, depth + 1));
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value).slice(0, CONTEXT_LIST_MAX)) copy[key] = boundedForContext(item, depth + 1);
  return copy;
}

const boundedList = (items: unknown[]): unknown[] => boundedForContext(items) as unknown[];

/** Spec section 3 "AI context sent": always sessionId, currentPage, timestamp; for a document, what its analysis found. */
export function buildAiContext({
  sessionId,
  pathname,
  now,
  document,
}: {
  sessionId: string;
  pathname: string;
  now: Date;
  document: DocumentInContext | null;
}): AiContext {
  const context: AiContext = { sessionId, currentPage: pathname, timestamp: now.toISOString() };
  if (!document) return context;
  const { documentId, documentName, documentType } = documentContextOf(document);
  return {
    ...context,
    documentId,
    documentName,
    documentType,
    keyProvisions: boundedList(document.keyProvisions),
    complianceRequirements: boundedList(document.complianceRequirements),
    importantDates: boundedList(document.importantDates),
  };
}
