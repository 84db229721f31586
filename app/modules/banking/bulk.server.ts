import { Refusal } from "~/platform/http.server";
import type { RequestContext } from "~/platform/request-context.server";
import { requireManage, type BankingAccess } from "./access.server";
import { updateTransaction } from "./transactions.server";
import type { TransactionUpdate } from "./validation";

/**
 * The same change to each selected transaction, one at a time through the single edit's path, so every row
 * gets the same checks and its own audit entry with before and after. A locked or vanished row is named
 * in the answer, never a reason to undo the others.
 */
export async function bulkUpdateTransactions(ctx: RequestContext, access: BankingAccess, ids: string[], changes: TransactionUpdate) {
  requireManage(access);
  const unique = [...new Set(ids)];
  const result = { updated: 0, locked: [] as string[], notFound: [] as string[] };
  for (const id of unique) {
    try {
      await updateTransaction(ctx, access, id, changes);
      result.updated++;
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      if (error.status === 409) result.locked.push(id);
      else if (error.status === 404) result.notFound.push(id);
      // A refusal that is the same for every row (a party who is not a member) is the whole answer.
      else throw error;
    }
  }
  return result;
}
