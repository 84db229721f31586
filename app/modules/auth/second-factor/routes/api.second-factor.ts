import { requestT } from "~/i18n.server";
import { authenticator, type SignedIn } from "~/modules/auth/authenticator.server";
import { restartSignInResponse, signedInResponse } from "~/modules/auth/responses.server";
import { parseWith, readJsonBody } from "~/platform/http.server";
import { endpoint, jsonRoute } from "~/platform/json-route.server";
import { secondFactorSchema } from "../validation";
import { PendingSignInGone } from "../verify.server";

/**
 * POST `{ code }` (authenticator app or recovery code) or `{ passkey }` (a WebAuthn assertion): the second step
 * of a sign-in that answered `secondFactorRequired`. On success the spec's auth answer and the session cookie;
 * when the pending step is gone (expired, too many wrong codes) `restart: true`, to enter the password again.
 */
const secondFactor = jsonRoute(requestT, {
  POST: endpoint({
    session: "none",
    run: async ({ ctx, request, t }) => {
      const steps = authenticator(ctx, { secondFactor: async (copy) => parseWith(secondFactorSchema(t), await readJsonBody(copy, t), t) });
      try {
        // The second step only ever ends in a session (or throws).
        return signedInResponse(ctx, (await steps.authenticate("second-factor", request)) as SignedIn, { endsSecondFactor: true });
      } catch (error) {
        if (!(error instanceof PendingSignInGone)) throw error;
        return restartSignInResponse(ctx, error);
      }
    },
  }),
});

export const loader = secondFactor;
export const action = secondFactor;
