import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiSession } from "~/modules/auth/guard.server";
import { toPublicUser } from "~/modules/auth/public-user";
import { handleJson, jsonResponse, onlyMethods } from "~/platform/http.server";
import { getRequestContext } from "~/platform/request-context.server";

/** The current user; 401 `{"message":"Unauthorized"}` when signed out. */
export async function loader(args: LoaderFunctionArgs) {
  const ctx = getRequestContext(args.request, args.context);
  return handleJson(ctx.t, async () => jsonResponse(toPublicUser(await requireApiSession(args))));
}

export const action = onlyMethods("GET");
