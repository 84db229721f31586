import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { requireApiSession } from "~/modules/auth/guard.server";
import { documentsT } from "~/modules/documents/i18n.server";
import { SHARE_PERMISSIONS } from "~/modules/documents/schema";
import { revokeShare, shareDocument } from "~/modules/documents/sharing.server";
import { handleJson, jsonResponse, methodNotAllowed, parseWith, readJsonBody } from "~/platform/http.server";
import { getRequestContext } from "~/platform/request-context.server";

const shareSchema = (t: (k: string) => string) =>
  z.object({ permission: z.enum(SHARE_PERMISSIONS, { errorMap: () => ({ message: t("errors.unknownPermission") }) }) }).strict();

export const loader = ({ request }: LoaderFunctionArgs) => methodNotAllowed(documentsT(request), "PUT, DELETE");

/** PUT: share with this member (`{"permission": "view" | "edit"}`) or change it; DELETE: stop sharing. */
export async function action(args: ActionFunctionArgs) {
  const t = documentsT(args.request);
  const method = args.request.method;
  if (method !== "PUT" && method !== "DELETE") return methodNotAllowed(t, "PUT, DELETE");
  return handleJson(t, async () => {
    const session = await requireApiSession(args);
    const ctx = getRequestContext(args.request, args.context);
    const documentId = args.params.id ?? "";
    const userId = args.params.userId ?? "";
    if (method === "DELETE") {
      await revokeShare(ctx, session, documentId, userId, t);
      return jsonResponse({ success: true });
    }
    const { permission } = parseWith(shareSchema(t), await readJsonBody(args.request, t), t);
    const result = await shareDocument(ctx, session, documentId, userId, permission, t);
    return jsonResponse({ success: true, permission, ...result });
  });
}
