import { requestT } from "~/i18n.server";
import { signedInResponse } from "~/modules/auth/responses.server";
import { register } from "~/modules/auth/service.server";
import { strictSchemas } from "~/modules/auth/validation";
import { endpoint, jsonRoute } from "~/platform/json-route.server";

const signUp = jsonRoute(
  requestT,
  {
    POST: endpoint({
      session: "none",
      body: strictSchemas.register,
      run: async ({ ctx, body }) => signedInResponse(ctx, await register(ctx, body), { status: 201 }),
    }),
  },
  { writesAsPost: true },
);

export const loader = signUp;
export const action = signUp;
