import { z } from "zod";
import { commandRoute, endpoint, jsonRoute } from "~/platform/json-route.server";
import { opsViewer, requireOpsViewer } from "../access.server";
import { opsT } from "../i18n.server";
import { errorSessionKey } from "../intake.server";
import { allReports, createReport, myReports, setReportStatus } from "../reports.server";
import { REPORT_STATUSES } from "../schema";
import { problemReportSchema } from "../validation";

const read = jsonRoute(opsT, {
  /** GET /api/errors/reports → `{ mine: [...] , all?: [...] }`: one's own reports; every report for operators. */
  GET: endpoint({
    run: async ({ ctx, session }) => {
      const viewer = opsViewer(ctx.config, session);
      return { mine: await myReports(ctx, session.user.id), ...(viewer?.kind === "operator" ? { all: await allReports(ctx, viewer) } : {}) };
    },
  }),
  /** POST /api/errors/reports `{ description, attachErrors, sessionKey? }` → 201 `{ report: { id, status, attachedErrors } }`. */
  POST: endpoint({
    body: (t) => problemReportSchema(t),
    status: 201,
    run: async ({ ctx, session, body, request }) => ({
      report: await createReport(ctx, session, { ...body, sessionKey: body.sessionKey ?? errorSessionKey(request) ?? undefined }),
    }),
  }),
});

/** POST /api/errors/reports/{id}/status `{ status }`: operators only. */
const status = jsonRoute(opsT, {
  POST: endpoint({
    body: (t) => z.object({ status: z.enum(REPORT_STATUSES, { errorMap: () => ({ message: t("errors.unknownStatus") }) }) }),
    run: async ({ ctx, session, body, params }) => ({
      report: await setReportStatus(ctx, requireOpsViewer(ctx.config, session), params.id ?? "", body.status),
    }),
  }),
});

const route = commandRoute(opsT, read, { status }, "errors.reportNotFound");

export const loader = route;
export const action = route;
