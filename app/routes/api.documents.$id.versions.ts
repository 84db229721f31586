import { z } from "zod";
import { documentsT } from "~/modules/documents/i18n.server";
import { uploadMetadataSchema } from "~/modules/documents/upload.server";
import { listVersions, uploadVersion, VERSION_NOTE_MAX } from "~/modules/documents/versions.server";
import { parseWith } from "~/platform/http.server";
import { endpoint, jsonRoute } from "~/platform/json-route.server";

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

const versions = jsonRoute(documentsT, {
  /** GET /api/documents/{id}/versions: every version, newest first, with who, when, note, size, type and SHA-256. */
  GET: endpoint({
    run: async ({ ctx, session, params }) => {
      const { document, versions } = await listVersions(ctx, session, params.id ?? "");
      return { documentId: document.id, currentVersionId: document.currentVersionId, versions };
    },
  }),
  /** POST /api/documents/{id}/versions?fileName=…&note=…[&source=scan], the file as the raw body (read by the upload, not here). */
  POST: endpoint({
    status: 201,
    run: async ({ ctx, session, params, query, request, t }) => {
      const metadata = parseWith(
        versionMetadataSchema(t),
        { fileName: query.get("fileName") ?? undefined, note: query.get("note") || undefined, source: query.get("source") || undefined },
        t,
      );
      const length = request.headers.get("Content-Length");
      const file = { ...metadata, body: request.body, contentLength: length === null ? null : Number(length) };
      return { version: await uploadVersion(ctx, session, params.id ?? "", file) };
    },
  }),
});

export const loader = versions;
export const action = versions;
