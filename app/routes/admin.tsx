import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { FormField } from "~/components/form-field";
import { IntentForm } from "~/components/intent-form";
import { Banner } from "~/components/ui/banner";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { requireSession } from "~/modules/auth/guard.server";
import type { CurrentSession } from "~/modules/auth/session.server";
import { useAnnouncer } from "~/modules/a11y/announcer";
import { pollsT } from "~/modules/polls/i18n.server";
import { setBeneficialShare, workspaceVoters } from "~/modules/workspaces/beneficial-shares.server";
import { NativeSelect } from "~/components/ui/select";
import { canAdminister, INVITABLE_ROLES } from "~/modules/workspaces/roles";
import { listWorkspaceAudit } from "~/modules/audit/audit.server";
import { useDescribeActivity } from "~/modules/audit/use-activity";
import { RelativeTime } from "~/modules/preferences/components/relative-time";
import { inviteMember, listMembers, listPendingInvitations, revokeInvitation } from "~/modules/workspaces/service.server";
import { invitationFields, revokeInvitationSchema, sharePercentFormSchema, type SharePercentInput } from "~/modules/workspaces/validation";
import { HttpError, Refusal } from "~/platform/http.server";
import { getRequestContext } from "~/platform/request-context.server";
import { useSignedInUser, type SignedInPageHandle } from "~/routes/_app";

/** The audit log is written as sentences from the dashboard namespace; the share form's messages are the polls'. */
export const handle = { i18n: ["dashboard", "polls"] } satisfies SignedInPageHandle;
export const meta: MetaFunction = () => [{ title: "Workspace settings · Legal Document Platform" }];

/** Workspace settings: members and invitations. Owners and trustees only; anyone else gets 403. */
export async function loader(args: LoaderFunctionArgs) {
  const ctx = getRequestContext(args.request, args.context);
  const session = await requireSession(args);
  if (!canAdminister(session.workspace?.role)) {
    await ctx.audit({
      action: "admin.open",
      outcome: "denied",
      actorUserId: session.user.id,
      workspaceId: session.workspace?.id,
    });
    return data({ allowed: false as const, members: [], invitations: [], audit: [], sharesTotalBp: 0 }, 403);
  }
  const [members, invitations, audit, voters] = await Promise.all([
    listMembers(ctx, session),
    listPendingInvitations(ctx, session),
    listWorkspaceAudit(ctx.db, session.workspace!.id),
    workspaceVoters(ctx.db, session),
  ]);
  // Beneficial interests weigh weighted votes, so only voting members (viewers never vote) carry one.
  const shares = new Map(voters.map((v) => [v.userId, v.shareBp]));
  return {
    allowed: true as const,
    members: members.map((m) => ({ ...m, since: m.since.toISOString(), votes: shares.has(m.userId), shareBp: shares.get(m.userId) ?? null })),
    sharesTotalBp: voters.reduce((sum, v) => sum + (v.shareBp ?? 0), 0),
    invitations: invitations.map((i) => ({ ...i, expiresAt: i.expiresAt.toISOString() })),
    audit,
  };
}

export async function action(args: ActionFunctionArgs) {
  const ctx = getRequestContext(args.request, args.context);
  const session = await requireSession(args);
  const formData = await args.request.formData();
  const intent = String(formData.get("intent") ?? "invite");
  try {
    if (intent === "share") return await saveShare(args, session, formData);
    if (intent === "revoke") {
      const command = parseWithZod(formData, { schema: revokeInvitationSchema(ctx.t) });
      if (command.status !== "success") {
        const message = Object.values(command.error ?? {}).flat()[0] ?? ctx.t("errors.invitationNotFound");
        return data({ intent, result: command.reply(), notice: null, error: message }, 400);
      }
      await revokeInvitation(ctx, session, command.value.invitationId);
      return { intent, result: command.reply(), notice: ctx.t("admin.revoked", { ns: "common" }), error: null };
    }
    const submission = parseWithZod(formData, { schema: invitationFields(ctx.t) });
    if (submission.status !== "success") return data({ intent, result: submission.reply(), notice: null, error: null }, 400);
    await inviteMember(ctx, session, submission.value);
    return {
      intent,
      result: submission.reply({ resetForm: true }),
      notice: ctx.t("admin.inviteSent", { ns: "common", email: submission.value.email }),
      error: null,
    };
  } catch (error) {
    if (error instanceof HttpError) return data({ intent, result: undefined, notice: null, error: error.message }, error.status);
    throw error;
  }
}

