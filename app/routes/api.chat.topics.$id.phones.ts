import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { requireApiSession } from "~/modules/auth/guard.server";
import { conversationsT } from "~/modules/conversations/i18n.server";
import { addSmsParticipant, removeSmsParticipant } from "~/modules/conversations/sms/service.server";
import { addSmsParticipantSchema } from "~/modules/conversations/validation";
import { handleJson, jsonResponse, methodNotAllowed, onlyMethods, parseWith, readJsonBody } from "~/platform/http.server";
import { getRequestContext } from "~/platform/request-context.server";

/** POST /api/chat/topics/{id}/phones {phone, name}: include someone by SMS. DELETE {participantId}: stop including them. */
export async function action(args: ActionFunctionArgs) {
  const t = conversationsT(args.request);
  const method = args.request.method;
  if (method !== "POST" && method !== "DELETE") return methodNotAllowed(t, "POST, DELETE");
  return handleJson(t, async () => {
    const session = await requireApiSession(args);
    const ctx = getRequestContext(args.request, args.context);
    const body = await readJsonBody(args.request, t);
    if (method === "DELETE") {
      const { participantId } = parseWith(z.object({ participantId: z.string().min(1).max(64) }).strict(), body, t);
      await removeSmsParticipant(ctx, session, args.params.id!, participantId, t);
      return jsonResponse({ success: true });
    }
    const topic = await addSmsParticipant(ctx, session, args.params.id!, parseWith(addSmsParticipantSchema(t), body, t), t);
    return jsonResponse({ success: true, topic }, { status: 201 });
  });
}

export const loader = onlyMethods("POST, DELETE");
