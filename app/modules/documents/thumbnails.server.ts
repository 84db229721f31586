import { eq } from "drizzle-orm";
import type { CurrentSession } from "~/modules/auth/session.server";
import { sniffImageType } from "~/modules/profile/avatar";
import { HttpError } from "~/platform/http.server";
import type { RequestContext } from "~/platform/request-context.server";
import { documents } from "./schema";
import { canEditDocument, refuse, requireVisibleDocument } from "./service.server";

type Translate = (key: string, options?: Record<string, unknown>) => string;

export const THUMBNAIL_MAX_BYTES = 512 * 1024;

export async function readThumbnail(ctx: RequestContext, session: CurrentSession, id: string, t: Translate) {
  const document = await requireVisibleDocument(ctx, session, id, t);
  const object = document.thumbnailKey ? await ctx.env.FILES.get(document.thumbnailKey) : null;
  if (!object) throw new HttpError(404, t("errors.thumbnailMissing"));
  return object;
}

/** Stores a first-page image under a new key (so caches never show a stale one) and drops the old one. */
export async function saveThumbnail(ctx: RequestContext, session: CurrentSession, id: string, request: Request, t: Translate) {
  const document = await requireVisibleDocument(ctx, session, id, t);
  if (!canEditDocument(session, document)) await refuse(ctx, session, id, 403, t("errors.editForbidden"));
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > THUMBNAIL_MAX_BYTES) throw new HttpError(413, t("errors.thumbnailTooLarge"));
  const bytes = new Uint8Array(await request.arrayBuffer());
  if (bytes.byteLength === 0) throw new HttpError(400, t("errors.emptyFile"));
  if (bytes.byteLength > THUMBNAIL_MAX_BYTES) throw new HttpError(413, t("errors.thumbnailTooLarge"));
  const type = sniffImageType(bytes);
  if (type !== "image/png" && type !== "image/jpeg") throw new HttpError(415, t("errors.thumbnailType"));
  const key = `ws/${document.workspaceId}/documents/${document.id}/thumbnail-${crypto.randomUUID()}.${type === "image/png" ? "png" : "jpg"}`;
  await ctx.env.FILES.put(key, bytes, { httpMetadata: { contentType: type } });
  await ctx.db.update(documents).set({ thumbnailKey: key }).where(eq(documents.id, document.id));
  if (document.thumbnailKey) await ctx.env.FILES.delete(document.thumbnailKey);
}
