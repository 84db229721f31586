import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { serverT } from "~/i18n.server";
import { requireSession } from "~/modules/auth/guard.server";
import { toE164 } from "~/modules/conversations/sms/phone";
import { ComplianceRemindersPage, type ComplianceActionData } from "~/modules/notifications/components/compliance-reminders-page";
import { complianceRemindersSchema, MAX_LEAD_DAYS, MAX_LEAD_TIMES } from "~/modules/notifications/validation";
import { getComplianceReminders, saveComplianceReminders } from "~/modules/notifications/preferences.server";
import { pollsT } from "~/modules/polls/i18n.server";
import { resolveDisplayPreferences } from "~/modules/preferences/preferences.server";
import { getRequestContext } from "~/platform/request-context.server";
import { readFormData } from "~/platform/http.server";

// "polls": the sentence for unreadable lead times, which the form's browser-side check shows too.
export const handle = { i18n: ["notifications", "polls"] };
export const meta: MetaFunction = () => [{ title: "Compliance reminders · Legal Document Platform" }];

/** What applies now: the saved reminder settings, or the defaults (and that they are the defaults). */
export async function loader(args: LoaderFunctionArgs) {
  const session = await requireSession(args);
  const { db } = getRequestContext(args.request, args.context);
  return {
    reminders: await getComplianceReminders(db, session.user.id),
    limits: { maxLeadTimes: MAX_LEAD_TIMES, maxLeadDays: MAX_LEAD_DAYS },
    hasPhone: toE164(session.user.phone ?? "") !== null,
  };
}

/** Saves lead times, channels and the overdue repeat (Conform); bad lead times change nothing and say why beside the field. */
export async function action(args: ActionFunctionArgs) {
  const session = await requireSession(args);
  const { db } = getRequestContext(args.request, args.context);
  const form = await readFormData(args.request);
  const submission = parseWithZod(form, { schema: complianceRemindersSchema(pollsT(args.request)("errors.leadDaysInvalid")) });
  if (submission.status !== "success") {
    const leadDaysError = submission.error?.leadDays?.[0] ?? Object.values(submission.error ?? {}).flat()[0] ?? null;
    const submitted = String(form.get("leadDays") ?? "").slice(0, 200);
    return data({ leadDaysError, notice: null, submitted, result: submission.reply() } satisfies ComplianceActionData, 400);
  }
  await saveComplianceReminders(db, session.user.id, submission.value);
  const t = serverT("notifications", resolveDisplayPreferences(args.request).language);
  return { leadDaysError: null, notice: t("compliance.saved"), submitted: null, result: submission.reply() } satisfies ComplianceActionData;
}

export default function ComplianceNotificationsRoute() {
  const { reminders, limits, hasPhone } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return <ComplianceRemindersPage reminders={reminders} limits={limits} hasPhone={hasPhone} actionData={actionData ?? null} />;
}
