import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiSession } from "~/modules/auth/guard.server";
import { askAssistant } from "~/modules/ai/chat.server";
import { aiLanguage, aiT } from "~/modules/ai/i18n.server";
import { chatRequestSchema } from "~/modules/ai/validation";
import { handleJson, jsonResponse, methodNotAllowed, parseWith, readJsonBody } from "~/platform/http.server";
import { getRequestContext } from "~/platform/request-context.server";

/**
 * The widget may send the analysis it shows (bounded by the widget, and never used for retrieval);
 * a long trust's analysis is well past the default 64 KiB, so this route reads up to 1 MiB.
 */
const CHAT_BODY_LIMIT = 1024 * 1024;

export const loader = ({ request }: LoaderFunctionArgs) => methodNotAllowed(aiT(request), "POST");

/**
 * POST /api/ai/chat `{ message, context, capability, sessionId }` (spec section 7): the assistant's
 * answer from the workspace's own documents, as `{ success: true, message }`.
 */
export async function action(args: ActionFunctionArgs) {
  const t = aiT(args.request);
  if (args.request.method !== "POST") return methodNotAllowed(t, "POST");
  return handleJson(t, async () => {
    const session = await requireApiSession(args);
    const input = parseWith(chatRequestSchema(t), await readJsonBody(args.request, t, CHAT_BODY_LIMIT), t);
    const message = await askAssistant(
      getRequestContext(args.request, args.context),
      session,
      { message: input.message, capability: input.capability, contextDocumentId: input.context.documentId },
      { feature: "chat", language: aiLanguage(args.request), t },
    );
    return jsonResponse({ success: true, message });
  });
}
