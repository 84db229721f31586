import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FormField } from "~/components/form-field";
import { Banner } from "~/components/ui/banner";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import type { AdminActionResult } from "../../admin-page.server";
import type { Role } from "../../schema";
import { deleteWorkspaceSchema } from "../../validation";
import { ConfirmButton } from "./confirm-button";

export interface OpenOffer {
  id: string;
  toName: string;
  createdAt: string;
}

/** Ownership handed on, leaving, and deleting: the workspace's irreversible steps, each explained before it is taken. */
export function WorkspaceDangerZone({
  me,
  openOffer,
  answer,
}: {
  me: { role: Role; workspaceName: string; lastOwner: boolean };
  openOffer: OpenOffer | null;
  answer?: AdminActionResult;
}) {
  const { t } = useTranslation("workspaces");
  // A restore's answer is the page's own banner (it is shown without a workspace too), not repeated here.
  const own = answer && ["withdrawOffer", "leave", "delete"].includes(answer.intent) ? answer : undefined;
  return (
    <section aria-labelledby="danger-heading" className="rounded-lg border border-solid border-border bg-card p-4 md:col-span-2">
      <h2 id="danger-heading" className="mt-0 text-lg">
        {t("danger.title")}
      </h2>
      {own?.notice ? <Banner kind="success">{own.notice}</Banner> : null}
      {own?.error ? <Banner kind="error">{own.error}</Banner> : null}
      {openOffer ? (
        <div className="flex flex-wrap items-center justify-between gap-2 border-b border-solid border-border pb-3">
          <p className="m-0 text-sm" data-testid="open-offer">
            {t("ownership.waiting", { name: openOffer.toName })}
          </p>
          {me.role === "owner" ? (
            <Form method="post">
              <input type="hidden" name="intent" value="withdrawOffer" />
              <input type="hidden" name="transferId" value={openOffer.id} />
              <Button type="submit" size="sm" variant="outline">
                {t("ownership.withdraw")}
              </Button>
            </Form>
          ) : null}
        </div>
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-solid border-border py-3">
        <p className="m-0 text-sm">{me.lastOwner ? t("leave.lastOwner") : t("leave.explain", { workspace: me.workspaceName })}</p>
        {me.lastOwner ? null : (
          <ConfirmButton
            intent="leave"
            label={t("leave.button")}
            title={t("leave.title", { workspace: me.workspaceName })}
            description={t("leave.body", { workspace: me.workspaceName })}
            confirmLabel={t("leave.confirm")}
          />
        )}
      </div>
      {me.role === "owner" ? <DeleteWorkspaceForm workspaceName={me.workspaceName} answer={answer?.intent === "delete" ? answer : undefined} /> : null}
    </section>
  );
}

/** Deleting needs the workspace's name typed again; it can be undone for 30 days from this page. */
function DeleteWorkspaceForm({ workspaceName, answer }: { workspaceName: string; answer?: AdminActionResult }) {
  const { t } = useTranslation("workspaces");
  const deleting = useNavigation().formData?.get("intent") === "delete";
  const [form, fields] = useForm({
    id: "delete-workspace",
    lastResult: answer?.result,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: deleteWorkspaceSchema(t) }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-3 grid gap-2">
      <input type="hidden" name="intent" value="delete" />
      <h3 className="m-0 text-base">{t("deletion.title")}</h3>
      <p className="m-0 text-sm text-muted-foreground">{t("deletion.explain", { workspace: workspaceName })}</p>
      <FormField
        id={fields.confirmName.id}
        errorId={fields.confirmName.errorId}
        label={t("deletion.typeName", { workspace: workspaceName })}
        errors={fields.confirmName.errors}
      >
        <Input {...getInputProps(fields.confirmName, { type: "text" })} key={fields.confirmName.key} autoComplete="off" />
      </FormField>
      <div>
        <Button type="submit" variant="destructive" disabled={deleting}>
          {t("deletion.submit")}
        </Button>
      </div>
    </Form>
  );
}
