import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data, redirect } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FormField } from "~/components/form-field";
import { Banner } from "~/components/ui/banner";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { PasswordInput } from "~/modules/auth/components/password-input";
import { AuthError, resetPassword } from "~/modules/auth/service.server";
import { peekToken } from "~/modules/auth/tokens.server";
import { resetPasswordSchema } from "~/modules/auth/validation";
import { getRequestContext } from "~/platform/request-context.server";
import { readFormData } from "~/platform/http.server";

export const meta: MetaFunction = () => [{ title: "Reset password · Legal Document Platform" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const ctx = getRequestContext(request, context);
  const valid = /^[A-Za-z0-9_-]{43}$/.test(token) && (await peekToken(ctx.db, token, "reset_password"));
  return { token: valid ? token : null };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const ctx = getRequestContext(request, context);
  const submission = parseWithZod(await readFormData(request), { schema: resetPasswordSchema(ctx.t) });
  if (submission.status !== "success") return data({ result: submission.reply(), error: null }, 400);
  try {
    await resetPassword(ctx, submission.value.token, submission.value.password);
  } catch (error) {
    if (error instanceof AuthError) return data({ result: submission.reply(), error: error.message }, error.status);
    throw error;
  }
  return redirect("/login?notice=password-reset");
}

export default function ResetPasswordRoute() {
  const { token } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("auth");
  const [visible, setVisible] = useState(false);
  const submitting = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    id: "new-password-form",
    lastResult: actionData?.result,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: resetPasswordSchema(t) }),
  });

  return (
    <main id="main-content" className="flex min-h-screen items-center justify-center bg-background px-4">
      <div className="w-full max-w-md rounded-xl border border-solid border-border bg-card p-6 shadow-sm">
        <h1 className="mt-0 text-xl">{t("resetPage.title")}</h1>
        {!token ? (
          <>
            <Banner kind="error">{t("resetPage.invalid")}</Banner>
            <p>
              <Link to="/forgot-password" className="text-link">
                {t("resetPage.requestNew")}
              </Link>
            </p>
          </>
        ) : (
          <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
            <p className="m-0 text-sm text-muted-foreground">{t("resetPage.intro")}</p>
            {actionData?.error ? <Banner kind="error">{actionData.error}</Banner> : null}
            <input type="hidden" name="token" value={token} />
            <FormField id={fields.password.id} errorId={fields.password.errorId} label={t("fields.newPassword")} errors={fields.password.errors}>
              <PasswordInput
                {...getInputProps(fields.password, { type: "password" })}
                key={fields.password.key}
                autoComplete="new-password"
                visible={visible}
                onToggle={() => setVisible((v) => !v)}
              />
            </FormField>
            <FormField
              id={fields.confirmPassword.id}
              errorId={fields.confirmPassword.errorId}
              label={t("fields.confirmPassword")}
              errors={fields.confirmPassword.errors}
            >
              <Input
                {...getInputProps(fields.confirmPassword, { type: "password" })}
                type={visible ? "text" : "password"}
                key={fields.confirmPassword.key}
                autoComplete="new-password"
              />
            </FormField>
            <p className="m-0 text-xs text-muted-foreground">{t("register.passwordHint")}</p>
            <Button type="submit" disabled={submitting}>
              {submitting ? t("resetPage.pending") : t("resetPage.submit")}
            </Button>
          </Form>
        )}
      </div>
    </main>
  );
}
