/** Spec section 3: the assistant's capabilities. */
export const CAPABILITIES = ["document_analysis", "compliance_guidance", "trust_administration", "feature_guidance"] as const;
export type Capability = (typeof CAPABILITIES)[number];

export type ChatRole = "user" | "assistant";

/** A button under an assistant message; upload, help and compliance navigate, others only log. */
export interface SuggestedAction {
  label: string;
  action: string;
  icon: string;
}

export interface RelatedArticle {
  title: string;
  url: string;
}

/** A passage of one of the workspace's documents that the server's answer rests on. */
export interface Citation {
  documentId: string;
  documentTitle: string;
  excerpt: string;
  url: string;
}

/** Spec section 3: which document a message was written about. */
export interface DocumentContext {
  documentId: string;
  documentName: string;
  documentType: string;
}

/** Spec section 3 "Chat message", plus the server's citations and engine when it answered. */
export interface ChatMessage {
  id: string;
  role: ChatRole;
  content: string;
  /** ISO 8601. */
  timestamp: string;
  documentContext?: DocumentContext;
  suggestedActions?: SuggestedAction[];
  relatedArticles?: RelatedArticle[];
  citations?: Citation[];
  /** Which engine wrote a server answer (offline, workers-ai, openai-compatible). */
  engine?: string;
}

/** Spec section 3 "Chat session", kept in local storage under chat-session-{id}. */
export interface ChatSession {
  id: string;
  messages: ChatMessage[];
  context: { sessionStart: string };
}

/** The document on screen, as the document page's loader gives it (title, type and its analysis). */
export interface DocumentInContext {
  id: string;
  title: string | null;
  type: string | null;
  keyProvisions: unknown[];
  complianceRequirements: unknown[];
  importantDates: unknown[];
}

/** Spec section 3 "AI context sent". */
export interface AiContext {
  sessionId: string;
  currentPage: string;
  timestamp: string;
  documentId?: string;
  documentName?: string;
  documentType?: string;
  keyProvisions?: unknown[];
  complianceRequirements?: unknown[];
  importantDates?: unknown[];
}

/** The body of POST /api/ai/chat (spec section 7). */
export interface ChatRequestBody {
  message: string;
  context: AiContext;
  capability: Capability;
  sessionId: string;
}

/** A translate function (i18next's t, or a fake in tests). */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

/** A fresh id for a message: a UUID where the browser has one (secure contexts), else time plus randomness. */
export function makeMessageId(): string {
  const c = (globalThis as { crypto?: Crypto }).crypto;
  if (c && typeof c.randomUUID === "function") return c.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}
