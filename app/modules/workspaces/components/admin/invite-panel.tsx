import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FormField } from "~/components/form-field";
import { IntentForm } from "~/components/intent-form";
import { Banner } from "~/components/ui/banner";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/select";
import type { AdminActionResult } from "../../admin-page.server";
import { INVITABLE_ROLES } from "../../roles";
import type { Role } from "../../schema";
import { invitationFields, revokeInvitationSchema } from "../../validation";

export interface PendingInvitation {
  id: string;
  email: string;
  role: Role;
  expiresAt: string;
}

/** Inviting someone by e-mail with a role, and the invitations still waiting (each can be revoked). */
export function InvitePanel({ workspaceName, invitations, answer }: { workspaceName: string; invitations: PendingInvitation[]; answer?: AdminActionResult }) {
  const { t, i18n } = useTranslation();
  const { t: tAuth } = useTranslation("auth");
  const submitting = useNavigation().formData?.get("email") != null;
  const inviteAnswer = answer && (answer.intent === "invite" || answer.intent === "revoke") ? answer : undefined;
  const [form, fields] = useForm({
    id: "invite-form",
    lastResult: answer?.intent === "invite" ? answer.result : undefined,
    defaultValue: { role: "beneficiary" },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: invitationFields(tAuth) }),
  });
  const date = (iso: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium" }).format(new Date(iso));
  return (
    <section aria-labelledby="invite-heading" className="rounded-lg border border-solid border-border bg-card p-4">
      <h2 id="invite-heading" className="mt-0 text-lg">
        {t("admin.invite")}
      </h2>
      <p className="text-sm text-muted-foreground">{t("admin.inviteIntro", { workspace: workspaceName })}</p>
      {inviteAnswer?.notice ? <Banner kind="success">{inviteAnswer.notice}</Banner> : null}
      {inviteAnswer?.error ? <Banner kind="error">{inviteAnswer.error}</Banner> : null}
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
  );
}
