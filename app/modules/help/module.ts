import { defineModule } from "../../platform/module-manifest";

/** The help centre: every module's sections, searchable, and the assistant's answers link into it. */
export const helpModule = defineModule({
  id: "help",
  pages: [{ path: "help", file: "routes/help.tsx" }],
  helpTopics: ["getting-started"],
});
