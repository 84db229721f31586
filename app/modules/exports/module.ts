import { defineModule } from "../../platform/module-manifest";

/**
 * "Export everything" (issue 19): the owner takes the whole workspace away as one ZIP, built by a queue job and
 * downloaded from a link that expires (ADR 0024). Its panel (components/workspace-export-panel.tsx) is mounted on /admin.
 */
export const exportsModule = defineModule({
  id: "exports",
  routes: [
    { path: "api/workspaces/export", file: "modules/exports/routes/api.export.ts" },
    { path: "api/workspaces/export/:id", file: "modules/exports/routes/api.export.$id.ts" },
    { path: "api/workspaces/export/:id/download", file: "modules/exports/routes/api.export.$id.download.ts" },
  ],
});
