import { requestT } from "~/i18n.server";
import { resendVerification } from "~/modules/auth/service.server";
import { endpoint, jsonRoute } from "~/platform/json-route.server";

const resend = jsonRoute(
  requestT,
  {
    POST: endpoint({
      run: async ({ ctx, session }) => {
        await resendVerification(ctx, session.user);
        return {};
      },
    }),
  },
  { writesAsPost: true },
);

export const loader = resend;
export const action = resend;
