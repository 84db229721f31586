import { DASHBOARD_CARDS } from "~/modules/registry";
import { notStartedCard, type DashboardCardBody } from "./cards";
import { DASHBOARD_MODULES, moduleRoute, type DashboardModuleId } from "./modules";
import type { DashboardData } from "./service.server";

export interface ModuleSummary extends DashboardCardBody {
  id: DashboardModuleId;
  name: string;
  icon: (typeof DASHBOARD_MODULES)[number]["icon"];
}

// A card no built module fills opens its area (where the page says it is being built).
const NOT_STARTED_ACTIONS: Partial<Record<DashboardModuleId, string>> = { "financial-management": "openFinancial", "video-meetings": "startMeeting" };

/**
 * The spec's six module cards, each filled by the module that claims it (`dashboardCards` in its module.ts)
 * from that module's own figures. Cards no built module fills say so instead of showing invented numbers.
 */
export function moduleSummaries(data: DashboardData): ModuleSummary[] {
  const figures = data as unknown as Record<string, unknown>;
  return DASHBOARD_MODULES.map((module) => {
    const card = DASHBOARD_CARDS[module.id];
    const body =
      card && figures[card.figures] !== undefined
        ? card.body(figures[card.figures] as never)
        : notStartedCard({ key: NOT_STARTED_ACTIONS[module.id] ?? "open", to: moduleRoute(module.name) });
    return { ...module, ...body };
  });
}
