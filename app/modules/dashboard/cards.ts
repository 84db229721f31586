import type { DashboardModuleId } from "./modules";

/** What a module card shows, worked out from its domain's figures only (the card's name and icon are the dashboard's). */
export interface DashboardCardBody {
  /** 0–100, or null when there is nothing real to measure. */
  progress: number | null;
  /** i18n key under dashboard.moduleStatus, chosen from the data (or "ns:key" in the card's own namespace; so are stats', recent items' and actions' keys). */
  statusKey: string;
  stats: { key: string; value: number | string }[];
  recent: { id: string; title: string; detailKey: string; detail?: string; status: string }[];
  actions: { key: string; to: string }[];
}

/** A card filled from the figures a domain's dashboard source reads (`figures` is that source's key). */
export interface DashboardCard<F = never> {
  figures: string;
  /** A module's own namespace, loaded with the dashboard, for keys written "ns:key". */
  namespace?: string;
  body: (figures: F) => DashboardCardBody;
}

export function defineDashboardCard<F>(figures: string, body: (figures: F) => DashboardCardBody, options: { namespace?: string } = {}): DashboardCard<F> {
  return { figures, body, ...options };
}

export type DashboardCardId = DashboardModuleId;

/** A card no built module fills yet: it says so, and its button opens the area's page. */
export function notStartedCard(action: { key: string; to: string }): DashboardCardBody {
  return { progress: null, statusKey: "notStarted", stats: [], recent: [], actions: [action] };
}
