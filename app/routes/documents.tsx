import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { requireSession } from "~/modules/auth/guard.server";
import { DocumentsPage } from "~/modules/documents/components/documents-page";
import { describeFailure } from "~/modules/documents/failure-reasons";
import { documentsT } from "~/modules/documents/i18n.server";
import { parseListQuery } from "~/modules/documents/list-query";
import { canUploadDocuments } from "~/modules/documents/permissions";
import { listDocuments } from "~/modules/documents/service.server";
import { getRequestContext } from "~/platform/request-context.server";

export const handle = { i18n: ["documents"] };
export const meta: MetaFunction = () => [{ title: "Documents · Legal Document Platform" }];

export async function loader(args: LoaderFunctionArgs) {
  const session = await requireSession(args);
  const ctx = getRequestContext(args.request, args.context);
  const t = documentsT(args.request);
  const query = parseListQuery(new URL(args.request.url).searchParams);
  const result = session.workspace
    ? await listDocuments(ctx.db, session, query)
    : { rows: [], total: 0, moreThanTotal: false, page: 1, pageSize: 20, searched: false };
  return {
    query,
    result: {
      ...result,
      rows: result.rows.map((row) => ({ ...row, errorReason: describeFailure(t, row.errorReason), createdAt: row.createdAt.toISOString() })),
    },
    maxBytes: ctx.config.MAX_UPLOAD_BYTES,
    canUpload: canUploadDocuments(session.workspace?.role),
  };
}

export default function DocumentsRoute() {
  const data = useLoaderData<typeof loader>();
  return <DocumentsPage {...data} />;
}
