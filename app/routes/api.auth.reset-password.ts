import { requestT } from "~/i18n.server";
import { resetPassword } from "~/modules/auth/service.server";
import { strictSchemas } from "~/modules/auth/validation";
import { endpoint, jsonRoute } from "~/platform/json-route.server";

const reset = jsonRoute(
  requestT,
  {
    POST: endpoint({
      session: "none",
      body: strictSchemas.resetPassword,
      run: async ({ ctx, body, t }) => {
        await resetPassword(ctx, body.token, body.password);
        return { message: t("resetPage.done") };
      },
    }),
  },
  { writesAsPost: true },
);

export const loader = reset;
export const action = reset;
