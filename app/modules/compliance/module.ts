import { defineModule } from "../../platform/module-manifest";
import { complianceMonitoringCard } from "./dashboard-card";

/** Duties with deadlines. /compliance is where the assistant's "Check Compliance" leads (spec section 8). */
export const complianceModule = defineModule({
  id: "compliance",
  routes: [{ path: "compliance", file: "routes/compliance.tsx" }],
  helpTopics: ["compliance"],
  dashboardCards: { "compliance-monitoring": complianceMonitoringCard },
});
