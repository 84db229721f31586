import { exportTable, type ExportContribution } from "~/platform/workspace-rows.server";
import {
  financeAccountingDeliveries,
  financeAccountings,
  financeAllocations,
  financeAssets,
  financeDistributionApprovals,
  financeDistributions,
  financeValuations,
} from "./schema";

/** The trust's finances as files of its export (issue 19): assets and valuations, allocations, distributions, accountings. */
export const financeExport: ExportContribution = {
  tables: [
    exportTable("finance/assets.json", financeAssets, financeAssets.workspaceId),
    exportTable("finance/valuations.json", financeValuations, financeValuations.workspaceId),
    exportTable("finance/allocations.json", financeAllocations, financeAllocations.workspaceId),
    exportTable("finance/distributions.json", financeDistributions, financeDistributions.workspaceId),
    exportTable("finance/distribution-approvals.json", financeDistributionApprovals, financeDistributionApprovals.workspaceId),
    exportTable("finance/accountings.json", financeAccountings, financeAccountings.workspaceId),
    exportTable("finance/accounting-deliveries.json", financeAccountingDeliveries, financeAccountingDeliveries.workspaceId),
  ],
};
