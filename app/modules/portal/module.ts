import { HandCoins } from "lucide-react";
import { area, defineModule } from "../../platform/module-manifest";

/**
 * The beneficiary portal (issue 19): a beneficiary's private, live view of her own interest (her share, her requests,
 * what she was sent, her votes) and a thread with the trustees, at /beneficiary-portal; trustees preview it as any
 * beneficiary. Her navigation opens with it (`leadsFor`).
 */
export const portalModule = defineModule({
  id: "portal",
  areas: [area("/beneficiary-portal", "money", HandCoins, true, { leadsFor: ["beneficiary"] })],
  pages: [{ path: "beneficiary-portal", file: "modules/portal/routes/beneficiary-portal.tsx" }],
  routes: [{ path: "api/portal", file: "modules/portal/routes/api.portal.ts" }],
  seed: () => import("./seed"),
});
