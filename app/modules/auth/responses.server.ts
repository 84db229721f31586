import type { RequestContext } from "~/platform/request-context.server";
import { jsonResponse } from "~/platform/http.server";
import type { SecondFactorOwed } from "./authenticator.server";
import { toPublicUser } from "./public-user";
import { clearPendingCookie, serializePendingCookie } from "./second-factor/pending.server";
import { serializeSessionCookie, type CurrentWorkspace, type UserRow } from "./session.server";

/** The spec's auth answer (success, sessionId, user) with the HttpOnly session cookie that really signs in. */
export function signedInResponse(
  ctx: RequestContext,
  result: { user: UserRow; workspace: CurrentWorkspace | null; token: string; session: { id: string; remember: boolean } },
  { status = 200, endsSecondFactor = false }: { status?: number; endsSecondFactor?: boolean } = {},
) {
  const headers = new Headers({ "Set-Cookie": serializeSessionCookie(result.token, { secure: ctx.secure, remember: result.session.remember }) });
  // The second step's own cookie is done with once it has made the session.
  if (endsSecondFactor) headers.append("Set-Cookie", clearPendingCookie(ctx.secure));
  return jsonResponse({ success: true, sessionId: result.session.id, user: toPublicUser(result) }, { status, headers });
}

/**
 * The password was right and a second factor is owed. The spec's fields keep their meaning: not signed in yet
 * (`success: false`, no session, no user, and `error` says what to do), plus `secondFactorRequired` and the
 * methods on offer. The pending step rides in its own short-lived cookie, never in the body.
 */
export function secondFactorRequiredResponse(ctx: RequestContext, owed: SecondFactorOwed) {
  return jsonResponse(
    { success: false, secondFactorRequired: true, secondFactorMethods: owed.secondFactor.methods, error: ctx.t("secondFactor.required") },
    { status: 200, headers: { "Set-Cookie": serializePendingCookie(owed.secondFactor.token, ctx.secure) } },
  );
}

/** The pending second step is gone (expired, too many wrong codes): `restart: true` says to enter the password again. */
export function restartSignInResponse(ctx: RequestContext, error: { status: number; message: string }) {
  return jsonResponse(
    { success: false, error: error.message, restart: true },
    { status: error.status, headers: { "Set-Cookie": clearPendingCookie(ctx.secure) } },
  );
}
