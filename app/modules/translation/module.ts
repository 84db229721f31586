import { Languages } from "lucide-react";
import { area, defineModule } from "../../platform/module-manifest";

/** Translating a document or a passage for a family member who reads another language (docs/decisions/0010). */
export const translationModule = defineModule({
  id: "translation",
  areas: [area("/translator", "documents", Languages, true)],
  pages: [{ path: "translator", file: "routes/translator.tsx" }],
  routes: [{ path: "api/translate", file: "routes/api.translate.ts" }],
});
