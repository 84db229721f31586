import { z } from "zod";
import { createDb } from "~/platform/db.server";
import { defineJob, defineServerModule } from "~/platform/module-manifest.server";
import { runExport } from "./build.server";
import { deleteExpiredExports } from "./service.server";

export const exportsServer = defineServerModule({
  id: "exports",
  jobs: { "workspace.export": defineJob(z.object({ exportId: z.string() }), (env, job, attempt) => runExport(env, job.exportId, attempt)) },
  scheduled: [{ name: "delete expired exports", run: (env, now) => deleteExpiredExports(env, createDb(env.DB), now) }],
});
