import { defineDashboardCard } from "../dashboard/cards";

/** The documents the person can see, by status, and the three newest (read by module.server.ts). */
export interface DocumentFigures {
  total: number;
  completed: number;
  analyzing: number;
  pending: number;
  error: number;
  recent: { id: string; title: string; status: string; type: string | null; createdAt: string }[];
}

const percent = (part: number, whole: number) => (whole === 0 ? null : Math.round((part / whole) * 100));

export const legalDocumentsCard = defineDashboardCard("documents", (d: DocumentFigures) => ({
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
}));
