import { FileText, History } from "lucide-react";
import { area, defineModule } from "../../platform/module-manifest";
import { legalDocumentsCard } from "./dashboard-card";

/** The family's papers: upload, reading and analysis, sharing, versions (spec section 2: /documents, /version-control). */
export const documentsModule = defineModule({
  id: "documents",
  areas: [area("/documents", "documents", FileText, true), area("/version-control", "documents", History, true)],
  pages: [
    { path: "documents", file: "routes/documents.tsx" },
    { path: "documents/:id", file: "routes/documents.$id.tsx" },
    { path: "version-control", file: "routes/version-control.tsx" },
    { path: "version-control/:id", file: "routes/version-control.$id.tsx" },
  ],
  routes: [
    { path: "api/documents", file: "routes/api.documents.ts" },
    { path: "api/documents/:id", file: "routes/api.documents.$id.ts" },
    { path: "api/documents/:id/file", file: "routes/api.documents.$id.file.ts" },
    { path: "api/documents/:id/analyze", file: "routes/api.documents.$id.analyze.ts" },
    { path: "api/documents/:id/text", file: "routes/api.documents.$id.text.ts" },
    { path: "api/documents/:id/thumbnail", file: "routes/api.documents.$id.thumbnail.ts" },
    { path: "api/documents/:id/shares", file: "routes/api.documents.$id.shares.ts" },
    { path: "api/documents/:id/shares/:userId", file: "routes/api.documents.$id.shares.$userId.ts" },
    { path: "api/documents/:id/versions", file: "routes/api.documents.$id.versions.ts" },
    { path: "api/documents/:id/versions/:versionId/file", file: "routes/api.documents.$id.versions.$versionId.file.ts" },
    { path: "api/documents/:id/versions/:versionId/restore", file: "routes/api.documents.$id.versions.$versionId.restore.ts" },
    { path: "api/documents/:id/compare", file: "routes/api.documents.$id.compare.ts" },
    { path: "api/legal/documents/recent", file: "routes/api.legal.documents.recent.ts" },
  ],
  helpTopics: ["upload-documents", "organization", "analysis"],
  dashboardCards: { "legal-documents": legalDocumentsCard },
  seed: () => import("./seed"),
});
