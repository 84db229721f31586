import { createDb } from "./db.server";
import { getConfig } from "./env.server";
import { runDocumentAnalysis } from "~/modules/documents/pipeline.server";
import type { JobMessage } from "./job-message";
import { deliverMail } from "./mail.server";

/** Runs one background job from the queue; throwing makes the queue retry it with backoff. */
export async function runJob(env: Env, job: JobMessage, attempt = 1): Promise<void> {
  switch (job.type) {
    case "mail.deliver":
      return deliverMail(createDb(env.DB), getConfig(env), job.outboxId);
    case "document.analyze":
      return runDocumentAnalysis(env, job, attempt);
    default:
      console.warn("Unknown job dropped", job);
  }
}
