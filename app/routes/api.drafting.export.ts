import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiSession } from "~/modules/auth/guard.server";
import { contentDisposition } from "~/modules/documents/content-disposition";
import { draftingT } from "~/modules/drafting/i18n.server";
import { exportDraft } from "~/modules/drafting/service.server";
import { exportRequestSchema } from "~/modules/drafting/validation";
import { handleJson, methodNotAllowed, parseWith, readJsonBody } from "~/platform/http.server";
import { getRequestContext } from "~/platform/request-context.server";

export const loader = ({ request }: LoaderFunctionArgs) => methodNotAllowed(draftingT(request), "POST");

/**
 * POST /api/drafting/export `{ template, format: "docx" | "pdf", fields }`: the filled template as
 * a file to download. Every member may draft; bad fields answer 400 with a message per field.
 */
export async function action(args: ActionFunctionArgs) {
  const t = draftingT(args.request);
  if (args.request.method !== "POST") return methodNotAllowed(t, "POST");
  return handleJson(t, async () => {
    const session = await requireApiSession(args);
    const input = parseWith(exportRequestSchema(t), await readJsonBody(args.request, t), t);
    const file = await exportDraft(getRequestContext(args.request, args.context), session, input, t);
    return new Response(file.bytes, {
      headers: {
        "Content-Type": file.mimeType,
        "Content-Length": String(file.bytes.byteLength),
        "Content-Disposition": contentDisposition("attachment", file.fileName),
        "Cache-Control": "private, no-store",
        "X-Content-Type-Options": "nosniff",
      },
    });
  });
}
