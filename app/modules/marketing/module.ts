import { defineModule } from "../../platform/module-manifest";

/** The sales page (spec section 1) and the downloadable guides. */
export const marketingModule = defineModule({
  id: "marketing",
  routes: [
    { path: "sales", file: "routes/landing.tsx", id: "sales" },
    { path: "landing", file: "routes/landing.tsx", id: "landing" },
    { path: "guides/:slug", file: "routes/guides.slug.ts" },
  ],
});
