import { defineDashboardCard } from "../dashboard/cards";

/** The trust's transactions as the dashboard's Financial Management card sees them (module.server.ts reads them). */
export interface BankingFigures {
  accounts: number;
  total: number;
  unaccounted: number;
  reconciled: number;
}

export const financialManagementCard = defineDashboardCard(
  "banking",
  (b: BankingFigures) => ({
    // "{{percent}}% reconciled": the share of transactions in a reconciled, locked period.
    progress: b.total === 0 ? null : Math.round((b.reconciled / b.total) * 100),
    statusKey: b.total === 0 ? "empty" : b.unaccounted > 0 ? "attention" : b.reconciled === b.total ? "upToDate" : "inProgress",
    stats: [
      { key: "banking:dashboard.accounts", value: b.accounts },
      { key: "banking:dashboard.transactions", value: b.total },
      { key: "banking:dashboard.unaccounted", value: b.unaccounted },
      { key: "banking:dashboard.reconciled", value: b.reconciled },
    ],
    recent: [],
    actions: [
      { key: "banking:dashboard.openReconciliation", to: "/transaction-reconciliation?unaccounted=1" },
      { key: "banking:dashboard.openBanking", to: "/trust-banking" },
    ],
  }),
  { namespace: "banking" },
);
