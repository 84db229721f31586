import { Refusal } from "~/platform/http.server";
import { endpoint, jsonRoute } from "~/platform/json-route.server";
import { taxT } from "../i18n.server";
import { serverT } from "~/i18n.server";
import { contentDisposition } from "~/modules/documents/content-disposition";
import { unsupportedInPdf } from "~/modules/drafting/winansi";
import { k1Csv, k1Pdf } from "../k1-export";
import { k1Worksheets } from "../k1.server";
import { yearSchema } from "../validation";

/** GET /api/tax/k1?year&beneficiaryId: the K-1 worksheet(s) of a tax year, each figure with its source transactions. */
const k1 = jsonRoute(taxT, {
  GET: endpoint({
    run: async ({ ctx, session, query, t }) => {
      const parsed = yearSchema(t).safeParse(query.get("year") ?? new Date().getUTCFullYear() - 1);
      if (!parsed.success) throw new Refusal(400, "validation.yearInvalid");
      const beneficiaryId = query.get("beneficiaryId");
      if (beneficiaryId !== null && !/^([0-9a-f-]{36}|name:.{1,120})$/i.test(beneficiaryId)) throw new Refusal(400, "validation.beneficiaryInvalid");
      const result = await k1Worksheets(ctx.db, session, parsed.data, beneficiaryId);
      const format = query.get("format") ?? "json";
      if (format === "json") return result;
      if (format !== "csv" && format !== "pdf") throw new Refusal(400, "validation.formatInvalid");
      const currency = result.currency ?? "USD";
      const fileName = `k1-worksheets-${result.year}.${format}`;
      const headers = {
        "Content-Disposition": contentDisposition("attachment", fileName),
        "Cache-Control": "private, no-store",
        "X-Content-Type-Options": "nosniff",
      };
      if (format === "csv") return new Response(k1Csv(result.worksheets, currency, t), { headers: { ...headers, "Content-Type": "text/csv; charset=utf-8" } });
      // Helvetica cannot write Japanese or Chinese: the PDF is then in English (the CSV is in every language).
      const pdfT = unsupportedInPdf(t("k1.disclaimer")).length ? serverT(["tax", "auth"], "en") : t;
      const bytes = await k1Pdf(
        result.worksheets,
        { year: result.year, currency, trustName: session.workspace?.name ?? "", unreconciledMonths: result.unreconciledMonths },
        pdfT,
      );
      return new Response(bytes as BodyInit, { headers: { ...headers, "Content-Type": "application/pdf" } });
    },
  }),
});

export const loader = k1;
export const action = k1;
