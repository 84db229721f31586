import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data, redirect } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { parsePassageParam } from "~/modules/ai/passages";
import { requireSession } from "~/modules/auth/guard.server";
import { DocumentDetail } from "~/modules/documents/components/document-detail";
import { describeFailure } from "~/modules/documents/failure-reasons";
import { documentsT } from "~/modules/documents/i18n.server";
import { revokeShare, shareDocument, sharingOf } from "~/modules/documents/sharing.server";
import { deleteDocument, openDocument, renameDocument, requestAnalysis, thumbnailUrl } from "~/modules/documents/service.server";
import { documentFormSchema } from "~/modules/documents/validation";
import { restoreVersion, versionsOf } from "~/modules/documents/versions.server";
import { AsAmendedPanel } from "~/modules/instruments/components/as-amended-panel";
import { instrumentReadings } from "~/modules/instruments/readings.server";
import { AmendmentLink } from "~/modules/instruments/components/amendment-link";
import { recordingDeletionDate } from "~/modules/meetings/recordings/retention.server";
import { asHttpError, HttpError, readFormData, throwAsResponse } from "~/platform/http.server";
import { getRequestContext } from "~/platform/request-context.server";

// "ai": the cited-passage panel shown when an answer or a finding links here with ?passage=start-end.
export const handle = { i18n: ["documents", "ai", "instruments"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data && "document" in data ? data.document.title : "Document"} · Legal Document Platform` },
];

export async function loader(args: LoaderFunctionArgs) {
  const session = await requireSession(args);
  const ctx = getRequestContext(args.request, args.context);
  const t = documentsT(args.request);
  const opened = await openDocument(ctx, session, args.params.id ?? "").catch((error) => throwAsResponse(error, t));
  const { storageKey: _key, thumbnailKey, ...document } = opened.document;
  // A citation's range, checked against the current text this person may read (else shown as not found).
  const passage = new URL(args.request.url).searchParams.get("passage");
  const citedPassage = passage === null ? null : { range: opened.text ? parsePassageParam(passage, opened.text.content.length) : null };
  return {
    document: {
      ...document,
      createdAt: document.createdAt.toISOString(),
      updatedAt: document.updatedAt.toISOString(),
      lastAccessedAt: document.lastAccessedAt?.toISOString() ?? null,
      errorReason: describeFailure(t, document.errorReason),
      thumbnailUrl: thumbnailUrl(document.id, thumbnailKey),
    },
    text: opened.text,
    analysis: opened.analysis ? { ...opened.analysis, createdAt: opened.analysis.createdAt.toISOString() } : null,
    activity: opened.activity.map((entry) => ({ ...entry, createdAt: entry.createdAt.toISOString() })),
    canManage: opened.canManage,
    canEdit: opened.canEdit,
    sharing: opened.canManage ? await sharingOf(ctx, opened.document) : null,
    versions: await versionsOf(ctx.db, opened.document),
    maxBytes: ctx.config.MAX_UPLOAD_BYTES,
    citedPassage,
    deletesAt: document.type === "recording" ? await recordingDeletionDate(ctx.db, document) : null,
    // Trusts, wills and their amendments are also read as one, with every amendment applied.
    ...(instrumentType(document.type, opened.analysis?.result.documentType)
      ? await instrumentReadings(ctx.db, session, document.id)
      : { asAmended: null, amendmentChoice: null }),
  };
}

function instrumentType(type: string, analysed: string | undefined): "trust" | "will" | null {
  return type === "trust" || type === "will" ? type : analysed === "trust" || analysed === "will" ? analysed : null;
}

/**
 * The page's forms (details, analyze, share, unshare, restore, delete), read by Conform with `documentFormSchema`.
 * A refusal comes back as `{ intent, error, result }` with its status; `result` carries the fields' messages.
 */
export async function action(args: ActionFunctionArgs) {
  const session = await requireSession(args);
  const ctx = getRequestContext(args.request, args.context);
  const t = documentsT(args.request);
  const id = args.params.id ?? "";
  const form = await readFormData(args.request);
  const intent = form.get("intent");
  const submission = parseWithZod(form, { schema: documentFormSchema(t) });
  if (submission.status !== "success") {
    return data({ intent, result: submission.reply(), error: Object.values(submission.error ?? {}).flat()[0] ?? t("errors.unknownAction") }, 400);
  }
  const command = submission.value;
  try {
    switch (command.intent) {
      case "details":
        await renameDocument(ctx, session, id, { title: command.title, type: command.type });
        return { intent, ok: true };
      case "analyze":
        await requestAnalysis(ctx, session, id);
        return { intent, ok: true };
      case "share":
        await shareDocument(ctx, session, id, command.userId, command.permission);
        return { intent, ok: true };
      case "unshare":
        await revokeShare(ctx, session, id, command.userId);
        return { intent, ok: true };
      case "restore": {
        const version = await restoreVersion(ctx, session, id, command.versionId, command.note || undefined);
        return { intent, ok: true, restored: version?.number };
      }
      case "delete":
        await deleteDocument(ctx, session, id);
        throw redirect("/documents");
    }
  } catch (caught) {
    const error = asHttpError(caught, t);
    if (error instanceof HttpError) return data({ intent, result: submission.reply({ fieldErrors: error.fieldErrors }), error: error.message }, error.status);
    throw error;
  }
}

export default function DocumentRoute() {
  const { asAmended, amendmentChoice, ...page } = useLoaderData<typeof loader>();
  const type = instrumentType(page.document.type, page.analysis?.result.documentType) ?? "trust";
  return (
    <DocumentDetail {...page}>
      {amendmentChoice ? (
        <AmendmentLink documentId={page.document.id} choice={amendmentChoice} link={asAmended?.link ?? null} instrument={asAmended?.instrument ?? null} />
      ) : null}
      {asAmended ? <AsAmendedPanel view={asAmended} type={type} /> : null}
    </DocumentDetail>
  );
}
