import { askAssistant } from "~/modules/ai/chat.server";
import { aiLanguage, aiT } from "~/modules/ai/i18n.server";
import { chatRequestSchema } from "~/modules/ai/validation";
import { endpoint, jsonRoute } from "~/platform/json-route.server";

/**
 * The widget may send the analysis it shows (bounded by the widget, and never used for retrieval);
 * a long trust's analysis is well past the default 64 KiB, so this route reads up to 1 MiB.
 */
const CHAT_BODY_LIMIT = 1024 * 1024;

const chat = jsonRoute(aiT, {
  /**
   * POST /api/ai/chat `{ message, context, capability, sessionId }` (spec section 7): the assistant's
   * answer from the workspace's own documents, as `{ success: true, message }`.
   */
  POST: endpoint({
    body: chatRequestSchema,
    bodyLimit: CHAT_BODY_LIMIT,
    run: async ({ ctx, session, body, request, t }) => ({
      message: await askAssistant(
        ctx,
        session,
        { message: body.message, capability: body.capability, contextDocumentId: body.context.documentId },
        { feature: "chat", language: aiLanguage(request), t },
      ),
    }),
  }),
});

export const loader = chat;
export const action = chat;
