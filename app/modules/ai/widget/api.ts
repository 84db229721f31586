import { apiFetch } from "~/platform/api-fetch";
import { readAction, readArticle, readCitation } from "./session";
import type { ChatMessage, ChatRequestBody } from "./types";

export const CHAT_ENDPOINT = "/api/ai/chat";

/** A slow model must not keep the input locked for ever: after this the canned reply is used. */
export const CHAT_TIMEOUT_MS = 90_000;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
const nonEmpty = (value: unknown): value is string => typeof value === "string" && value.trim() !== "";

/**
 * The assistant message in a server answer. The answer is `{ success: true, message: { id, role,
 * content, timestamp, suggestedActions, relatedArticles, citations, engine } }`; the same fields at
 * the top level are accepted too. Anything without content, or `success: false`, is no answer.
 */
export function parseAssistantReply(json: unknown, fallback: { id: string; now: Date }): ChatMessage | null {
  if (!isObject(json) || json.success === false) return null;
  const source = isObject(json.message) ? json.message : json;
  const content = nonEmpty(source.content) ? source.content : nonEmpty(json.message) ? json.message : nonEmpty(source.response) ? source.response : null;
  if (!content) return null;
  const timestamp = nonEmpty(source.timestamp) && !Number.isNaN(Date.parse(source.timestamp)) ? source.timestamp : fallback.now.toISOString();
  const reply: ChatMessage = {
    id: nonEmpty(source.id) ? source.id : fallback.id,
    role: "assistant",
    content,
    timestamp,
  };
  const items = <T>(value: unknown, read: (item: Record<string, unknown>) => T | null): T[] =>
    Array.isArray(value) ? value.flatMap((item) => (isObject(item) ? (read(item) ?? []) : [])) : [];
  const actions = items(source.suggestedActions, readAction);
  if (actions.length) reply.suggestedActions = actions;
  const articles = items(source.relatedArticles, readArticle);
  if (articles.length) reply.relatedArticles = articles;
  const citations = items(source.citations, readCitation);
  if (citations.length) reply.citations = citations;
  if (nonEmpty(source.engine)) reply.engine = source.engine;
  return reply;
}

/**
 * POST /api/ai/chat (spec section 7): JSON body, cookies sent. Resolves to the assistant's message,
 * or to null on any failure (network error, timeout, non-OK status, unreadable body), after which
 * the caller answers with a canned reply and shows no error (spec section 8).
 */
export async function requestAssistantReply(
  body: ChatRequestBody,
  options: { fetch?: typeof fetch; id: string; now: () => Date; timeoutMs?: number },
): Promise<ChatMessage | null> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? CHAT_TIMEOUT_MS);
  try {
    const json = await apiFetch(CHAT_ENDPOINT, { method: "POST", body, credentials: "include", signal: controller.signal, fetch: options.fetch });
    return parseAssistantReply(json, { id: options.id, now: options.now() });
  } catch {
    // Any ApiError (non-OK, not JSON), network error or timeout: the caller's canned reply, silently.
    return null;
  } finally {
    clearTimeout(timer);
  }
}
