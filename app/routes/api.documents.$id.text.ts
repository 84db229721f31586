import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { requireApiSession } from "~/modules/auth/guard.server";
import { documentsT } from "~/modules/documents/i18n.server";
import { saveRecognisedText } from "~/modules/documents/service.server";
import { handleJson, jsonResponse, methodNotAllowed, parseWith, readJsonBody } from "~/platform/http.server";
import { getRequestContext } from "~/platform/request-context.server";

export const loader = ({ request }: LoaderFunctionArgs) => methodNotAllowed(documentsT(request), "PUT");

/** Text recognised in the browser may be long; this is a page-count's worth, not a novel. */
const OCR_TEXT_LIMIT = 400_000;

/** PUT /api/documents/{id}/text `{ "text": "…" }`: the OCR result of an image document. */
export async function action(args: ActionFunctionArgs) {
  const t = documentsT(args.request);
  if (args.request.method !== "PUT") return methodNotAllowed(t, "PUT");
  return handleJson(t, async () => {
    const session = await requireApiSession(args);
    const schema = z
      .object({
        text: z
          .string({ required_error: t("errors.ocrTextMissing") })
          .max(OCR_TEXT_LIMIT, t("errors.ocrTextTooLong"))
          .refine((text) => text.trim().length > 0, t("errors.ocrTextEmpty")),
      })
      .strict();
    const { text } = parseWith(schema, await readJsonBody(args.request, t, OCR_TEXT_LIMIT * 4 + 1024), t);
    await saveRecognisedText(getRequestContext(args.request, args.context), session, args.params.id ?? "", text, t);
    return jsonResponse({ success: true, status: "pending" }, { status: 202 });
  });
}
