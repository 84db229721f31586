import { contentDisposition } from "~/modules/documents/content-disposition";
import { Refusal } from "~/platform/http.server";
import { endpoint, jsonRoute } from "~/platform/json-route.server";
import { bankingAccess } from "../access.server";
import { transactionsCsv } from "../export.server";
import { bankingT } from "../i18n.server";
import { filterFromQuery } from "../transaction-query";
import { listTransactions } from "../transactions.server";

const transactions = jsonRoute(bankingT, {
  /** GET /api/banking/accounts/{id}/transactions?from&to&status&category&party&q&unaccounted&page&limit (100 a page unless said, at most 500) */
  GET: endpoint({
    run: async ({ ctx, session, args, params, t }) => {
      const { filter, invalid } = filterFromQuery(new URL(args.request.url).searchParams, true);
      if (invalid) throw new Refusal(400, invalid);
      const query = new URL(args.request.url).searchParams;
      const access = await bankingAccess(ctx.db, session);
      if (query.get("format") === "csv") {
        const { page: _page, limit: _limit, ...everyPage } = filter;
        const csv = await transactionsCsv(ctx.db, access, params.id ?? "", everyPage, t);
        return new Response(csv.body, {
          headers: {
            "Content-Type": "text/csv; charset=utf-8",
            "Content-Disposition": contentDisposition("attachment", csv.fileName),
            "Cache-Control": "private, no-store",
            "X-Content-Type-Options": "nosniff",
          },
        });
      }
      const result = await listTransactions(ctx.db, access, params.id ?? "", filter);
      return { transactions: result.transactions, balanceMinor: result.balanceMinor, page: result.page, pageSize: result.pageSize, more: result.more };
    },
  }),
});

export const loader = transactions;
export const action = transactions;
