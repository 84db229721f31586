import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { requireSession } from "~/modules/auth/guard.server";
import { VersionHistoryPage } from "~/modules/documents/components/version-control";
import { documentsT } from "~/modules/documents/i18n.server";
import { canEditDocument } from "~/modules/documents/service.server";
import { restoreFormSchema } from "~/modules/documents/validation";
import { compareVersions, listVersions, restoreVersion } from "~/modules/documents/versions.server";
import { asHttpError, HttpError, readFormData, throwAsResponse } from "~/platform/http.server";
import { getRequestContext } from "~/platform/request-context.server";

export const handle = { i18n: ["documents"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.document.title ?? "History"} · Version control · Legal Document Platform` }];

export async function loader(args: LoaderFunctionArgs) {
  const session = await requireSession(args);
  const ctx = getRequestContext(args.request, args.context);
  const t = documentsT(args.request);
  const id = args.params.id ?? "";
  const { document, versions } = await listVersions(ctx, session, id).catch((error) => throwAsResponse(error, t));
  const params = new URL(args.request.url).searchParams;
  // By default the two newest versions are compared, as a reader most often wants.
  const from = params.get("from") ?? versions[1]?.id;
  const to = params.get("to") ?? versions[0]?.id;
  let comparison = null;
  let comparisonError: string | null = null;
  if (from && to && versions.length > 1) {
    try {
      const result = await compareVersions(ctx, session, id, from, to);
      comparison = { from: result.from, to: result.to, ...result.diff };
    } catch (caught) {
      const error = asHttpError(caught, t);
      if (!(error instanceof HttpError) || error.status === 404) throwAsResponse(error, t);
      comparisonError = error.message;
    }
  }
  return {
    document: { id: document.id, title: document.title, type: document.type },
    versions,
    canEdit: canEditDocument(session, document),
    comparison,
    comparisonError,
  };
}

/** "Restore" (Conform, the API's note rules): that version again as the current one. */
export async function action(args: ActionFunctionArgs) {
  const session = await requireSession(args);
  const ctx = getRequestContext(args.request, args.context);
  const t = documentsT(args.request);
  const submission = parseWithZod(await readFormData(args.request), { schema: restoreFormSchema(t) });
  if (submission.status !== "success") {
    return data({ result: submission.reply(), error: Object.values(submission.error ?? {}).flat()[0] ?? t("errors.unknownAction") }, 400);
  }
  const { versionId, note } = submission.value;
  try {
    const version = await restoreVersion(ctx, session, args.params.id ?? "", versionId, note || undefined);
    return { ok: true, restored: version?.number };
  } catch (caught) {
    const error = asHttpError(caught, t);
    if (error instanceof HttpError) return data({ result: submission.reply({ fieldErrors: error.fieldErrors }), error: error.message }, error.status);
    throw error;
  }
}

export default function VersionHistoryRoute() {
  const page = useLoaderData<typeof loader>();
  return <VersionHistoryPage {...page} />;
}
