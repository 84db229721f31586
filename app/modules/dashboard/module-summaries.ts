import type { LucideIcon } from "lucide-react";
import type { DashboardData } from "./service.server";
import { DASHBOARD_MODULES, type DashboardModuleId } from "./modules";

export interface ModuleSummary {
  id: DashboardModuleId;
  name: string;
  icon: LucideIcon;
  /** 0–100, or null when there is nothing to measure yet. */
  progress: number | null;
  /** i18n key under dashboard.modules.{id}.status, chosen from the data. */
  statusKey: string;
  stats: { key: string; value: number | string }[];
  recent: { id: string; title: string; detailKey: string; detail?: string; status: string }[];
  actions: { key: string; to: string }[];
}

const percent = (part: number, whole: number) => (whole === 0 ? null : Math.round((part / whole) * 100));

/**
 * The six module cards, computed from the workspace's real figures. Modules whose feature is not
 * built yet say so instead of showing invented numbers.
 */
export function moduleSummaries(data: DashboardData): ModuleSummary[] {
  const { documents: d, members: m, compliance: c } = data;
  const setupSteps = [d.total > 0, m.trustees > 0, m.beneficiaries > 0, m.total > 1];
  const byId: Record<DashboardModuleId, Omit<ModuleSummary, "id" | "name" | "icon">> = {
    "legal-documents": {
      progress: percent(d.completed, d.total),
      statusKey: d.total === 0 ? "empty" : d.analyzing + d.pending > 0 ? "inProgress" : "upToDate",
      stats: [
        { key: "total", value: d.total },
        { key: "analysed", value: d.completed },
        { key: "waiting", value: d.pending + d.analyzing },
        { key: "failed", value: d.error },
      ],
      recent: d.recent.map((doc) => ({ id: doc.id, title: doc.title, detailKey: "uploaded", detail: doc.createdAt, status: doc.status })),
      actions: [
        { key: "upload", to: "/documents#upload" },
        { key: "viewAll", to: "/documents" },
      ],
    },
    "trust-administration": {
      progress: Math.round((setupSteps.filter(Boolean).length / setupSteps.length) * 100),
      statusKey: setupSteps.every(Boolean) ? "upToDate" : "inProgress",
      stats: [
        { key: "trustees", value: m.trustees },
        { key: "beneficiaries", value: m.beneficiaries },
        { key: "family", value: m.family },
        { key: "legal", value: m.legal },
      ],
      recent: [],
      actions: [
        { key: "members", to: "/admin" },
        { key: "help", to: "/help#organization" },
      ],
    },
    "team-collaboration": {
      progress: m.pendingInvitations === null ? null : percent(m.total, m.total + m.pendingInvitations),
      statusKey: m.total > 1 ? "upToDate" : "empty",
      stats: [
        { key: "members", value: m.total },
        ...(m.pendingInvitations === null ? [] : [{ key: "pendingInvitations", value: m.pendingInvitations }]),
      ],
      recent: [],
      actions: [
        { key: "openChat", to: "/chat" },
        { key: "invite", to: "/admin" },
      ],
    },
    "compliance-monitoring": {
      progress: c.onTrackPercent,
      statusKey: c.total === 0 ? "empty" : c.overdue > 0 ? "attention" : "upToDate",
      stats: [
        { key: "items", value: c.total },
        { key: "completed", value: c.completed },
        { key: "overdue", value: c.overdue },
      ],
      recent: c.upcoming.map((item) => ({ id: item.id, title: item.title, detailKey: "due", detail: item.dueAt, status: "upcoming" })),
      actions: [{ key: "openCompliance", to: "/compliance-health" }],
    },
    "financial-management": {
      progress: null,
      statusKey: "notStarted",
      stats: [],
      recent: [],
      actions: [{ key: "openFinancial", to: "/financial" }],
    },
    "video-meetings": {
      progress: null,
      statusKey: "notStarted",
      stats: [],
      recent: [],
      actions: [{ key: "startMeeting", to: "/video-meetings" }],
    },
  };
  return DASHBOARD_MODULES.map((module) => ({ ...module, ...byId[module.id] }));
}
