import type { RequestContext } from "~/platform/request-context.server";

/**
 * One document's reading and analysis. `versionId` names the version the job is for: a job that
 * finds a newer version current does nothing (that version's own job follows).
 */
export interface AnalysisJob {
  documentId: string;
  workspaceId: string;
  versionId?: string;
}

/** Puts a document's reading and analysis on the queue; the consumer is pipeline.server.ts. */
export async function enqueueAnalysis(ctx: Pick<RequestContext, "env">, job: AnalysisJob) {
  try {
    await ctx.env.JOBS.send({ type: "document.analyze", ...job });
  } catch (error) {
    // The document is saved; it stays "Pending" and a person can start the analysis again from its page.
    console.error("Could not queue the analysis of a document", job.documentId, error);
  }
}
