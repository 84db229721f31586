import { defineModule } from "../../platform/module-manifest";

/** The signed-in home: figures from every module, its cards, quick actions and recent activity (spec section 2). */
export const dashboardModule = defineModule({
  id: "dashboard",
  pages: [
    { path: "dashboard", file: "routes/dashboard.tsx" },
    { path: "modules", file: "routes/modules.tsx" },
  ],
});
