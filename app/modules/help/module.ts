import { CircleHelp } from "lucide-react";
import { area, defineModule } from "../../platform/module-manifest";

/** The help centre: every module's sections, searchable, and the assistant's answers link into it. */
export const helpModule = defineModule({
  id: "help",
  areas: [area("/help", "administration", CircleHelp, true)],
  pages: [{ path: "help", file: "routes/help.tsx" }],
  helpTopics: ["getting-started"],
});
