import { and, count, eq, sql } from "drizzle-orm";
import { defineDashboardSource, defineServerModule } from "~/platform/module-manifest.server";
import type { BankingFigures } from "./dashboard-card";
import { bankAccounts, bankTransactions } from "./schema";
import { bankingExport } from "./export-data.server";
import { revokeGrantOfDepartedMember, revokeGrantOnRoleChange } from "./member-changes.server";

export const bankingServer = defineServerModule({
  id: "banking",
  exportData: bankingExport,
  on: { "member.role_changed": revokeGrantOnRoleChange, "member.left": revokeGrantOfDepartedMember },
  dashboard: defineDashboardSource({
    key: "banking",
    queries: ({ db, workspaceId, session, wholeWorkspace }) => [
      db.select({ n: count() }).from(bankAccounts).where(eq(bankAccounts.workspaceId, workspaceId)),
      db
        .select({
          total: count(),
          unaccounted: sql<number>`coalesce(sum(case when ${bankTransactions.status} = 'unreviewed' then 1 else 0 end), 0)`,
          reconciled: sql<number>`coalesce(sum(case when ${bankTransactions.status} = 'reconciled' then 1 else 0 end), 0)`,
        })
        .from(bankTransactions)
        .where(
          and(
            eq(bankTransactions.workspaceId, workspaceId),
            // Others count only what is theirs to see: their own sub-ledger.
            wholeWorkspace ? undefined : eq(bankTransactions.beneficiaryUserId, session.user.id),
          ),
        ),
    ],
    read: ([accounts, counts]): BankingFigures => ({
      accounts: accounts[0]?.n ?? 0,
      total: counts[0]?.total ?? 0,
      unaccounted: Number(counts[0]?.unaccounted ?? 0),
      reconciled: Number(counts[0]?.reconciled ?? 0),
    }),
  }),
});
