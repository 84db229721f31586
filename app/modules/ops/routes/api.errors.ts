import { getCurrentSession } from "~/modules/auth/guard.server";
import { parseWith, readJsonBody } from "~/platform/http.server";
import { endpoint, jsonRoute } from "~/platform/json-route.server";
import { opsT } from "../i18n.server";
import { countClientReports, receiveClientReports } from "../intake.server";
import { clientReportSchemas } from "../validation";

/** A batch is at most 20 reports of a few KiB each: anything larger is refused with 413 before it is read. */
const BODY_LIMIT = 256 * 1024;

const route = jsonRoute(opsT, {
  /** POST /api/errors `{ message, stack?, route?, release? }`, a list of them or `{ reports: [...] }` → 202 `{ accepted }`; signed out too. */
  POST: endpoint({
    session: "none",
    status: 202,
    run: async ({ args, ctx, request, t }) => {
      // Counted first: a request over the limits is refused before its body is read or parsed (issue 42).
      const session = await getCurrentSession(args);
      await countClientReports(ctx, request, session);
      const raw = await readJsonBody(request, t, BODY_LIMIT);
      // A bare list is a batch too; the house parser takes objects only.
      const body: unknown = Array.isArray(raw) ? { reports: raw } : raw;
      const schemas = clientReportSchemas(t);
      const reports =
        typeof body === "object" && body !== null && "reports" in body ? parseWith(schemas.batch, body, t).reports : [parseWith(schemas.single, body, t)];
      return receiveClientReports(ctx, request, session, reports);
    },
  }),
});

export const loader = route;
export const action = route;
