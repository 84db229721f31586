import { defineDashboardCard } from "../dashboard/cards";

/** The workspace's duties with deadlines (read by module.server.ts). */
export interface ComplianceFigures {
  total: number;
  completed: number;
  overdue: number;
  /** The score (health.ts): of the duties fallen due, the weighted share done on time; null when none has. */
  onTrackPercent: number | null;
  upcoming: { id: string; title: string; dueAt: string }[];
}

export const complianceMonitoringCard = defineDashboardCard("compliance", (c: ComplianceFigures) => ({
  progress: c.onTrackPercent,
  statusKey: c.total === 0 ? "empty" : c.overdue > 0 ? "attention" : "upToDate",
  stats: [
    { key: "items", value: c.total },
    { key: "completed", value: c.completed },
    { key: "overdue", value: c.overdue },
  ],
  recent: c.upcoming.map((item) => ({ id: item.id, title: item.title, detailKey: "due", detail: item.dueAt, status: "upcoming" })),
  actions: [{ key: "openCompliance", to: "/compliance-health" }],
}));
