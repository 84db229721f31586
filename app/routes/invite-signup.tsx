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
import { registerSchema } from "~/modules/auth/validation";
import { acceptInvitation, findOpenInvitation, refuseOtherAddress } from "~/modules/workspaces/service.server";
import { HttpError, readFormData } from "~/platform/http.server";
import { getRequestContext } from "~/platform/request-context.server";

export const meta: MetaFunction = () => [{ title: "Join a family workspace · Legal Document Platform" }];

export async function loader(args: LoaderFunctionArgs) {
  const ctx = getRequestContext(args.request, args.context);
  const token = new URL(args.request.url).searchParams.get("token") ?? "";
  const [invitation, session] = await Promise.all([findOpenInvitation(ctx, token), getCurrentSession(args)]);
  return {
    token,
    invitation: invitation
      ? { email: invitation.email, role: invitation.role, workspaceName: invitation.workspaceName, inviterName: invitation.inviterName }
      : null,
    currentEmail: session?.user.email ?? null,
  };
}

export async function action(args: ActionFunctionArgs) {
  const ctx = getRequestContext(args.request, args.context);
  const token = new URL(args.request.url).searchParams.get("token") ?? "";
  const formData = await readFormData(args.request);
  const session = await getCurrentSession(args);
  try {
    if (session) {
      // Only the account of the invited address joins: another signed-in account is refused (and audited).
      await acceptInvitation(ctx, session.user, token, session.sessionId);
      return redirect("/dashboard");
    }
    const invitation = await findOpenInvitation(ctx, token);
    if (!invitation) throw new HttpError(404, ctx.t("errors.invitationInvalid"));
    // The address is the invitation's, fixed on the form: another one typed (or sent) is refused before any account exists.
    const typed = formData.get("email");
    if (typeof typed === "string" && typed.trim() !== "") await refuseOtherAddress(ctx, invitation, typed, null);
    formData.set("email", invitation.email);
    const submission = parseWithZod(formData, { schema: registerSchema(ctx.t) });
    if (submission.status !== "success") return data({ result: submission.reply(), error: null }, 400);
    try {
      // The link reached this mailbox, and the account is the invited address: verified.
      const account = await register(ctx, submission.value, { verified: true, invited: true });
      await acceptInvitation(ctx, account.user, token, account.session.id);
      return redirect("/dashboard", {
        headers: { "Set-Cookie": serializeSessionCookie(account.token, { secure: ctx.secure, remember: false }) },
      });
    } catch (error) {
      if (error instanceof AuthError) {
        return data({ result: submission.reply({ fieldErrors: error.fieldErrors }), error: error.message }, error.status);
      }
      throw error;
    }
  } catch (error) {
    if (error instanceof HttpError) return data({ result: undefined, error: error.message }, error.status);
    throw error;
  }
}

export default function InviteSignupRoute() {
  const { token, invitation, currentEmail } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("auth");
  const [visible, setVisible] = useState(false);
  const submitting = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    id: "invite-signup-form",
    lastResult: actionData?.result,
    defaultValue: { email: invitation?.email ?? "" },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: registerSchema(t) }),
  });

  const emailProps = getInputProps(fields.email, { type: "email" });
  const emailFixedId = `${fields.email.id}-fixed`;
  const role = invitation ? t(`roles.${invitation.role}`) : "";
  const back = `/invite-signup?token=${encodeURIComponent(token)}`;

  return (
    <main id="main-content" className="flex min-h-screen items-center justify-center bg-background px-4 py-10">
      <div className="flex w-full max-w-lg flex-col gap-4 rounded-xl border border-solid border-border bg-card p-6 shadow-sm">
        <h1 className="m-0 text-2xl text-link">{t("invite.title")}</h1>
        {!invitation ? (
          <Banner kind="error">{t("invite.invalid")}</Banner>
        ) : (
          <>
            <p className="m-0">
              {invitation.inviterName
                ? t("invite.intro", { inviter: invitation.inviterName, workspace: invitation.workspaceName, role })
                : t("invite.introNoInviter", { workspace: invitation.workspaceName, role })}
            </p>
            {actionData?.error ? <Banner kind="error">{actionData.error}</Banner> : null}
            {currentEmail && currentEmail !== invitation.email ? (
              // Only the invited address may join: this account is told so, and how to accept it as that address.
              <>
                <p className="m-0" data-testid="invite-wrong-account">
                  {t("invite.wrongAccount", { email: invitation.email, current: currentEmail })}
                </p>
                <a href="/api/logout" className="text-center text-sm text-link">
                  {t("invite.signOut")}
                </a>
              </>
            ) : currentEmail ? (
              <Form method="post" className="flex flex-col gap-3">
                <Button type="submit" disabled={submitting}>
                  {submitting ? t("invite.accepting") : t("invite.accept")}
                </Button>
              </Form>
            ) : (
              <>
                <h2 className="m-0 text-lg">{t("invite.createAccount")}</h2>
                <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
                  <FormField id={fields.name.id} errorId={fields.name.errorId} label={t("fields.name")} errors={fields.name.errors}>
                    <Input {...getInputProps(fields.name, { type: "text" })} key={fields.name.key} autoComplete="name" />
                  </FormField>
                  <FormField id={fields.username.id} errorId={fields.username.errorId} label={t("fields.username")} errors={fields.username.errors}>
                    <Input {...getInputProps(fields.username, { type: "text" })} key={fields.username.key} autoComplete="username" />
                  </FormField>
                  <FormField id={fields.email.id} errorId={fields.email.errorId} label={t("fields.email")} errors={fields.email.errors}>
                    {/* The invitation's address, fixed: the account is made for the mailbox the link was sent to. */}
                    <Input
                      {...emailProps}
                      key={fields.email.key}
                      defaultValue={invitation.email}
                      readOnly
                      aria-describedby={[emailProps["aria-describedby"], emailFixedId].filter(Boolean).join(" ")}
                      autoComplete="email"
                    />
                    <p id={emailFixedId} className="m-0 text-sm text-muted-foreground">
                      {t("invite.emailFixed")}
                    </p>
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
                  <Button type="submit" disabled={submitting}>
                    {submitting ? t("register.pending") : t("invite.accept")}
                  </Button>
                </Form>
                <Link to={`/auth?redirectTo=${encodeURIComponent(back)}`} className="text-center text-sm text-link">
                  {t("invite.signInInstead")}
                </Link>
              </>
            )}
          </>
        )}
      </div>
    </main>
  );
}
