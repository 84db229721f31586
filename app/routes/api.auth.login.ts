import { requestT } from "~/i18n.server";
import { authenticator } from "~/modules/auth/authenticator.server";
import { signedInResponse } from "~/modules/auth/responses.server";
import { strictSchemas } from "~/modules/auth/validation";
import { endpoint, jsonRoute } from "~/platform/json-route.server";

const login = jsonRoute(
  requestT,
  {
    /** POST `{ email, password, remember? }`: the session cookie and the spec's auth answer. */
    POST: endpoint({
      session: "none",
      body: strictSchemas.login,
      run: async ({ ctx, body, request }) => signedInResponse(ctx, await authenticator(ctx, async () => body).authenticate("password", request)),
    }),
  },
  { writesAsPost: true },
);

export const loader = login;
export const action = login;
