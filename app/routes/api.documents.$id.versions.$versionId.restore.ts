import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { requireApiSession } from "~/modules/auth/guard.server";
import { documentsT } from "~/modules/documents/i18n.server";
import { restoreVersion, VERSION_NOTE_MAX } from "~/modules/documents/versions.server";
import { handleJson, jsonResponse, methodNotAllowed, parseWith, readJsonBody } from "~/platform/http.server";
import { getRequestContext } from "~/platform/request-context.server";

export const loader = ({ request }: LoaderFunctionArgs) => methodNotAllowed(documentsT(request), "POST");

/** POST /api/documents/{id}/versions/{versionId}/restore `{ "note"?: "…" }`: that version again, as a new current version. */
export async function action(args: ActionFunctionArgs) {
  const t = documentsT(args.request);
  if (args.request.method !== "POST") return methodNotAllowed(t, "POST");
  return handleJson(t, async () => {
    const session = await requireApiSession(args);
    const hasBody = args.request.headers.get("Content-Length") !== "0" && args.request.body !== null;
    const body = hasBody ? await readJsonBody(args.request, t) : {};
    const { note } = parseWith(
      z
        .object({
          note: z
            .string()
            .trim()
            .max(VERSION_NOTE_MAX, t("errors.versionNoteTooLong", { max: VERSION_NOTE_MAX }))
            .optional(),
        })
        .strict(),
      body,
      t,
    );
    const version = await restoreVersion(
      getRequestContext(args.request, args.context),
      session,
      args.params.id ?? "",
      args.params.versionId ?? "",
      note || undefined,
      t,
    );
    return jsonResponse({ success: true, version }, { status: 201 });
  });
}
