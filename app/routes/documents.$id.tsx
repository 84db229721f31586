import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data, redirect } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { parsePassageParam } from "~/modules/ai/passages";
import { requireSession } from "~/modules/auth/guard.server";
import { DocumentDetail } from "~/modules/documents/components/document-detail";
import { describeFailure } from "~/modules/documents/failure-reasons";
import { documentsT } from "~/modules/documents/i18n.server";
import { DOCUMENT_TYPES, SHARE_PERMISSIONS } from "~/modules/documents/schema";
import { revokeShare, shareDocument, sharingOf } from "~/modules/documents/sharing.server";
import { deleteDocument, openDocument, renameDocument, requestAnalysis, thumbnailUrl } from "~/modules/documents/service.server";
import { restoreFromForm, versionsOf } from "~/modules/documents/versions.server";
import { asHttpError, HttpError, throwAsResponse } from "~/platform/http.server";
import { getRequestContext } from "~/platform/request-context.server";

// "ai": the cited-passage panel shown when an answer or a finding links here with ?passage=start-end.
export const handle = { i18n: ["documents", "ai"] };
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
  };
}

const detailsSchema = (t: (k: string) => string) =>
  z.object({
    title: z.string().trim().min(1, t("errors.titleMissing")).max(200, t("errors.titleTooLong")),
    type: z.enum(DOCUMENT_TYPES, { errorMap: () => ({ message: t("errors.unknownType") }) }),
  });

const shareSchema = (t: (k: string) => string) =>
  z.object({
    userId: z.string({ invalid_type_error: t("errors.memberNotFound") }).min(1, t("errors.memberNotFound")),
    permission: z.enum(SHARE_PERMISSIONS, { errorMap: () => ({ message: t("errors.unknownPermission") }) }),
  });

export async function action(args: ActionFunctionArgs) {
  const session = await requireSession(args);
  const ctx = getRequestContext(args.request, args.context);
  const t = documentsT(args.request);
  const id = args.params.id ?? "";
  const form = await args.request.formData();
  const intent = form.get("intent");
  try {
    if (intent === "details") {
      const parsed = detailsSchema(t).safeParse({ title: form.get("title"), type: form.get("type") });
      if (!parsed.success) return data({ intent, error: parsed.error.issues[0].message }, 400);
      await renameDocument(ctx, session, id, parsed.data);
      return { intent, ok: true };
    }
    if (intent === "analyze") {
      await requestAnalysis(ctx, session, id);
      return { intent, ok: true };
    }
    if (intent === "share") {
      const parsed = shareSchema(t).safeParse({ userId: form.get("userId"), permission: form.get("permission") });
      if (!parsed.success) return data({ intent, error: parsed.error.issues[0].message }, 400);
      await shareDocument(ctx, session, id, parsed.data.userId, parsed.data.permission);
      return { intent, ok: true };
    }
    if (intent === "unshare") {
      await revokeShare(ctx, session, id, String(form.get("userId") ?? ""));
      return { intent, ok: true };
    }
    if (intent === "restore") {
      const version = await restoreFromForm(ctx, session, id, form);
      return { intent, ok: true, restored: version?.number };
    }
    if (intent === "delete") {
      await deleteDocument(ctx, session, id);
      throw redirect("/documents");
    }
    return data({ intent, error: t("errors.unknownAction") }, 400);
  } catch (caught) {
    const error = asHttpError(caught, t);
    if (error instanceof HttpError) return data({ intent, error: error.message }, error.status);
    throw error;
  }
}

export default function DocumentRoute() {
  const page = useLoaderData<typeof loader>();
  return <DocumentDetail {...page} />;
}
