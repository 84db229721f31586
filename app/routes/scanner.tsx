import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { requireSession } from "~/modules/auth/guard.server";
import { canUploadDocuments } from "~/modules/documents/permissions";
import { listEditableDocuments } from "~/modules/documents/versions.server";
import { ScannerPage } from "~/modules/scanner/components/scanner-page";
import { getRequestContext } from "~/platform/request-context.server";

// "documents" for the document type names in the save form.
export const handle = { i18n: ["scanner", "documents"] };
export const meta: MetaFunction = () => [{ title: "Scanner · Legal Document Platform" }];

/** Whether this person may add documents, and the documents they may add a version to. */
export async function loader(args: LoaderFunctionArgs) {
  const session = await requireSession(args);
  const ctx = getRequestContext(args.request, args.context);
  return {
    canUpload: canUploadDocuments(session.workspace?.role),
    editable: session.workspace ? await listEditableDocuments(ctx.db, session) : [],
    maxBytes: ctx.config.MAX_UPLOAD_BYTES,
  };
}

export default function ScannerRoute() {
  const data = useLoaderData<typeof loader>();
  return <ScannerPage {...data} />;
}