/**
 * One member's beneficial interest, typed as a percentage (empty = none) and stored in basis points.
 * The module checks the role, the range and that all shares stay within 100%; its message names the row.
 */
async function saveShare(args: ActionFunctionArgs, session: CurrentSession, formData: FormData) {
  const ctx = getRequestContext(args.request, args.context);
  const t = pollsT(args.request);
  const userId = String(formData.get("userId") ?? "");
  const raw = String(formData.get("sharePercent") ?? "").trim();
  const submission = parseWithZod(formData, { schema: sharePercentFormSchema(t) });
  if (submission.status !== "success") {
    const message = Object.values(submission.error ?? {}).flat()[0] ?? t("errors.shareInvalid");
    return data({ intent: "share", result: undefined, shareResult: submission.reply(), notice: null, error: message, userId, submitted: raw }, 400);
  }
  try {
    await setBeneficialShare(ctx, session, submission.value.userId, submission.value.sharePercent);
  } catch (error) {
    // The module's refusals carry their key in the polls' messages (docs/decisions/0018).
    const refusal = error instanceof Refusal ? error.in(t) : error;
    if (refusal instanceof HttpError) {
      const shareResult = submission.reply({ fieldErrors: { sharePercent: [refusal.message] } });
      return data({ intent: "share", result: undefined, shareResult, notice: null, error: refusal.message, userId, submitted: raw }, refusal.status);
    }
    throw error;
  }
  const member = (await listMembers(ctx, session)).find((m) => m.userId === userId);
  return {
    intent: "share",
    result: undefined,
    notice: ctx.t("admin.shareSaved", { ns: "common", name: member?.name ?? "" }),
    error: null,
    userId,
    submitted: null,
    shareResult: submission.reply({ resetForm: true }),
  };
}

