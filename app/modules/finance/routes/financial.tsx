import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireSession } from "~/modules/auth/guard.server";
import { HttpError, readFormData, Refusal, throwAsResponse } from "~/platform/http.server";
import { getRequestContext } from "~/platform/request-context.server";
import type { SignedInPageHandle } from "~/routes/_app";
import { financeAccess } from "../access.server";
import { addValuation, createAsset } from "../assets.server";
import { AccountingPanel } from "../components/accounting-panel";
import { AllocationPanel } from "../components/allocation-panel";
import { AssetsPanel } from "../components/assets-panel";
import { DistributionsPanel } from "../components/distributions-panel";
import { OverviewPanel } from "../components/overview-panel";
import { decideDistribution, payDistribution } from "../decisions.server";
import { requestDistribution } from "../distributions.server";
import {
  allocationsFormSchema,
  sendAccountingFormSchema,
  assetFormSchema,
  decisionFormSchema,
  payFormSchema,
  requestFormSchema,
  valuationFormSchema,
} from "../form-schemas";
import { financeT, requestLanguage } from "../i18n.server";
import { saveAllocations } from "../overview.server";
import { sendAccounting } from "../accounting-delivery.server";
import { financialPage } from "../page.server";

export const handle = { i18n: ["finance", "banking", "accounting", "tax"] } satisfies SignedInPageHandle;
export const meta: MetaFunction = () => [{ title: "Financial Management · Legal Document Platform" }];

export async function loader(args: LoaderFunctionArgs) {
  const session = await requireSession(args);
  const ctx = getRequestContext(args.request, args.context);
  try {
    return await financialPage(ctx.db, session, await financeAccess(ctx.db, session));
  } catch (error) {
    throwAsResponse(error, financeT(args.request));
  }
}

const SCHEMAS = {
  "create-asset": assetFormSchema,
  "add-valuation": valuationFormSchema,
  request: requestFormSchema,
  approve: decisionFormSchema,
  reject: decisionFormSchema,
  cancel: decisionFormSchema,
  pay: payFormSchema,
  allocations: allocationsFormSchema,
  "send-accounting": sendAccountingFormSchema,
} as const;
type Intent = keyof typeof SCHEMAS;

/** Every form of the page: one intent each, checked by the same schema the browser used. */
export async function action(args: ActionFunctionArgs) {
  const session = await requireSession(args);
  const ctx = getRequestContext(args.request, args.context);
  const t = financeT(args.request);
  const language = requestLanguage(args.request);
  const formData = await readFormData(args.request);
  const intent = String(formData.get("intent") ?? "") as Intent;
  if (!Object.hasOwn(SCHEMAS, intent)) return data({ intent, result: null, error: t("errors.unknownAction"), notice: null, warnings: null }, 400);
  const submission = parseWithZod(formData, { schema: SCHEMAS[intent](t) as never });
  if (submission.status !== "success") return data({ intent, result: submission.reply(), error: null, notice: null, warnings: null }, 400);
  const value = submission.value as never;
  try {
    const access = await financeAccess(ctx.db, session);
    let notice: string;
    switch (intent) {
      case "create-asset":
        await createAsset(ctx, access, value);
        notice = t("assets.created");
        break;
      case "add-valuation": {
        const { assetId, ...valuation } = value as { assetId: string } & Parameters<typeof addValuation>[3];
        await addValuation(ctx, access, assetId, valuation);
        notice = t("assets.valued");
        break;
      }
      case "request": {
        const created = await requestDistribution(ctx, session, access, value, language);
        return { intent, result: submission.reply({ resetForm: true }), error: null, notice: t("distributions.requested"), warnings: created.warnings };
      }
      case "approve":
      case "reject":
      case "cancel": {
        const { distributionId, note, confirmWarnings } = value as { distributionId: string; note?: string; confirmWarnings: boolean };
        const decided = await decideDistribution(ctx, session, access, distributionId, intent, { note, confirmWarnings }, language);
        notice = decided.status === "requested" ? t("distributions.approvalRecorded") : t(`distributions.now.${decided.status}`);
        break;
      }
      case "pay": {
        const { distributionId, transactionId } = value as { distributionId: string; transactionId: string };
        await payDistribution(ctx, access, distributionId, transactionId);
        notice = t("distributions.now.paid");
        break;
      }
      case "allocations":
        await saveAllocations(ctx, access, value);
        notice = t("allocation.saved");
        break;
      case "send-accounting": {
        const v = value as {
          from: string;
          to: string;
          reason: "annual" | "trustee_change" | "termination";
          jurisdiction: "CA" | "FL" | "TX" | null;
          recipients: string[];
        };
        const sent = await sendAccounting(ctx, session, access, v, v.recipients, language);
        notice = t("accounting.sent", { names: sent.recipients.join(", ") });
        break;
      }
    }
    return { intent, result: submission.reply({ resetForm: true }), error: null, notice, warnings: null };
  } catch (error) {
    const refusal = error instanceof Refusal ? error.in(t) : error instanceof HttpError ? error : null;
    if (refusal) return data({ intent, result: submission.reply(), error: refusal.message, notice: null, warnings: null }, refusal.status);
    throw error;
  }
}

export default function FinancialPage() {
  const page = useLoaderData<typeof loader>();
  const { t } = useTranslation("finance");
  return (
    <div className="mx-auto grid w-full max-w-5xl grid-cols-[minmax(0,1fr)] gap-6">
      <header className="grid gap-1">
        <h1 className="m-0 text-2xl">{t("page.title")}</h1>
        <p className="m-0 text-muted-foreground">{page.access.readAll ? t("page.subtitle") : t("page.subtitleOwn")}</p>
      </header>
      {page.overview ? <OverviewPanel overview={page.overview} /> : null}
      <DistributionsPanel page={page} />
      {page.overview ? <AssetsPanel assets={page.overview.assets} currency={page.currency} canManage={page.access.manage} /> : null}
      {page.accounting ? (
        <AccountingPanel
          accounting={page.accounting}
          jurisdiction={page.jurisdiction}
          sent={page.sent}
          qualified={page.qualified}
          canManage={page.access.manage}
        />
      ) : null}
      {page.allocations ? <AllocationPanel rows={page.allocations} canManage={page.access.manage} /> : null}
    </div>
  );
}
