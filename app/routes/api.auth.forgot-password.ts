import { requestT } from "~/i18n.server";
import { requestPasswordReset } from "~/modules/auth/service.server";
import { strictSchemas } from "~/modules/auth/validation";
import { endpoint, jsonRoute } from "~/platform/json-route.server";

const forgotPassword = jsonRoute(
  requestT,
  {
    /** The same answer whether or not the address has an account. */
    POST: endpoint({
      session: "none",
      body: strictSchemas.forgotPassword,
      run: async ({ ctx, body, t }) => {
        await requestPasswordReset(ctx, body.email);
        return { message: t("reset.success") };
      },
    }),
  },
  { writesAsPost: true },
);

export const loader = forgotPassword;
export const action = forgotPassword;
