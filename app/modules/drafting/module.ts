import { PenLine } from "lucide-react";
import { area, defineModule } from "../../platform/module-manifest";

/** Drafting documents from templates and the trust's facts (docs/decisions/0010). */
export const draftingModule = defineModule({
  id: "drafting",
  areas: [area("/document-drafting", "documents", PenLine, true)],
  pages: [{ path: "document-drafting", file: "routes/document-drafting.tsx" }],
  routes: [
    { path: "api/drafting/export", file: "routes/api.drafting.export.ts" },
    { path: "api/drafting/save", file: "routes/api.drafting.save.ts" },
    { path: "api/drafting/ai", file: "routes/api.drafting.ai.ts" },
  ],
});
