import type { ChatSession } from "./types";

/** Spec section 2 and 9: the history downloads as text by default, or as JSON. */
export const HISTORY_FORMATS = ["txt", "json"] as const;
export type HistoryFormat = (typeof HISTORY_FORMATS)[number];

/** chat-history-{sessionId}.txt or .json; characters no file system accepts become "_". */
export function historyFileName(sessionId: string, format: HistoryFormat = "txt"): string {
  // eslint-disable-next-line no-control-regex -- control characters are among those no file system accepts
  return `chat-history-${sessionId.replace(/[\\/:*?"<>|\u0000-\u001f]/g, "_")}.${format}`;
}

/** The words of the text file, in the reader's language. */
export interface HistoryLabels {
  title: string;
  session: string;
  started: string;
  exported: string;
  you: string;
  assistant: string;
  about: string;
  actions: string;
  related: string;
  sources: string;
  empty: string;
}

/** The session exactly as stored (spec section 3 fields), for another program to read. */
export function historyToJson(session: ChatSession): string {
  return `${JSON.stringify(session, null, 2)}\n`;
}

/** A plain-text transcript a person can read, print or attach to an e-mail. */
export function historyToText(session: ChatSession, labels: HistoryLabels, formatTime: (iso: string) => string, exportedAt: Date): string {
  const lines = [
    labels.title,
    `${labels.session}: ${session.id}`,
    `${labels.started}: ${formatTime(session.context.sessionStart)}`,
    `${labels.exported}: ${formatTime(exportedAt.toISOString())}`,
    "",
  ];
  if (session.messages.length === 0) lines.push(labels.empty);
  for (const message of session.messages) {
    const who = message.role === "user" ? labels.you : labels.assistant;
    lines.push(`[${formatTime(message.timestamp)}] ${who}:`);
    if (message.documentContext) lines.push(`  (${labels.about}: ${message.documentContext.documentName})`);
    for (const line of message.content.split("\n")) lines.push(`  ${line}`);
    if (message.suggestedActions?.length) lines.push(`  ${labels.actions}: ${message.suggestedActions.map((a) => a.label).join(", ")}`);
    for (const a of message.relatedArticles ?? []) lines.push(`  ${labels.related}: ${a.title} <${a.url}>`);
    for (const c of message.citations ?? []) lines.push(`  ${labels.sources}: ${c.documentTitle}${c.excerpt ? ` — “${c.excerpt}”` : ""} <${c.url}>`);
    lines.push("");
  }
  return `${lines.join("\n").trimEnd()}\n`;
}

export interface HistoryFile {
  fileName: string;
  mimeType: string;
  content: string;
}

export function historyFile(
  session: ChatSession,
  format: HistoryFormat,
  text: { labels: HistoryLabels; formatTime: (iso: string) => string; exportedAt: Date },
): HistoryFile {
  if (format === "json") return { fileName: historyFileName(session.id, "json"), mimeType: "application/json", content: historyToJson(session) };
  return {
    fileName: historyFileName(session.id, "txt"),
    mimeType: "text/plain;charset=utf-8",
    content: historyToText(session, text.labels, text.formatTime, text.exportedAt),
  };
}
