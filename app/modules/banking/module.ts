import { ArrowLeftRight, Landmark } from "lucide-react";
import { area, defineModule } from "../../platform/module-manifest";
import { financialManagementCard } from "./dashboard-card";

/**
 * Trust banking (issue 16): the trust's accounts and statements at /trust-banking, and every transaction
 * accounted for, reconciled and locked at /transaction-reconciliation. Added the way
 * docs/adding-a-module.md describes: this folder, one line in the registry, its locales and migration.
 */
export const bankingModule = defineModule({
  id: "banking",
  areas: [area("/trust-banking", "money", Landmark, true), area("/transaction-reconciliation", "money", ArrowLeftRight, true)],
  pages: [
    { path: "trust-banking", file: "modules/banking/routes/trust-banking.tsx" },
    { path: "transaction-reconciliation", file: "modules/banking/routes/transaction-reconciliation.tsx" },
  ],
  routes: [
    { path: "api/banking/accounts", file: "modules/banking/routes/api.accounts.ts" },
    { path: "api/banking/accounts/:id/imports", file: "modules/banking/routes/api.account-imports.ts" },
    { path: "api/banking/accounts/:id/transactions", file: "modules/banking/routes/api.account-transactions.ts" },
    { path: "api/banking/imports/:importId/commit", file: "modules/banking/routes/api.import-commit.ts" },
    { path: "api/banking/transactions", file: "modules/banking/routes/api.transactions.ts" },
    { path: "api/banking/transactions/:id", file: "modules/banking/routes/api.transaction.ts" },
    { path: "api/banking/transactions/:id/splits", file: "modules/banking/routes/api.transaction-splits.ts" },
    { path: "api/banking/transactions/:id/receipts", file: "modules/banking/routes/api.transaction-receipts.ts" },
    { path: "api/banking/receipts/:id", file: "modules/banking/routes/api.receipt.ts" },
    { path: "api/banking/sharing", file: "modules/banking/routes/api.sharing.ts", id: "banking-sharing" },
    { path: "api/banking/grants/:userId", file: "modules/banking/routes/api.sharing.ts", id: "banking-grant" },
    { path: "api/banking/charts", file: "modules/banking/routes/api.charts.ts" },
    { path: "api/banking/accounts/:id/reconciliations", file: "modules/banking/routes/api.account-reconciliations.ts" },
    { path: "api/banking/reconciliations/:id", file: "modules/banking/routes/api.reconciliation.ts", id: "banking-reconciliation" },
    { path: "api/banking/reconciliations/:id/:command", file: "modules/banking/routes/api.reconciliation.ts", id: "banking-reconciliation-command" },
    { path: "api/banking/rules", file: "modules/banking/routes/api.rules.ts" },
    { path: "api/banking/rules/preview", file: "modules/banking/routes/api.rule-preview.ts" },
    { path: "api/banking/rules/:id", file: "modules/banking/routes/api.rule.ts", id: "banking-rule" },
    { path: "api/banking/rules/:id/:command", file: "modules/banking/routes/api.rule.ts", id: "banking-rule-command" },
  ],
  helpTopics: ["finance"],
  dashboardCards: { "financial-management": financialManagementCard },
  seed: () => import("./seed"),
});
