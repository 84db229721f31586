import { DEFAULT_DOCUMENT_NAME, DEFAULT_DOCUMENT_TYPE } from "./context";
import type { ChatMessage, ChatSession, Citation, DocumentContext, RelatedArticle, SuggestedAction } from "./types";

/**
 * Spec section 3: each session lives in local storage under its own key, chat-session-…. A browser
 * may be shared (a family computer), so the key also names whose conversation it is:
 * chat-session-{userId}:{workspaceId}:{sessionId} signed in, chat-session-anon:{sessionId} signed
 * out. The session id itself (doc_{id} or page_…) is the spec's, unchanged.
 */
export const SESSION_KEY_PREFIX = "chat-session-";

/** The owner part of the key for a signed-out visitor. */
export const ANON_OWNER = "anon";

/** Whom the widget's sessions belong to, from the root loader's user (null signed out). */
export interface SessionOwner {
  id: string;
  workspace?: { id: string } | null;
}

/** The key's namespace: {userId}:{workspaceId} (a user may be in several workspaces), or anon. */
export function storageScope(user: SessionOwner | null | undefined): string {
  if (!user) return ANON_OWNER;
  return `${user.id}:${user.workspace?.id ?? "none"}`;
}

/** The prefix shared by every key of one person (any workspace), or of signed-out visitors. */
export function ownerKeyPrefix(user: SessionOwner | null | undefined): string {
  return `${SESSION_KEY_PREFIX}${user ? user.id : ANON_OWNER}:`;
}

/**
 * The chat sessions stored in this browser that are not this person's: another user's, a signed-out
 * visitor's seen by someone signed in (or the reverse), and keys from before they were namespaced.
 */
export function foreignSessionKeys(keys: Iterable<string>, user: SessionOwner | null | undefined): string[] {
  const own = ownerKeyPrefix(user);
  return [...keys].filter((key) => key.startsWith(SESSION_KEY_PREFIX) && !key.startsWith(own));
}

export interface ListableStorage {
  readonly length: number;
  key(index: number): string | null;
  removeItem(key: string): void;
}

/** Removes the sessions that are not this person's (see foreignSessionKeys); how many it removed. */
export function removeForeignSessions(storage: ListableStorage | null, user: SessionOwner | null | undefined): number {
  if (!storage) return 0;
  try {
    const keys: string[] = [];
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i);
      if (key !== null) keys.push(key);
    }
    const foreign = foreignSessionKeys(keys, user);
    for (const key of foreign) storage.removeItem(key);
    return foreign.length;
  } catch {
    return 0;
  }
}

/** A session keeps its latest messages only, so that local storage (about 5 MB per site) never fills up. */
export const MAX_STORED_MESSAGES = 200;

/** Spec section 3: doc_{documentId} with a document in context, else page_ + the path with "/" as "_". */
export function sessionIdFor(pathname: string, documentId?: string | null): string {
  if (documentId) return `doc_${documentId}`;
  return `page_${pathname.replace(/\//g, "_")}`;
}

export function sessionStorageKey(sessionId: string, scope: string): string {
  return `${SESSION_KEY_PREFIX}${scope}:${sessionId}`;
}

