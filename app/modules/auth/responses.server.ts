import type { RequestContext } from "~/platform/request-context.server";
import { jsonResponse } from "~/platform/http.server";
import { toPublicUser } from "./public-user";
import { serializeSessionCookie, type CurrentWorkspace, type UserRow } from "./session.server";

/** The spec's auth answer (success, sessionId, user) with the HttpOnly session cookie that really signs in. */
export function signedInResponse(
  ctx: RequestContext,
  result: { user: UserRow; workspace: CurrentWorkspace | null; token: string; session: { id: string; remember: boolean } },
  status = 200,
) {
  return jsonResponse(
    { success: true, sessionId: result.session.id, user: toPublicUser(result) },
    {
      status,
      headers: { "Set-Cookie": serializeSessionCookie(result.token, { secure: ctx.secure, remember: result.session.remember }) },
    },
  );
}
