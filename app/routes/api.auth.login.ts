import { requestT } from "~/i18n.server";
import { authenticator, owesSecondFactor } from "~/modules/auth/authenticator.server";
import { secondFactorRequiredResponse, signedInResponse } from "~/modules/auth/responses.server";
import { strictSchemas } from "~/modules/auth/validation";
import { parseWith, readJsonBody } from "~/platform/http.server";
import { endpoint, jsonRoute } from "~/platform/json-route.server";

const login = jsonRoute(
  requestT,
  {
    /**
     * POST `{ email, password, remember? }`: the session cookie and the spec's auth answer. The strategy reads
     * the body itself (remix-auth hands it a copy of the request, which needs the body still unread). A person
     * with a second factor gets no session yet: `secondFactorRequired` and the pending step's cookie, to finish
     * at POST /api/auth/second-factor.
     */
    POST: endpoint({
      session: "none",
      run: async ({ ctx, request, t }) => {
        const passwords = authenticator(ctx, { credentials: async (copy) => parseWith(strictSchemas.login(t), await readJsonBody(copy, t), t) });
        const outcome = await passwords.authenticate("password", request);
        return owesSecondFactor(outcome) ? secondFactorRequiredResponse(ctx, outcome) : signedInResponse(ctx, outcome);
      },
    }),
  },
  { writesAsPost: true },
);

export const loader = login;
export const action = login;
