import { z } from "zod";
import { createDb } from "~/platform/db.server";
import { getConfig } from "~/platform/env.server";
import { deliverMail, releaseHeldMail } from "~/platform/mail.server";
import { defineJob, defineServerModule } from "~/platform/module-manifest.server";

export const mailServer = defineServerModule({
  id: "mail",
  jobs: {
    // Queued by sendMail once the message is in the outbox; a failed delivery is retried by the queue.
    "mail.deliver": defineJob(z.object({ outboxId: z.string().min(1) }), (env, job) => deliverMail(createDb(env.DB), getConfig(env), job.outboxId)),
  },
  // Mail held for the recipient's quiet hours goes once they end (ADR 0033).
  scheduled: [{ name: "release held mail", run: (env, now) => releaseHeldMail(createDb(env.DB), getConfig(env), env.JOBS, now) }],
});
