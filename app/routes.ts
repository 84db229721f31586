import { index, layout, route, type RouteConfig } from "@remix-run/route-config";
import type { ModuleRoute } from "./platform/module-manifest";
import { MODULES } from "./modules/registry";

const toRoute = (r: ModuleRoute) => (r.id ? route(r.path, r.file, { id: r.id }) : route(r.path, r.file));

// Every URL comes from the modules' manifests (app/modules/registry.ts); only the frame is written here.
export default [
  // "/" is the dashboard signed in and the sales page signed out; it decides for itself, outside the layout.
  index("routes/home.tsx"),
  ...MODULES.flatMap((m) => ("routes" in m ? m.routes : []).map(toRoute)),
  // The signed-in pages: the layout requires the session and draws the shell around each of them.
  layout(
    "routes/_app.tsx",
    MODULES.flatMap((m) => ("pages" in m ? m.pages : []).map(toRoute)),
  ),
  // An /api/ address without an endpoint: a JSON 404, never a page.
  route("api/*", "routes/api-not-found.ts"),
  // Everything else: the spec's route sets (signed-in pages not built yet, not-found, the sales page).
  route("*", "routes/catch-all.tsx"),
] satisfies RouteConfig;
