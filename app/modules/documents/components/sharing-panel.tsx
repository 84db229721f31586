import { X } from "lucide-react";
import { getFormProps, getSelectProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form, useActionData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FieldError } from "~/components/form-field";
import { Button } from "~/components/ui/button";
import { NativeSelect } from "~/components/ui/select";
import { SHARE_PERMISSIONS, type SharePermission } from "../schema";
import { documentFormSchema, type DocumentForm } from "../validation";
import { DocumentCommandForm, type DocumentActionData } from "./document-forms";

export interface SharingState {
  shares: { userId: string; name: string; role: string; permission: SharePermission }[];
  candidates: { userId: string; name: string; role: string }[];
}

/**
 * Who a document is shared with, for those who may manage it: change view/edit with two pressed
 * buttons (no select that submits on every arrow key), stop sharing, or share with someone else.
 */
export function SharingPanel({ sharing }: { sharing: SharingState }) {
  const { t } = useTranslation("documents");
  const { t: tAuth } = useTranslation("auth");
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && ["share", "unshare"].includes(String(navigation.formData?.get("intent")));
  const actionData = useActionData<DocumentActionData>();
  // Sharing with someone new; a share's own buttons are command forms (their refusals show in the page's banner).
  const [form, fields] = useForm<{ intent: string; userId: string; permission: string }, DocumentForm>({
    id: "share-new",
    lastResult: actionData?.intent === "share" ? actionData.result : undefined,
    defaultValue: { permission: "view" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: documentFormSchema(t) }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });

  return (
    <section aria-labelledby="sharing-heading" className="grid gap-3 rounded-lg border border-solid border-border bg-card p-4" data-testid="sharing-panel">
      <h2 id="sharing-heading" className="m-0 text-lg">
        {t("sharing.heading")}
      </h2>
      <p className="m-0 text-xs text-muted-foreground">{t("sharing.intro")}</p>

      {sharing.shares.length === 0 ? (
        <p className="m-0 text-sm" data-testid="sharing-none">
          {t("sharing.none")}
        </p>
      ) : (
        <ul className="m-0 grid list-none gap-2 p-0">
          {sharing.shares.map((share) => (
            <li key={share.userId} className="flex flex-wrap items-center justify-between gap-2 text-sm" data-testid="share-row">
              <span>
                <strong>{share.name}</strong> <span className="text-muted-foreground">· {tAuth(`roles.${share.role}`)}</span>
              </span>
              <span className="flex items-center gap-1">
                <DocumentCommandForm
                  id={`share-${share.userId}`}
                  intent="share"
                  values={{ userId: share.userId }}
                  className="flex gap-1"
                  role="group"
                  aria-label={t("sharing.change", { name: share.name })}
                >
                  {SHARE_PERMISSIONS.map((permission) => (
                    <Button
                      key={permission}
                      type="submit"
                      name="permission"
                      value={permission}
                      size="sm"
                      variant={share.permission === permission ? "default" : "outline"}
                      aria-pressed={share.permission === permission}
                      disabled={busy}
                    >
                      {t(`sharing.${permission}`)}
                    </Button>
                  ))}
                </DocumentCommandForm>
                <DocumentCommandForm id={`unshare-${share.userId}`} intent="unshare" values={{ userId: share.userId }}>
                  <Button type="submit" size="sm" variant="ghost" disabled={busy} aria-label={t("sharing.revoke", { name: share.name })}>
                    <X aria-hidden="true" className="h-4 w-4" />
                  </Button>
                </DocumentCommandForm>
              </span>
            </li>
          ))}
        </ul>
      )}

      {sharing.candidates.length === 0 ? (
        <p className="m-0 text-xs text-muted-foreground">{t("sharing.noCandidates")}</p>
      ) : (
        <Form method="post" {...getFormProps(form)} className="flex flex-wrap items-end gap-2" data-testid="share-form">
          <input type="hidden" name="intent" value="share" />
          <label htmlFor={fields.userId.id} className="grid gap-1 text-sm">
            {t("sharing.member")}
            <NativeSelect {...getSelectProps(fields.userId)} key={fields.userId.key} required>
              {sharing.candidates.map((candidate) => (
                <option key={candidate.userId} value={candidate.userId}>
                  {candidate.name} ({tAuth(`roles.${candidate.role}`)})
                </option>
              ))}
            </NativeSelect>
            <FieldError id={fields.userId.errorId} error={fields.userId.errors?.[0]} />
          </label>
          <label htmlFor={fields.permission.id} className="grid gap-1 text-sm">
            {t("sharing.permission")}
            <NativeSelect {...getSelectProps(fields.permission)} key={fields.permission.key}>
              {SHARE_PERMISSIONS.map((permission) => (
                <option key={permission} value={permission}>
                  {t(`sharing.${permission}`)}
                </option>
              ))}
            </NativeSelect>
            <FieldError id={fields.permission.errorId} error={fields.permission.errors?.[0]} />
          </label>
          <Button type="submit" disabled={busy}>
            {t("sharing.share")}
          </Button>
        </Form>
      )}
    </section>
  );
}