export default function AdminRoute() {
  const { allowed, members, invitations, audit, sharesTotalBp } = useLoaderData<typeof loader>();
  const user = useSignedInUser();
  const actionData = useActionData<typeof action>();
  const { t, i18n } = useTranslation();
  const { t: tAuth } = useTranslation("auth");
  const { t: tDashboard } = useTranslation("dashboard");
  const describeActivity = useDescribeActivity();
  const submitting = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    id: "invite-form",
    lastResult: actionData?.result,
    defaultValue: { role: "beneficiary" },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: invitationFields(tAuth) }),
  });
  const date = (iso: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium" }).format(new Date(iso));
  const percent = (bp: number) => new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 }).format(bp / 100);
  const shareResult = actionData && "userId" in actionData ? actionData : null;
  const inviteResult = actionData && actionData.intent !== "share" ? actionData : null;
  const announcer = useAnnouncer();
  // A share saved or refused: say so (the row's message is beside its field, the notice above the list).
  useEffect(() => {
    if (shareResult?.error) announcer.announceError(shareResult.error);
    else if (shareResult?.notice) announcer.announceSuccess(shareResult.notice);
  }, [shareResult]); // eslint-disable-line react-hooks/exhaustive-deps -- once per action result; the announcer changes with the language and must not repeat it

  return (
    <>
      <h1 className="mt-0 text-2xl">{t("admin.title")}</h1>
      {!allowed ? (
        <Banner kind="error">{t("admin.forbidden")}</Banner>
      ) : (
        <div className="grid grid-cols-1 gap-6 md:grid-cols-2">
          <section aria-labelledby="members-heading" className="rounded-lg border border-solid border-border bg-card p-4">
            <h2 id="members-heading" className="mt-0 text-lg">
              {t("admin.members")}
            </h2>
            <p className="mt-0 text-sm text-muted-foreground">{t("admin.shareIntro")}</p>
            {shareResult?.notice ? <Banner kind="success">{shareResult.notice}</Banner> : null}
            {/* An error about no listed row (a member who left meanwhile) goes in the banner. */}
            {shareResult?.error && !members.some((m) => m.votes && m.userId === shareResult.userId) ? <Banner kind="error">{shareResult.error}</Banner> : null}
            <ul className="m-0 list-none p-0">
              {members.map((m) => (
                <li key={m.userId} className="border-b border-solid border-border py-2 last:border-none" data-testid="member-row">
                  <div className="font-medium">{m.name}</div>
                  <div className="text-sm text-muted-foreground">
                    {m.email} · {tAuth(`roles.${m.role}`)} · {t("admin.memberSince", { date: date(m.since) })}
                  </div>
                  {m.votes ? (
                    <ShareForm
                      userId={m.userId}
                      name={m.name}
                      shareBp={m.shareBp}
                      error={shareResult?.userId === m.userId ? shareResult.error : null}
                      submitted={shareResult?.userId === m.userId ? shareResult.submitted : null}
                      lastResult={shareResult?.userId === m.userId ? shareResult.shareResult : undefined}
                    />
                  ) : null}
                </li>
              ))}
            </ul>
            <p className="mb-0 text-sm font-medium" data-testid="shares-total">
              {t("admin.sharesTotal", { total: percent(sharesTotalBp) })}
            </p>
          </section>
          <section aria-labelledby="invite-heading" className="rounded-lg border border-solid border-border bg-card p-4">
            <h2 id="invite-heading" className="mt-0 text-lg">
              {t("admin.invite")}
            </h2>
            <p className="text-sm text-muted-foreground">{t("admin.inviteIntro", { workspace: user.workspace?.name })}</p>
            {inviteResult?.notice ? <Banner kind="success">{inviteResult.notice}</Banner> : null}
            {inviteResult?.error ? <Banner kind="error">{inviteResult.error}</Banner> : null}
            <Form method="post" {...getFormProps(form)} className="mt-3 flex flex-col gap-3">
              <FormField id={fields.email.id} errorId={fields.email.errorId} label={tAuth("fields.email")} errors={fields.email.errors}>
                <Input {...getInputProps(fields.email, { type: "email" })} key={fields.email.key} />
              </FormField>
              <FormField id={fields.role.id} errorId={fields.role.errorId} label={tAuth("fields.inviteRole")} errors={fields.role.errors}>
                <NativeSelect {...getSelectProps(fields.role)} key={fields.role.key} className="w-full" defaultValue={fields.role.initialValue}>
                  {INVITABLE_ROLES.map((role) => (
                    <option key={role} value={role}>
                      {tAuth(`roles.${role}`)}
                    </option>
                  ))}
                </NativeSelect>
              </FormField>
              <Button type="submit" disabled={submitting}>
                {submitting ? t("admin.inviteSending") : t("admin.inviteSubmit")}
              </Button>
            </Form>
            <h3 className="text-base">{t("admin.pending")}</h3>
            {invitations.length === 0 ? <p className="text-sm text-muted-foreground">{t("admin.noPending")}</p> : null}
            <ul className="m-0 list-none p-0">
              {invitations.map((inv) => (
                <li key={inv.id} className="flex items-center justify-between gap-2 py-1 text-sm">
                  <span>
                    {inv.email} · {tAuth(`roles.${inv.role}`)} · {t("admin.expires", { date: date(inv.expiresAt) })}
                  </span>
                  <IntentForm id={`revoke-${inv.id}`} intent="revoke" schema={revokeInvitationSchema(tAuth)} values={{ invitationId: inv.id }}>
                    <Button type="submit" size="sm" variant="outline">
                      {t("admin.revoke")}
                    </Button>
                  </IntentForm>
                </li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="audit-heading" className="rounded-lg border border-solid border-border bg-card p-4 md:col-span-2">
            <h2 id="audit-heading" className="mt-0 text-lg">
              {t("admin.audit")}
            </h2>
            <p className="text-sm text-muted-foreground">{t("admin.auditIntro")}</p>
            <div className="overflow-x-auto">
              <table className="w-full border-collapse text-sm" data-testid="audit-log">
                <thead>
                  <tr className="text-start">
                    <th scope="col" className="border-b border-solid border-border p-2 text-start">
                      {t("admin.auditWhen")}
                    </th>
                    <th scope="col" className="border-b border-solid border-border p-2 text-start">
                      {t("admin.auditWho")}
                    </th>
                    <th scope="col" className="border-b border-solid border-border p-2 text-start">
                      {t("admin.auditAction")}
                    </th>
                    <th scope="col" className="border-b border-solid border-border p-2 text-start">
                      {t("admin.auditOutcome")}
                    </th>
                    <th scope="col" className="border-b border-solid border-border p-2 text-start">
                      {t("admin.auditFrom")}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {audit.map((entry) => (
                    <tr key={entry.id}>
                      <td className="border-b border-solid border-border p-2">
                        <RelativeTime value={entry.createdAt} />
                      </td>
                      <td className="border-b border-solid border-border p-2">{entry.actorName ?? "—"}</td>
                      <td className="border-b border-solid border-border p-2">{describeActivity(entry).sentence}</td>
                      <td className="border-b border-solid border-border p-2">{tDashboard(`activity.outcome.${entry.outcome}`)}</td>
                      <td className="border-b border-solid border-border p-2">{entry.ip ?? "—"}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>
        </div>
      )}
    </>
  );
}

/**
 * A member's beneficial interest in percent (empty = none), saved on its own; checked by Conform on blur and on the
 * server (`sharePercentFormSchema`); a refusal (the module's, naming the row) shows beside the field.
 */
function ShareForm({
  userId,
  name,
  shareBp,
  error,
  submitted,
  lastResult,
}: {
  userId: string;
  name: string;
  shareBp: number | null;
  error: string | null;
  submitted: string | null;
  lastResult?: SubmissionResult<string[]>;
}) {
  const { t } = useTranslation();
  const { t: tPolls } = useTranslation("polls");
  const [form, fields] = useForm<{ intent: string; userId: string; sharePercent: string }, SharePercentInput>({
    id: `share-${userId}`,
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: sharePercentFormSchema(tPolls) }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const inputId = fields.sharePercent.id;
  const errorId = fields.sharePercent.errorId;
  const message = fields.sharePercent.errors?.[0] ?? error;
  const saving = useNavigation().formData?.get("userId") === userId;
  const stored = shareBp === null ? "" : String(shareBp / 100);
  return (
    // Keyed by the stored value so the field shows it again after a save.
    <Form method="post" {...getFormProps(form)} key={stored} className="mt-2 flex flex-wrap items-end gap-2">
      <input type="hidden" name="intent" value="share" />
      <input type="hidden" name={fields.userId.name} value={userId} />
      <div className="grid gap-1">
        <label htmlFor={inputId} className="text-sm">
          {t("admin.shareLabel")}
          <span className="sr-only"> {name}</span>
        </label>
        <Input
          id={inputId}
          name={fields.sharePercent.name}
          type="number"
          inputMode="decimal"
          min={0}
          max={100}
          step={0.01}
          defaultValue={submitted ?? stored}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? errorId : undefined}
          className="w-32"
        />
      </div>
      <Button type="submit" size="sm" variant="outline" disabled={saving} aria-label={t("admin.shareSaveFor", { name })}>
        {t("admin.shareSave")}
      </Button>
      {message ? (
        <p id={errorId} className="m-0 basis-full text-sm text-destructive" data-testid="share-error">
          {message}
        </p>
      ) : null}
    </Form>
  );
}
