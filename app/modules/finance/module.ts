import { Wallet } from "lucide-react";
import { area, defineModule, metadataText, type NotificationMetadata } from "../../platform/module-manifest";

const distributionLink = (m: NotificationMetadata) => `/financial#distribution-${metadataText(m, "distributionId")}`;

/**
 * Trust finances (issue 17): the trust's assets with carrying and current values, principal and income, distributions
 * that cite the clause authorising them and the vote that approved them, and the fiduciary accounting, at /financial.
 */
export const financeModule = defineModule({
  id: "finance",
  areas: [area("/financial", "money", Wallet, true)],
  pages: [{ path: "financial", file: "modules/finance/routes/financial.tsx" }],
  routes: [
    { path: "api/finance/assets", file: "modules/finance/routes/api.assets.ts" },
    { path: "api/finance/assets/:id/:command", file: "modules/finance/routes/api.asset-command.ts" },
    { path: "api/finance/allocations", file: "modules/finance/routes/api.allocations.ts" },
    { path: "api/finance/overview", file: "modules/finance/routes/api.overview.ts" },
    { path: "api/finance/authorities", file: "modules/finance/routes/api.authorities.ts" },
    { path: "api/finance/accounting", file: "modules/finance/routes/api.accounting.ts" },
    { path: "api/finance/accountings", file: "modules/finance/routes/api.accountings.ts" },
    { path: "api/finance/distributions", file: "modules/finance/routes/api.distributions.ts" },
    { path: "api/finance/distributions/:id", file: "modules/finance/routes/api.distribution.ts", id: "finance-distribution" },
    { path: "api/finance/distributions/:id/:command", file: "modules/finance/routes/api.distribution.ts", id: "finance-distribution-command" },
  ],
  helpTopics: ["distributions"],
  notifications: {
    distribution_requested: {
      defaults: { in_app: true, email: true, sms: false },
      namespace: "finance",
      labelKey: "notifications.requestedLabel",
      describe: (m, t) => ({
        text: t("notifications.requested", { name: metadataText(m, "beneficiaryName"), amount: metadataText(m, "amount") }),
        href: distributionLink(m),
      }),
    },
    distribution_decided: {
      defaults: { in_app: true, email: true, sms: false },
      namespace: "finance",
      labelKey: "notifications.decidedLabel",
      describe: (m, t) => ({
        text: t(`notifications.decided.${metadataText(m, "status") || "approved"}`, {
          name: metadataText(m, "beneficiaryName"),
          amount: metadataText(m, "amount"),
        }),
        href: distributionLink(m),
      }),
    },
    distribution_paid: {
      defaults: { in_app: true, email: true, sms: false },
      namespace: "finance",
      labelKey: "notifications.paidLabel",
      describe: (m, t) => ({
        text: t("notifications.paid", { name: metadataText(m, "beneficiaryName"), amount: metadataText(m, "amount") }),
        href: distributionLink(m),
      }),
    },
    accounting_delivered: {
      defaults: { in_app: true, email: true, sms: false },
      namespace: "finance",
      labelKey: "notifications.accountingLabel",
      describe: (m, t) => ({
        text: t("notifications.accounting", { name: metadataText(m, "trusteeName"), from: metadataText(m, "from"), to: metadataText(m, "to") }),
        href: `/documents/${metadataText(m, "documentId")}`,
      }),
    },
  },
  seed: () => import("./seed"),
});
