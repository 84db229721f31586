import { zipSync, strToU8 } from "fflate";
import { z } from "zod";
import { serverT } from "~/i18n.server";
import { contentDisposition } from "~/modules/documents/content-disposition";
import { Refusal } from "~/platform/http.server";
import { endpoint, jsonRoute } from "~/platform/json-route.server";
import { financeAccess } from "../access.server";
import { accountingInput, noticeJurisdiction } from "../accounting.server";
import { computeAccounting } from "../accounting/compute";
import { accountingCsvs } from "../accounting/csv";
import { accountingPdf, pdfWritesLanguage } from "../accounting/pdf";
import { ACCOUNTING_REASONS, JURISDICTIONS, type Jurisdiction } from "../accounting/types";
import { financeT, requestLanguage } from "../i18n.server";

const day = /^\d{4}-\d{2}-\d{2}$/;
const querySchema = z.object({
  from: z
    .string()
    .regex(day)
    .refine((s) => !Number.isNaN(Date.parse(s))),
  to: z
    .string()
    .regex(day)
    .refine((s) => !Number.isNaN(Date.parse(s))),
  reason: z.enum(ACCOUNTING_REASONS).default("annual"),
  jurisdiction: z.enum([...JURISDICTIONS, "none"]).optional(),
  format: z.enum(["json", "pdf", "csv"]).default("json"),
});

const download = (body: Uint8Array, type: string, fileName: string) =>
  new Response(body as BodyInit, {
    headers: {
      "Content-Type": type,
      "Content-Disposition": contentDisposition("attachment", fileName),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });

/**
 * GET /api/finance/accounting?from&to[&reason][&jurisdiction][&format]: the fiduciary accounting of a period as
 * JSON (the report's figures at the top level), as a PDF with the jurisdiction's statutory notice, or as CSV schedules in a zip.
 */
const accounting = jsonRoute(financeT, {
  GET: endpoint({
    run: async ({ ctx, session, query, request }) => {
      const year = new Date().getUTCFullYear();
      const parsed = querySchema.safeParse({
        from: query.get("from") ?? `${year}-01-01`,
        to: query.get("to") ?? new Date().toISOString().slice(0, 10),
        reason: query.get("reason") ?? undefined,
        jurisdiction: query.get("jurisdiction") ?? undefined,
        format: query.get("format") ?? undefined,
      });
      if (!parsed.success) throw new Refusal(400, "validation.periodInvalid");
      const { from, to, reason, format } = parsed.data;
      const language = requestLanguage(request);
      const jurisdiction: Jurisdiction | null =
        parsed.data.jurisdiction === "none" ? null : (parsed.data.jurisdiction ?? noticeJurisdiction(session.workspace?.jurisdiction));
      const words = serverT(["accounting", "banking"], language);
      const input = await accountingInput(ctx.db, await financeAccess(ctx.db, session), { from, to, reason, jurisdiction }, (category) =>
        words(category === "trustee_compensation" ? "relationship.trustee" : "relationship.notRecorded"),
      );
      const report = computeAccounting(input);
      if (format === "json") return { ...report };
      const base = `fiduciary-accounting-${from}-${to}`;
      if (format === "csv") {
        const files = Object.fromEntries(accountingCsvs(report, { t: words }).map((f) => [f.fileName, strToU8(f.csv)]));
        return download(zipSync(files), "application/zip", `${base}.zip`);
      }
      const english = serverT(["accounting", "banking"], "en");
      const pdf = await accountingPdf(report, {
        t: words,
        locale: language,
        generatedAt: new Date(),
        ...(pdfWritesLanguage(words) ? {} : { fallback: { t: english, locale: "en-US" } }),
      });
      return download(pdf, "application/pdf", `${base}.pdf`);
    },
  }),
});

export const loader = accounting;
export const action = accounting;
