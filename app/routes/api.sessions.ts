import { requestT } from "~/i18n.server";
import { listDevices, signOutOtherDevices } from "~/modules/auth/devices/devices.server";
import { endpoint, jsonRoute } from "~/platform/json-route.server";

const devices = jsonRoute(requestT, {
  /** GET: the caller's signed-in devices (browser, system, country where known, last seen), the current one first. */
  GET: endpoint({ run: async ({ ctx, session }) => ({ sessions: await listDevices(ctx, session) }) }),
  /** DELETE: sign out everywhere else (every session of the caller but this one). */
  DELETE: endpoint({ run: async ({ ctx, session }) => ({ signedOut: await signOutOtherDevices(ctx, session) }) }),
});

export const loader = devices;
export const action = devices;
