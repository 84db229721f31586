import { Activity, Bug } from "lucide-react";
import { area, defineModule } from "../../platform/module-manifest";

/**
 * Operations (issue 21, part 1): /system-health probes every dependency and keeps a week of history; /error-reporting
 * groups the errors of the browser and the Worker and receives people's "report a problem". A workspace's
 * administrators see their workspace; the platform's operators (OPERATOR_EMAILS, ADR 0031) see everything.
 */
export const opsModule = defineModule({
  id: "ops",
  areas: [area("/system-health", "administration", Activity, true, { adminOnly: true }), area("/error-reporting", "administration", Bug, true)],
  pages: [
    { path: "system-health", file: "modules/ops/routes/system-health.tsx" },
    { path: "error-reporting", file: "modules/ops/routes/error-reporting.tsx" },
  ],
  routes: [
    { path: "api/health", file: "modules/ops/routes/api.health.ts" },
    { path: "api/errors", file: "modules/ops/routes/api.errors.ts" },
    { path: "api/errors/groups", file: "modules/ops/routes/api.error-groups.ts", id: "ops-error-groups" },
    { path: "api/errors/groups/:id/:command", file: "modules/ops/routes/api.error-groups.ts", id: "ops-error-group-command" },
    { path: "api/errors/reports", file: "modules/ops/routes/api.problem-reports.ts", id: "ops-problem-reports" },
    { path: "api/errors/reports/:id/:command", file: "modules/ops/routes/api.problem-reports.ts", id: "ops-problem-report-command" },
    { path: "api/dev/health-faults", file: "modules/ops/routes/api.dev-health-faults.ts" },
  ],
});
