import { requestT } from "~/i18n.server";
import { signOutDevice } from "~/modules/auth/devices/devices.server";
import { endpoint, jsonRoute } from "~/platform/json-route.server";

const device = jsonRoute(requestT, {
  /** DELETE: signs one of the caller's own devices out (its open sockets close); anyone else's session is a 404. */
  DELETE: endpoint({
    run: async ({ ctx, session, params }) => {
      await signOutDevice(ctx, session, params.id ?? "");
      return {};
    },
  }),
});

export const loader = device;
export const action = device;
