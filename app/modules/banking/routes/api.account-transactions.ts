import { contentDisposition } from "~/modules/documents/content-disposition";
import { Refusal } from "~/platform/http.server";
import { endpoint, jsonRoute } from "~/platform/json-route.server";
import { bankingAccess } from "../access.server";
import { transactionsCsv } from "../export.server";
import { bankingT } from "../i18n.server";
import { isTransactionStatus, listTransactions } from "../transactions.server";

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const positive = (value: string | null) => (value && /^\d{1,6}$/.test(value) ? Number(value) : undefined);

const transactions = jsonRoute(bankingT, {
  /** GET /api/banking/accounts/{id}/transactions?from&to&status&category&q&unaccounted&page&limit (100 a page unless said, at most 500) */
  GET: endpoint({
    run: async ({ ctx, session, args, params, t }) => {
      const query = new URL(args.request.url).searchParams;
      const from = query.get("from") || undefined;
      const to = query.get("to") || undefined;
      const status = query.get("status") || undefined;
      if ((from && !DAY.test(from)) || (to && !DAY.test(to))) throw new Refusal(400, "validation.dateInvalid");
      if (status && !isTransactionStatus(status)) throw new Refusal(400, "validation.statusInvalid");
      const filter = {
        from,
        to,
        status: status && isTransactionStatus(status) ? status : undefined,
        category: query.get("category") || undefined,
        q: query.get("q")?.slice(0, 200) || undefined,
        unaccountedOnly: query.get("unaccounted") === "1",
        limit: positive(query.get("limit")),
        page: positive(query.get("page")),
      };
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
