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
import { getCurrentSession } from "~/modules/auth/guard.server";
import { AuthError, register } from "~/modules/auth/service.server";
import { serializeSessionCookie } from "~/modules/auth/session.server";
import { registerFields, withPasswordsMatch, type Translate } from "~/modules/auth/validation";
import { WorkspaceFields } from "~/modules/workspaces/components/workspace-fields";
import { createWorkspace } from "~/modules/workspaces/service.server";
import { workspaceFields } from "~/modules/workspaces/validation";
import { getRequestContext } from "~/platform/request-context.server";
import { readFormData } from "~/platform/http.server";

export const meta: MetaFunction = () => [{ title: "Start your free trial · Legal Document Platform" }];

const newAccountSchema = (t: Translate) => withPasswordsMatch(registerFields(t).merge(workspaceFields(t)), t);

export async function loader(args: LoaderFunctionArgs) {
  return { signedIn: Boolean(await getCurrentSession(args)) };
}

/** A new family workspace with a 30-day trial; signed out, the account is created in the same step. */
export async function action(args: ActionFunctionArgs) {
  const ctx = getRequestContext(args.request, args.context);
  const formData = await readFormData(args.request);
  const session = await getCurrentSession(args);
  if (session) {
    const submission = parseWithZod(formData, { schema: workspaceFields(ctx.t) });
    if (submission.status !== "success") return data({ result: submission.reply(), error: null }, 400);
    await createWorkspace(ctx, session.user.id, submission.value, session.sessionId);
    return redirect("/dashboard");
  }
  const submission = parseWithZod(formData, { schema: newAccountSchema(ctx.t) });
  if (submission.status !== "success") return data({ result: submission.reply(), error: null }, 400);
  try {
    const account = await register(ctx, submission.value);
    await createWorkspace(ctx, account.user.id, submission.value, account.session.id);
    return redirect("/dashboard", {
      headers: { "Set-Cookie": serializeSessionCookie(account.token, { secure: ctx.secure, remember: false }) },
    });
  } catch (error) {
    if (error instanceof AuthError) {
      return data({ result: submission.reply({ fieldErrors: error.fieldErrors }), error: error.message }, error.status);
    }
    throw error;
  }
}

export default function CustomerSignupRoute() {
  const { signedIn } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("auth");
  const [visible, setVisible] = useState(false);
  const submitting = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    id: "customer-signup-form",
    lastResult: actionData?.result,
    defaultValue: { role: "owner" },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: signedIn ? workspaceFields(t) : newAccountSchema(t) }),
  });

  return (
    <main id="main-content" className="flex min-h-screen items-center justify-center bg-background px-4 py-10">
      <div className="w-full max-w-lg rounded-xl border border-solid border-border bg-card p-6 shadow-sm">
        <h1 className="mt-0 text-2xl text-link">{t("signup.title")}</h1>
        <p className="text-sm text-muted-foreground">{t("signup.intro")}</p>
        {actionData?.error ? <Banner kind="error">{actionData.error}</Banner> : null}
        <Form method="post" {...getFormProps(form)} className="mt-4 flex flex-col gap-4">
          {!signedIn ? (
            <fieldset className="m-0 flex flex-col gap-4 border-none p-0">
              <legend className="mb-2 font-semibold">{t("signup.accountSection")}</legend>
              <FormField id={fields.name.id} errorId={fields.name.errorId} label={t("fields.name")} errors={fields.name.errors}>
                <Input {...getInputProps(fields.name, { type: "text" })} key={fields.name.key} autoComplete="name" />
              </FormField>
              <FormField id={fields.username.id} errorId={fields.username.errorId} label={t("fields.username")} errors={fields.username.errors}>
                <Input {...getInputProps(fields.username, { type: "text" })} key={fields.username.key} autoComplete="username" />
              </FormField>
              <FormField id={fields.email.id} errorId={fields.email.errorId} label={t("fields.email")} errors={fields.email.errors}>
                <Input {...getInputProps(fields.email, { type: "email" })} key={fields.email.key} autoComplete="email" />
              </FormField>
              <FormField id={fields.phone.id} errorId={fields.phone.errorId} label={t("fields.phone")} errors={fields.phone.errors}>
                <Input {...getInputProps(fields.phone, { type: "tel" })} key={fields.phone.key} autoComplete="tel" />
              </FormField>
              <FormField id={fields.password.id} errorId={fields.password.errorId} label={t("fields.password")} errors={fields.password.errors}>
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
            </fieldset>
          ) : null}
          <fieldset className="m-0 flex flex-col gap-4 border-none p-0">
            <legend className="mb-2 font-semibold">{t("signup.workspaceSection")}</legend>
            <WorkspaceFields fields={fields} />
          </fieldset>
          <Button type="submit" disabled={submitting}>
            {submitting ? t("signup.pending") : t("signup.submit")}
          </Button>
        </Form>
        {!signedIn ? (
          <p className="text-center text-sm">
            {t("signup.haveAccount")}{" "}
            <Link to="/auth" className="text-link">
              {t("signup.signIn")}
            </Link>
          </p>
        ) : null}
      </div>
    </main>
  );
}
