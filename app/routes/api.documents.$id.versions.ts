import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { requireApiSession } from "~/modules/auth/guard.server";
import { documentsT } from "~/modules/documents/i18n.server";
import { uploadMetadataSchema } from "~/modules/documents/upload.server";
import { listVersions, uploadVersion, VERSION_NOTE_MAX } from "~/modules/documents/versions.server";
import { handleJson, jsonResponse, methodNotAllowed, parseWith } from "~/platform/http.server";
import { getRequestContext } from "~/platform/request-context.server";

/** GET /api/documents/{id}/versions: every version, newest first, with who, when, note, size, type and SHA-256. */
export async function loader(args: LoaderFunctionArgs) {
  const t = documentsT(args.request);
  return handleJson(t, async () => {
    const session = await requireApiSession(args);
    const { document, versions } = await listVersions(getRequestContext(args.request, args.context), session, args.params.id ?? "", t);
    return jsonResponse({ success: true, documentId: document.id, currentVersionId: document.currentVersionId, versions });
  });
}

const versionMetadataSchema = (t: (k: string, o?: Record<string, unknown>) => string) =>
  uploadMetadataSchema(t)
    .pick({ fileName: true })
    .extend({
      note: z
        .string()
        .trim()
        .max(VERSION_NOTE_MAX, t("errors.versionNoteTooLong", { max: VERSION_NOTE_MAX }))
        .optional(),
      source: z.enum(["upload", "scan"], { errorMap: () => ({ message: t("errors.unknownSource") }) }).optional(),
    });

/** POST /api/documents/{id}/versions?fileName=…&note=…[&source=scan], the file as the raw body. */
export async function action(args: ActionFunctionArgs) {
  const t = documentsT(args.request);
  if (args.request.method !== "POST") return methodNotAllowed(t, "GET, POST");
  return handleJson(t, async () => {
    const session = await requireApiSession(args);
    const params = new URL(args.request.url).searchParams;
    const metadata = parseWith(
      versionMetadataSchema(t),
      { fileName: params.get("fileName") ?? undefined, note: params.get("note") || undefined, source: params.get("source") || undefined },
      t,
    );
    const length = args.request.headers.get("Content-Length");
    const version = await uploadVersion(
      getRequestContext(args.request, args.context),
      session,
      args.params.id ?? "",
      { ...metadata, body: args.request.body, contentLength: length === null ? null : Number(length) },
      t,
    );
    return jsonResponse({ success: true, version }, { status: 201 });
  });
}
