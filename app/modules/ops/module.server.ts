import { z } from "zod";
import { createDb } from "~/platform/db.server";
import { getConfig } from "~/platform/env.server";
import { defineJob, defineServerModule } from "~/platform/module-manifest.server";
import { recordProbes } from "./health.server";
import { acknowledgeQueueProbe } from "./probes.server";

export const opsServer = defineServerModule({
  id: "ops",
  jobs: {
    // The queue probe: acknowledging it is the proof the consumer runs; its age is the queue's.
    "ops.probe": defineJob(z.object({ probeId: z.string().min(1), sentAt: z.number() }), (env, job) => acknowledgeQueueProbe(createDb(env.DB), job)),
  },
  scheduled: [
    {
      name: "system health probes",
      run: (env, now) => recordProbes({ db: createDb(env.DB), env, config: getConfig(env), now }),
    },
  ],
});
