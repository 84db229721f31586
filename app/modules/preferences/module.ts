import { defineModule } from "../../platform/module-manifest";

/** Language, theme and display preferences (spec section 9), and their demonstration pages. */
export const preferencesModule = defineModule({
  id: "preferences",
  pages: [
    { path: "language-demo", file: "routes/language-demo.tsx" },
    { path: "theme-demo", file: "routes/theme-demo.tsx" },
  ],
  routes: [{ path: "api/preferences", file: "routes/api.preferences.ts" }],
  helpTopics: ["languages"],
});
