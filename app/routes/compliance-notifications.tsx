import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { serverT } from "~/i18n.server";
import { requireSession } from "~/modules/auth/guard.server";
import { ComplianceRemindersPage, type ComplianceActionData } from "~/modules/notifications/components/compliance-reminders-page";
import { MAX_LEAD_DAYS, MAX_LEAD_TIMES, parseLeadDays } from "~/modules/notifications/preferences";
import { getComplianceReminders, saveComplianceReminders } from "~/modules/notifications/preferences.server";
import { pollsT } from "~/modules/polls/i18n.server";
import { resolveDisplayPreferences } from "~/modules/preferences/preferences.server";
import { getRequestContext } from "~/platform/request-context.server";

export const handle = { i18n: ["notifications"] };
export const meta: MetaFunction = () => [{ title: "Compliance reminders · Legal Document Platform" }];

/** What applies now: the saved reminder settings, or the defaults (and that they are the defaults). */
export async function loader(args: LoaderFunctionArgs) {
  const session = await requireSession(args);
  const { db } = getRequestContext(args.request, args.context);
  return { reminders: await getComplianceReminders(db, session.user.id), limits: { maxLeadTimes: MAX_LEAD_TIMES, maxLeadDays: MAX_LEAD_DAYS } };
}

/** Saves lead times, channels and the overdue repeat; bad lead times change nothing and say why beside the field. */
export async function action(args: ActionFunctionArgs) {
  const session = await requireSession(args);
  const { db } = getRequestContext(args.request, args.context);
  const form = await args.request.formData();
  const raw = String(form.get("leadDays") ?? "").slice(0, 200);
  const leadDays = parseLeadDays(raw);
  if (!leadDays) {
    return data({ leadDaysError: pollsT(args.request)("errors.leadDaysInvalid"), notice: null, submitted: raw } satisfies ComplianceActionData, 400);
  }
  await saveComplianceReminders(db, session.user.id, {
    leadDays,
    inApp: form.get("inApp") === "on",
    email: form.get("email") === "on",
    overdueDaily: form.get("overdueDaily") === "on",
  });
  const t = serverT("notifications", resolveDisplayPreferences(args.request).language);
  return { leadDaysError: null, notice: t("compliance.saved"), submitted: null } satisfies ComplianceActionData;
}

export default function ComplianceNotificationsRoute() {
  const { reminders, limits } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return <ComplianceRemindersPage reminders={reminders} limits={limits} actionData={actionData ?? null} />;
}
