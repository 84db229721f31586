import type { Capability, ChatMessage, DocumentInContext, RelatedArticle, SuggestedAction, Translate } from "./types";

/**
 * Spec section 8: the replies the widget writes itself when the assistant cannot be reached or
 * answers with an error. Which one is chosen by keywords and the capability, in the spec's order.
 */
export type CannedKind = "explain" | "documentCompliance" | "upload" | "share" | "distribution" | "generic";

const has = (text: string, ...words: string[]) => words.some((w) => text.includes(w));

export function chooseCannedReply(message: string, capability: Capability): CannedKind {
  const text = message.toLowerCase();
  if (capability === "document_analysis" && has(text, "explain", "what does")) return "explain";
  if (capability === "document_analysis" && has(text, "compliance")) return "documentCompliance";
  if (capability === "feature_guidance" && has(text, "upload", "add document")) return "upload";
  if (has(text, "share", "collaborate")) return "share";
  if (capability === "trust_administration" && has(text, "distribution")) return "distribution";
  return "generic";
}

type ActionId = "upload" | "help" | "compliance";
const ICON: Record<ActionId, string> = { upload: "upload", help: "help", compliance: "compliance" };
const action = (t: Translate, id: ActionId): SuggestedAction => ({ label: t(`action.${id}`), action: id, icon: ICON[id] });
const article = (t: Translate, topic: string): RelatedArticle => ({ title: t(`article.${topic}`), url: `/help#${topic}` });

/** What each reply offers: spec section 8 fixes the generic one (Upload Document, View Help Topics, Check Compliance). */
const EXTRAS: Record<CannedKind, { actions: ActionId[]; articles: string[] }> = {
  explain: { actions: ["compliance", "help"], articles: ["analysis"] },
  documentCompliance: { actions: ["compliance"], articles: ["compliance"] },
  upload: { actions: ["upload"], articles: ["upload-documents"] },
  share: { actions: ["help"], articles: ["organization"] },
  distribution: { actions: ["compliance", "help"], articles: ["finance", "polls"] },
  generic: { actions: ["upload", "help", "compliance"], articles: [] },
};

/** At most this many items of a document's analysis are quoted in a canned reply. */
export const MAX_LISTED = 5;

const str = (value: unknown): string | null => (typeof value === "string" && value.trim() ? value.trim() : null);
const field = (item: unknown, key: string): string | null => (typeof item === "object" && item !== null ? str((item as Record<string, unknown>)[key]) : null);

/** The key provisions of the document in context, as bullet lines ("Article Six, 6.1 — Trustee powers"). */
function provisionLines(document: DocumentInContext): string[] {
  return document.keyProvisions.slice(0, MAX_LISTED).flatMap((p) => {
    const title = field(p, "title");
    if (!title) return [];
    const reference = field(p, "reference");
    return [`• ${reference ? `${reference} — ${title}` : title}`];
  });
}

/** The duties of the document in context ("File the annual accounting — Trustee — within sixty days …"). */
function dutyLines(document: DocumentInContext): string[] {
  return document.complianceRequirements.slice(0, MAX_LISTED).flatMap((r) => {
    const duty = field(r, "duty");
    if (!duty) return [];
    return [`• ${[duty, field(r, "responsibleParty"), field(r, "due")].filter(Boolean).join(" — ")}`];
  });
}

function content(kind: CannedKind, t: Translate, document: DocumentInContext | null): string {
  const name = document?.title || t("document.defaultName");
  if (kind === "explain" && document) {
    const lines = provisionLines(document);
    if (lines.length) return [t("canned.explain"), "", t("canned.explainProvisions", { name }), ...lines].join("\n");
  }
  if (kind === "documentCompliance" && document) {
    const lines = dutyLines(document);
    const more = document.complianceRequirements.length - lines.length;
    if (lines.length)
      return [
        t("canned.documentComplianceFound", { name, count: document.complianceRequirements.length }),
        ...lines,
        ...(more > 0 ? [t("canned.andMore", { count: more })] : []),
        "",
        t("canned.documentComplianceNext"),
      ].join("\n");
  }
  return t(`canned.${kind}`);
}

/** The canned assistant message for a question (spec section 8), written in the reader's language. */
export function cannedReply(
  message: string,
  capability: Capability,
  options: { t: Translate; document: DocumentInContext | null; now: Date; id: string },
): ChatMessage {
  const kind = chooseCannedReply(message, capability);
  const extras = EXTRAS[kind];
  const reply: ChatMessage = {
    id: options.id,
    role: "assistant",
    content: content(kind, options.t, options.document),
    timestamp: options.now.toISOString(),
    suggestedActions: extras.actions.map((id) => action(options.t, id)),
  };
  if (extras.articles.length) reply.relatedArticles = extras.articles.map((topic) => article(options.t, topic));
  return reply;
}
