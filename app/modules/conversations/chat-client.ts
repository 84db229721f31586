/** The browser's side of the chat API: calls, and the addresses the chat screen builds. */
import { apiFetch, ApiError } from "~/platform/api-fetch";
import type { MessageView } from "./views";

/**
 * Calls the chat API; a refusal becomes an Error carrying the server's sentence (the house error
 * shape's `error`), else "<status>: <status text>".
 */
export async function chatApi<T = Record<string, unknown>>(method: string, url: string, body?: unknown): Promise<T> {
  let json: { success?: boolean; error?: string } & T;
  try {
    json = await apiFetch<{ success?: boolean; error?: string } & T>(url, { method, body });
  } catch (error) {
    if (error instanceof ApiError) throw new Error(error.error || `${error.status}: ${error.statusText}`);
    throw error;
  }
  if (json.success === false) throw new Error(json.error || "Request failed");
  return json;
}

export interface MessagePage {
  messages: MessageView[];
  hasOlder: boolean;
}

/** One page of a channel's messages: the newest, or those before `before`; of one topic or all. */
export function messagesUrl(channelId: string, { topicId, before }: { topicId?: string | null; before?: number } = {}) {
  const query = new URLSearchParams();
  if (before !== undefined) query.set("before", String(before));
  if (topicId) query.set("topicId", topicId);
  const search = query.toString();
  return `/api/chat/channels/${channelId}/messages${search ? `?${search}` : ""}`;
}

/** The topic on screen goes into the address (so a reload or a shared link opens it) without a navigation. */
export function showTopicInAddress(topicId: string | null) {
  const url = new URL(window.location.href);
  if (topicId) url.searchParams.set("topic", topicId);
  else url.searchParams.delete("topic");
  window.history.replaceState(window.history.state, "", url);
}
