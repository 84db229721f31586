import { defineDashboardCard } from "../dashboard/cards";

/** The workspace's duties with deadlines (read by module.server.ts). */
export interface ComplianceFigures {
  total: number;
  completed: number;
  overdue: number;
  /** The score (health.ts): of the duties fallen due, the weighted share done on time; null when none has. */
  onTrackPercent: number | null;
  upcoming: { id: string; title: string; dueAt: string }[];
  /** The day the figures were read for (YYYY-MM-DD), to tell overdue from upcoming. */
  today: string;
}

export const complianceMonitoringCard = defineDashboardCard("compliance", (c: ComplianceFigures) => ({
  progress: c.onTrackPercent,
  statusKey: c.total === 0 ? "empty" : c.overdue > 0 ? "attention" : "upToDate",
  stats: [
    { key: "items", value: c.total },
    { key: "completed", value: c.completed },
    { key: "overdue", value: c.overdue },
  ],
  // The open duties due soonest: an overdue one (its day before today's) says so.
  recent: c.upcoming.map((item) => {
    const overdue = item.dueAt.slice(0, 10) < c.today;
    return { id: item.id, title: item.title, detailKey: overdue ? "overdue" : "due", detail: item.dueAt, status: overdue ? "overdue" : "upcoming" };
  }),
  actions: [{ key: "openCompliance", to: "/compliance-health" }],
}));
