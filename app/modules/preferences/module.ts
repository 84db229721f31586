import { Earth, Palette } from "lucide-react";
import { area, defineModule } from "../../platform/module-manifest";

/** Language, theme and display preferences (spec section 9), and their demonstration pages. */
export const preferencesModule = defineModule({
  id: "preferences",
  areas: [area("/language-demo", "administration", Earth, true), area("/theme-demo", "administration", Palette, true)],
  pages: [
    { path: "language-demo", file: "routes/language-demo.tsx" },
    { path: "theme-demo", file: "routes/theme-demo.tsx" },
  ],
  routes: [{ path: "api/preferences", file: "routes/api.preferences.ts" }],
  helpTopics: ["languages"],
});
