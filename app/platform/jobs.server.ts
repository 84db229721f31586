import { createDb } from "./db.server";
import { getConfig } from "./env.server";
import { deliverMail, type JobMessage } from "./mail.server";

/** Runs one background job from the queue; throwing makes the queue retry it with backoff. */
export async function runJob(env: Env, job: JobMessage): Promise<void> {
  switch (job.type) {
    case "mail.deliver":
      return deliverMail(createDb(env.DB), getConfig(env), job.outboxId);
    default:
      console.warn("Unknown job dropped", job);
  }
}
