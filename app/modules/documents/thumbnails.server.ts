import { eq } from "drizzle-orm";
import type { CurrentSession } from "~/modules/auth/session.server";
import { sniffImageType } from "~/modules/profile/avatar";
import { Refusal } from "~/platform/http.server";
import type { RequestContext } from "~/platform/request-context.server";
import { documents } from "./schema";
import { canEditDocument, refuse, requireVisibleDocument } from "./service.server";

export const THUMBNAIL_MAX_BYTES = 512 * 1024;

export async function readThumbnail(ctx: RequestContext, session: CurrentSession, id: string) {
  const document = await requireVisibleDocument(ctx, session, id);
  const object = document.thumbnailKey ? await ctx.env.FILES.get(document.thumbnailKey) : null;
  if (!object) throw new Refusal(404, "errors.thumbnailMissing");
  return object;
}

/** Stores a first-page image under a new key (so caches never show a stale one) and drops the old one. */
export async function saveThumbnail(ctx: RequestContext, session: CurrentSession, id: string, request: Request) {
  const document = await requireVisibleDocument(ctx, session, id);
  if (!canEditDocument(session, document)) await refuse(ctx, session, id, 403, "errors.editForbidden");
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > THUMBNAIL_MAX_BYTES) throw new Refusal(413, "errors.thumbnailTooLarge");
  const bytes = new Uint8Array(await request.arrayBuffer());
  if (bytes.byteLength === 0) throw new Refusal(400, "errors.emptyFile");
  if (bytes.byteLength > THUMBNAIL_MAX_BYTES) throw new Refusal(413, "errors.thumbnailTooLarge");
  const type = sniffImageType(bytes);
  if (type !== "image/png" && type !== "image/jpeg") throw new Refusal(415, "errors.thumbnailType");
  const key = `ws/${document.workspaceId}/documents/${document.id}/thumbnail-${crypto.randomUUID()}.${type === "image/png" ? "png" : "jpg"}`;
  await ctx.env.FILES.put(key, bytes, { httpMetadata: { contentType: type } });
  await ctx.db.update(documents).set({ thumbnailKey: key }).where(eq(documents.id, document.id));
  if (document.thumbnailKey) await ctx.env.FILES.delete(document.thumbnailKey);
}
