import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiSession } from "~/modules/auth/guard.server";
import { readAvatar } from "~/modules/profile/service.server";
import { getRequestContext } from "~/platform/request-context.server";
import { onlyMethods } from "~/platform/http.server";

/** GET /api/users/{id}/avatar: the profile picture, for the person and those who share a workspace with them. */
export async function loader(args: LoaderFunctionArgs) {
  const session = await requireApiSession(args);
  const object = await readAvatar(getRequestContext(args.request, args.context), session, args.params.id ?? "");
  if (!object) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return new Response(object.body, {
    headers: {
      "Content-Type": object.httpMetadata?.contentType ?? "application/octet-stream",
      "Cache-Control": "private, max-age=86400",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
  });
}

export const action = onlyMethods("GET");
