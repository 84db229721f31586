import { z } from "zod";
import { endpoint, jsonRoute } from "~/platform/json-route.server";
import { Refusal } from "~/platform/http.server";
import { setFaults } from "../faults.server";
import { forgetCachedHealth } from "../health.server";
import { opsT } from "../i18n.server";
import { SERVICES } from "../schema";

const route = jsonRoute(opsT, {
  /**
   * POST /api/dev/health-faults `{ faults: ["r2", …], throwMessage?, roomThrowMessage? }`: development tools only.
   * The tests make a dependency fail, or (with `throwMessage`) make this endpoint throw as a bug would, to see the
   * Worker's capture; `roomThrowMessage` makes a user room throw (captured there as "room: UserRoom").
   */
  POST: endpoint({
    session: "none",
    body: () =>
      z.object({
        faults: z.array(z.enum(SERVICES)).max(SERVICES.length),
        throwMessage: z.string().max(200).optional(),
        roomThrowMessage: z.string().max(200).optional(),
      }),
    run: async ({ ctx, body }) => {
      if (!ctx.devTools) throw new Refusal(404, "errors.notFound");
      if (body.throwMessage) throw new TypeError(body.throwMessage);
      if (body.roomThrowMessage) {
        const { getServerByName } = await import("partyserver");
        const room = await getServerByName(ctx.env.UserRoom, "ops-dev-throw");
        const answer = await room.fetch(new Request("https://rooms.internal/ops-throw", { headers: { "X-Ops-Message": body.roomThrowMessage } }));
        return { faults: body.faults, room: answer.status };
      }
      setFaults(body.faults);
      forgetCachedHealth();
      return { faults: body.faults };
    },
  }),
});

export const loader = route;
export const action = route;