export function newSession(id: string, now: Date): ChatSession {
  return { id, messages: [], context: { sessionStart: now.toISOString() } };
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
const isString = (value: unknown): value is string => typeof value === "string";

function listOf<T>(value: unknown, read: (item: Record<string, unknown>) => T | null): T[] | undefined {
  if (!Array.isArray(value)) return undefined;
  return value.flatMap((item) => {
    const read1 = isObject(item) ? read(item) : null;
    return read1 ? [read1] : [];
  });
}

export const readAction = (a: Record<string, unknown>): SuggestedAction | null =>
  isString(a.label) && isString(a.action) ? { label: a.label, action: a.action, icon: isString(a.icon) ? a.icon : a.action } : null;
export const readArticle = (a: Record<string, unknown>): RelatedArticle | null =>
  isString(a.title) && isString(a.url) ? { title: a.title, url: a.url } : null;
export const readCitation = (c: Record<string, unknown>): Citation | null =>
  isString(c.url) && (isString(c.documentTitle) || isString(c.excerpt))
    ? {
        documentId: isString(c.documentId) ? c.documentId : "",
        documentTitle: isString(c.documentTitle) ? c.documentTitle : "",
        excerpt: isString(c.excerpt) ? c.excerpt : "",
        url: c.url,
      }
    : null;

function readDocumentContext(value: unknown): DocumentContext | undefined {
  if (!isObject(value) || !isString(value.documentId)) return undefined;
  return {
    documentId: value.documentId,
    // Spec section 3: the defaults when a stored message lacks them.
    documentName: isString(value.documentName) && value.documentName ? value.documentName : DEFAULT_DOCUMENT_NAME,
    documentType: isString(value.documentType) && value.documentType ? value.documentType : DEFAULT_DOCUMENT_TYPE,
  };
}

/** One stored message, or null when it is not one (a hand-edited or older entry). */
export function readMessage(value: unknown): ChatMessage | null {
  if (!isObject(value)) return null;
  const { id, role, content, timestamp } = value;
  if (!isString(id) || (role !== "user" && role !== "assistant") || !isString(content) || !isString(timestamp)) return null;
  const message: ChatMessage = { id, role, content, timestamp };
  const documentContext = readDocumentContext(value.documentContext);
  if (documentContext) message.documentContext = documentContext;
  const suggestedActions = listOf(value.suggestedActions, readAction);
  if (suggestedActions?.length) message.suggestedActions = suggestedActions;
  const relatedArticles = listOf(value.relatedArticles, readArticle);
  if (relatedArticles?.length) message.relatedArticles = relatedArticles;
  const citations = listOf(value.citations, readCitation);
  if (citations?.length) message.citations = citations;
  if (isString(value.engine)) message.engine = value.engine;
  return message;
}

/** A stored session, or null when the entry is missing or is not a session of this id. */
export function parseSession(raw: string | null, id: string): ChatSession | null {
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!isObject(value) || value.id !== id || !Array.isArray(value.messages)) return null;
  const start = isObject(value.context) && isString(value.context.sessionStart) ? value.context.sessionStart : null;
  if (!start) return null;
  return { id, messages: value.messages.flatMap((m) => readMessage(m) ?? []), context: { sessionStart: start } };
}

export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/**
 * Sessions in local storage. When storage is missing, blocked or full, the conversation still works
 * for as long as the page stays open (an in-memory copy), it is just not remembered.
 */
export function createSessionStore(storage: StorageLike | null, scope: string) {
  const memory = new Map<string, ChatSession>();

  function load(id: string, now: Date): ChatSession {
    let stored: ChatSession | null = null;
    try {
      stored = storage ? parseSession(storage.getItem(sessionStorageKey(id, scope)), id) : null;
    } catch {
      stored = null;
    }
    return stored ?? memory.get(id) ?? newSession(id, now);
  }

  function save(session: ChatSession): ChatSession {
    const kept = session.messages.length > MAX_STORED_MESSAGES ? { ...session, messages: session.messages.slice(-MAX_STORED_MESSAGES) } : session;
    memory.set(kept.id, kept);
    try {
      storage?.setItem(sessionStorageKey(kept.id, scope), JSON.stringify(kept));
    } catch {
      // Quota exceeded or storage disabled: the in-memory copy above still serves this page.
    }
    return kept;
  }

  /** Adds a message to a session as stored now (another tab or an earlier reply may have added some). */
  function append(id: string, message: ChatMessage, now: Date): ChatSession {
    const session = load(id, now);
    return save({ ...session, messages: [...session.messages, message] });
  }

  return { scope, load, save, append };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
