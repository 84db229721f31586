import { Scale } from "lucide-react";
import { area, defineModule } from "../../platform/module-manifest";

/** The assistant: answers from the workspace's own documents, and cross-document checks (docs/decisions/0009). */
export const aiModule = defineModule({
  id: "ai",
  areas: [area("/legal-intelligence", "documents", Scale, true)],
  pages: [{ path: "legal-intelligence", file: "routes/legal-intelligence.tsx" }],
  routes: [
    { path: "api/ai/chat", file: "routes/api.ai.chat.ts" },
    { path: "api/ai/legal-intelligence", file: "routes/api.ai.legal-intelligence.ts" },
  ],
});
