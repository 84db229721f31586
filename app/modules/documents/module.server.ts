import { count, desc } from "drizzle-orm";
import { z } from "zod";
import { defineDashboardSource, defineJob, defineServerModule } from "~/platform/module-manifest.server";
import { visibleDocuments } from "./access.server";
import { documentsExport } from "./export-data.server";
import { forgetDepartedMember } from "./member-left.server";
import type { DocumentFigures } from "./dashboard-card";
import { runDocumentAnalysis } from "./pipeline.server";
import { documents } from "./schema";

export const documentsServer = defineServerModule({
  id: "documents",
  exportData: documentsExport,
  on: { "member.left": forgetDepartedMember },
  jobs: {
    // Queued by enqueueAnalysis (jobs.server.ts) after an upload, a new version or "Analyse again".
    "document.analyze": defineJob(
      z.object({ documentId: z.string().min(1), workspaceId: z.string().min(1), versionId: z.string().min(1).optional() }),
      runDocumentAnalysis,
    ),
  },
  dashboard: defineDashboardSource({
    key: "documents",
    // Only what this person may open: a beneficiary counts the documents shared with them.
    queries: ({ db, session }) => [
      db.select({ status: documents.status, n: count() }).from(documents).where(visibleDocuments(session)).groupBy(documents.status),
      db
        .select({ id: documents.id, title: documents.title, status: documents.status, type: documents.type, createdAt: documents.createdAt })
        .from(documents)
        .where(visibleDocuments(session))
        .orderBy(desc(documents.createdAt))
        .limit(3),
    ],
    read: ([byStatusRows, recent]): DocumentFigures => {
      const byStatus = Object.fromEntries(byStatusRows.map((r) => [r.status, r.n])) as Record<string, number>;
      return {
        total: byStatusRows.reduce((sum, r) => sum + r.n, 0),
        completed: byStatus.completed ?? 0,
        analyzing: byStatus.analyzing ?? 0,
        pending: byStatus.pending ?? 0,
        error: byStatus.error ?? 0,
        recent: recent.map((d) => ({ id: d.id, title: d.title, status: d.status, type: d.type, createdAt: d.createdAt.toISOString() })),
      };
    },
  }),
});
