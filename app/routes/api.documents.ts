import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { requireApiSession } from "~/modules/auth/guard.server";
import { describeFailure } from "~/modules/documents/failure-reasons";
import { documentsT } from "~/modules/documents/i18n.server";
import { parseListQuery } from "~/modules/documents/list-query";
import { listDocuments } from "~/modules/documents/service.server";
import { uploadDocument, uploadMetadataSchema } from "~/modules/documents/upload.server";
import { handleJson, jsonResponse, methodNotAllowed, parseWith } from "~/platform/http.server";
import { getRequestContext } from "~/platform/request-context.server";

/** GET /api/documents?q&type&status&sort&page: the documents this person may see. */
export async function loader(args: LoaderFunctionArgs) {
  const t = documentsT(args.request);
  return handleJson(t, async () => {
    const session = await requireApiSession(args);
    const ctx = getRequestContext(args.request, args.context);
    const result = await listDocuments(ctx.db, session, parseListQuery(new URL(args.request.url).searchParams));
    return jsonResponse({ success: true, ...result, rows: result.rows.map((row) => ({ ...row, errorReason: describeFailure(t, row.errorReason) })) });
  });
}

/**
 * POST /api/documents?fileName=…&type=…&title=…[&source=scan], the file itself as the request body (not a form),
 * so that it streams to storage and the browser can show upload progress.
 */
export async function action(args: ActionFunctionArgs) {
  const t = documentsT(args.request);
  if (args.request.method !== "POST") return methodNotAllowed(t, "GET, POST");
  return handleJson(t, async () => {
    const session = await requireApiSession(args);
    const ctx = getRequestContext(args.request, args.context);
    const params = new URL(args.request.url).searchParams;
    const metadata = parseWith(
      uploadMetadataSchema(t).extend({ source: z.enum(["upload", "scan"], { errorMap: () => ({ message: t("errors.unknownSource") }) }).optional() }),
      {
        fileName: params.get("fileName") ?? undefined,
        type: params.get("type") || undefined,
        title: params.get("title") || undefined,
        source: params.get("source") || undefined,
      },
      t,
    );
    const length = args.request.headers.get("Content-Length");
    const document = await uploadDocument(ctx, session, { ...metadata, body: args.request.body, contentLength: length === null ? null : Number(length) }, t);
    return jsonResponse({ success: true, document }, { status: 201 });
  });
}
