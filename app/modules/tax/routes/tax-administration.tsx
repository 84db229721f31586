import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireSession } from "~/modules/auth/guard.server";
import { HttpError, readFormData, Refusal, throwAsResponse } from "~/platform/http.server";
import { getRequestContext } from "~/platform/request-context.server";
import type { SignedInPageHandle } from "~/routes/_app";
import { CalendarPanel } from "../components/calendar-panel";
import { K1Panel } from "../components/k1-panel";
import { ProfilePanel } from "../components/profile-panel";
import { SafeHarbourPanel } from "../components/safe-harbour-panel";
import { feedRevokeSchema, markFormSchema, profileFormSchema, safeHarbourFormSchema } from "../form-schemas";
import { taxT } from "../i18n.server";
import { taxPage } from "../page.server";
import { safeHarbour, type SafeHarbour } from "../safe-harbour";
import { createFeedToken, markCalendarItem, revokeFeedToken, saveTaxProfile, taxAccess } from "../tax.server";

export const handle = { i18n: ["tax", "finance"] } satisfies SignedInPageHandle;
export const meta: MetaFunction = () => [{ title: "Tax Administration · Legal Document Platform" }];

export async function loader(args: LoaderFunctionArgs) {
  const session = await requireSession(args);
  const ctx = getRequestContext(args.request, args.context);
  const asked = Number(new URL(args.request.url).searchParams.get("year"));
  const year = Number.isInteger(asked) && asked >= 2000 && asked <= 2100 ? asked : new Date().getUTCFullYear();
  try {
    return await taxPage(ctx.db, session, year);
  } catch (error) {
    throwAsResponse(error, taxT(args.request));
  }
}

const SCHEMAS = {
  profile: profileFormSchema,
  done: markFormSchema,
  undone: markFormSchema,
  "feed-create": () => feedRevokeSchema().partial(),
  "feed-revoke": feedRevokeSchema,
  "safe-harbour": safeHarbourFormSchema,
} as const;
type Intent = keyof typeof SCHEMAS;

interface Answer {
  intent: string;
  result: unknown;
  error: string | null;
  notice: string | null;
  feedUrl?: string;
  harbour?: SafeHarbour;
}

export async function action(args: ActionFunctionArgs) {
  const session = await requireSession(args);
  const ctx = getRequestContext(args.request, args.context);
  const t = taxT(args.request);
  const formData = await readFormData(args.request);
  const intent = String(formData.get("intent") ?? "") as Intent;
  if (!Object.hasOwn(SCHEMAS, intent)) return data<Answer>({ intent, result: null, error: t("errors.unknownAction"), notice: null }, 400);
  const submission = parseWithZod(formData, { schema: SCHEMAS[intent](t) as never });
  if (submission.status !== "success") return data<Answer>({ intent, result: submission.reply(), error: null, notice: null }, 400);
  const value = submission.value as Record<string, never>;
  try {
    const access = taxAccess(session);
    switch (intent) {
      case "profile":
        await saveTaxProfile(ctx, access, value as unknown as Parameters<typeof saveTaxProfile>[2]);
        return { intent, result: submission.reply(), error: null, notice: t("profile.saved") } satisfies Answer;
      case "done":
      case "undone":
        await markCalendarItem(ctx, access, value.key, intent === "done", (value as { note?: string }).note ?? null);
        return {
          intent,
          result: submission.reply({ resetForm: true }),
          error: null,
          notice: t(intent === "done" ? "calendar.markedDone" : "calendar.markedUndone"),
        } satisfies Answer;
      case "feed-create": {
        const { token } = await createFeedToken(ctx, access);
        return {
          intent,
          result: submission.reply(),
          error: null,
          notice: t("feed.created"),
          feedUrl: `${ctx.publicOrigin}/api/tax/feed/${token}.ics`,
        } satisfies Answer;
      }
      case "feed-revoke":
        await revokeFeedToken(ctx, access, value.id);
        return { intent, result: submission.reply(), error: null, notice: t("feed.revoked") } satisfies Answer;
      case "safe-harbour": {
        const v = value as unknown as { currentYearTax: number; priorYearTax: number | null; priorYearAgi: number };
        const harbour = safeHarbour({ currentYearTaxMinor: v.currentYearTax, priorYearTaxMinor: v.priorYearTax, priorYearAgiMinor: v.priorYearAgi });
        return { intent, result: submission.reply(), error: null, notice: null, harbour } satisfies Answer;
      }
    }
  } catch (error) {
    const refusal = error instanceof Refusal ? error.in(t) : error instanceof HttpError ? error : null;
    if (refusal) return data<Answer>({ intent, result: submission.reply(), error: refusal.message, notice: null }, refusal.status);
    throw error;
  }
}

export default function TaxAdministrationPage() {
  const page = useLoaderData<typeof loader>();
  const { t } = useTranslation("tax");
  return (
    <div className="mx-auto grid w-full max-w-5xl grid-cols-[minmax(0,1fr)] gap-6">
      <header className="grid gap-1">
        <h1 className="m-0 text-2xl">{t("page.title")}</h1>
        <p className="m-0 text-muted-foreground">{page.staff ? t("page.subtitle") : t("page.subtitleOwn")}</p>
      </header>
      {page.staff ? (
        <>
          <CalendarPanel year={page.year} entries={page.staff.calendar} canManage={page.staff.manage} feeds={page.staff.feeds} />
          <ProfilePanel profile={page.staff.profile} canManage={page.staff.manage} />
          <K1Panel k1={page.staff.k1} />
          <SafeHarbourPanel />
        </>
      ) : page.own ? (
        <K1Panel k1={page.own} own />
      ) : null}
    </div>
  );
}
