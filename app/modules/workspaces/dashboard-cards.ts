import { defineDashboardCard } from "../dashboard/cards";

/** The workspace's members by role, and invitations still open (read by module.server.ts). */
export interface MemberFigures {
  total: number;
  trustees: number;
  beneficiaries: number;
  family: number;
  legal: number;
  /** null for people who may not see invitations. */
  pendingInvitations: number | null;
}

const percent = (part: number, whole: number) => (whole === 0 ? null : Math.round((part / whole) * 100));

// The trust's own administration (its profile, duties, deadlines) is not built yet: the card shows who is
// involved and claims no progress until that page has real data to measure.
export const trustAdministrationCard = defineDashboardCard("members", (m: MemberFigures) => ({
  progress: null,
  statusKey: "notStarted",
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
}));

export const teamCollaborationCard = defineDashboardCard("members", (m: MemberFigures) => ({
  progress: m.pendingInvitations === null ? null : percent(m.total, m.total + m.pendingInvitations),
  statusKey: m.total > 1 ? "upToDate" : "empty",
  stats: [{ key: "members", value: m.total }, ...(m.pendingInvitations === null ? [] : [{ key: "pendingInvitations", value: m.pendingInvitations }])],
  recent: [],
  actions: [
    { key: "openChat", to: "/chat" },
    { key: "invite", to: "/admin" },
  ],
}));
