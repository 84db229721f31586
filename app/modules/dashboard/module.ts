import { LayoutDashboard, LayoutGrid } from "lucide-react";
import { area, defineModule } from "../../platform/module-manifest";

/** The signed-in home: figures from every module, its cards, quick actions and recent activity (spec section 2). */
export const dashboardModule = defineModule({
  id: "dashboard",
  areas: [
    area("/dashboard", "administration", LayoutDashboard, true, { alsoAt: ["/"] }),
    area("/modules", "administration", LayoutGrid, true, { labelKey: "help:modules.title" }),
  ],
  pages: [
    { path: "dashboard", file: "routes/dashboard.tsx" },
    { path: "modules", file: "routes/modules.tsx" },
  ],
});
