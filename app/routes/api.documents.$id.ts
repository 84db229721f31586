import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { requireApiSession } from "~/modules/auth/guard.server";
import { documentsT } from "~/modules/documents/i18n.server";
import { DOCUMENT_TYPES } from "~/modules/documents/schema";
import { describeFailure } from "~/modules/documents/failure-reasons";
import { deleteDocument, openDocument, renameDocument, thumbnailUrl } from "~/modules/documents/service.server";
import { handleJson, jsonResponse, methodNotAllowed, parseWith, readJsonBody } from "~/platform/http.server";
import { getRequestContext } from "~/platform/request-context.server";

/** GET /api/documents/{id}: the document, its text, analysis and activity (recorded as a view). */
export async function loader(args: LoaderFunctionArgs) {
  const t = documentsT(args.request);
  return handleJson(t, async () => {
    const session = await requireApiSession(args);
    const ctx = getRequestContext(args.request, args.context);
    const { document, ...rest } = await openDocument(ctx, session, args.params.id ?? "", t);
    const { storageKey: _key, thumbnailKey, ...visible } = document;
    const { analysis, ...others } = rest;
    return jsonResponse({
      success: true,
      document: { ...visible, errorReason: describeFailure(t, visible.errorReason), thumbnailUrl: thumbnailUrl(document.id, thumbnailKey) },
      // Also under the names the assistant's document context reads (spec section 3: keyProvisions, compliance, dates).
      analysis: analysis
        ? {
            ...analysis,
            keyProvisions: analysis.result.keyProvisions,
            compliance: analysis.result.complianceRequirements,
            dates: analysis.result.importantDates,
          }
        : null,
      ...others,
    });
  });
}

const changesSchema = (t: (k: string) => string) =>
  z
    .object({
      title: z
        .string({ required_error: t("errors.titleMissing") })
        .trim()
        .min(1, t("errors.titleMissing"))
        .max(200, t("errors.titleTooLong")),
      type: z.enum(DOCUMENT_TYPES, { errorMap: () => ({ message: t("errors.unknownType") }) }),
    })
    .strict();

/** PATCH: title and type; DELETE: the document and its files. */
export async function action(args: ActionFunctionArgs) {
  const t = documentsT(args.request);
  const method = args.request.method;
  if (method !== "PATCH" && method !== "DELETE") return methodNotAllowed(t, "GET, PATCH, DELETE");
  return handleJson(t, async () => {
    const session = await requireApiSession(args);
    const ctx = getRequestContext(args.request, args.context);
    const id = args.params.id ?? "";
    if (method === "DELETE") {
      await deleteDocument(ctx, session, id, t);
      return jsonResponse({ success: true });
    }
    const changes = parseWith(changesSchema(t), await readJsonBody(args.request, t), t);
    await renameDocument(ctx, session, id, changes, t);
    return jsonResponse({ success: true });
  });
}
