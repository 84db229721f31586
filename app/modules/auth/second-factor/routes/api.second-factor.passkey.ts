import { requestT } from "~/i18n.server";
import { restartSignInResponse } from "~/modules/auth/responses.server";
import { endpoint, jsonRoute } from "~/platform/json-route.server";
import { PendingSignInGone, signInPasskeyOptions } from "../verify.server";

/** POST: WebAuthn options for the pending sign-in's passkeys; the challenge is kept on the server, bound to that step. */
const options = jsonRoute(requestT, {
  POST: endpoint({
    session: "none",
    run: async ({ ctx, request }) => {
      try {
        return { options: await signInPasskeyOptions(ctx, request) };
      } catch (error) {
        if (error instanceof PendingSignInGone) return restartSignInResponse(ctx, error);
        throw error;
      }
    },
  }),
});

export const loader = options;
export const action = options;
