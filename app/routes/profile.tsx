import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { peppers } from "~/platform/env.server";
import { FieldError, FormField } from "~/components/form-field";
import { Banner } from "~/components/ui/banner";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { UserAvatar } from "~/components/user-avatar";
import { PasswordInput } from "~/modules/auth/components/password-input";
import { requireSession } from "~/modules/auth/guard.server";
import { LanguageChoice } from "~/modules/preferences/components/language-choice";
import { DarkModeSwitch, ThemeCards } from "~/modules/preferences/components/theme-popover";
import { listDevices, signOutDevice, signOutOtherDevices } from "~/modules/auth/devices/devices.server";
import { SecuritySection } from "~/modules/auth/second-factor/components/security-section";
import { factorOverview } from "~/modules/auth/second-factor/factors.server";
import { DevicesList } from "~/modules/profile/components/devices-list";
import { QuietHoursForm } from "~/modules/profile/components/quiet-hours-form";
import { quietSettingsOf } from "~/modules/profile/quiet-hours.server";
import { changePassword, removeAvatar, setAvatar, updateProfileDetails } from "~/modules/profile/service.server";
import { MyWorkspaces } from "~/modules/workspaces/components/my-workspaces";
import { workspacesT } from "~/modules/workspaces/i18n.server";
import { leaveWorkspace } from "~/modules/workspaces/lifecycle/members.server";
import { answerOwnershipOffer, offersTo } from "~/modules/workspaces/lifecycle/ownership.server";
import { listUserWorkspaces } from "~/modules/workspaces/service.server";
import {
  AVATAR_MAX_BYTES,
  avatarFormSchema,
  changePasswordSchema,
  profileCommandSchema,
  profileDetailsSchema,
  type AvatarFormInput,
} from "~/modules/profile/validation";
import { IntentForm } from "~/components/intent-form";
import { HttpError, readFormData, Refusal } from "~/platform/http.server";
import { getRequestContext } from "~/platform/request-context.server";
import { useSignedInUser, type SignedInPageHandle } from "~/routes/_app";

export const handle = { i18n: ["profile", "workspaces", "security"], needsWorkspace: false } satisfies SignedInPageHandle;
export const meta: MetaFunction = () => [{ title: "Profile · Legal Document Platform" }];

export async function loader(args: LoaderFunctionArgs) {
  const session = await requireSession(args);
  const ctx = getRequestContext(args.request, args.context);
  const [sessions, workspaces, offers, factors] = await Promise.all([
    listDevices(ctx, session),
    listUserWorkspaces(ctx, session.user.id),
    offersTo(ctx, session.user.id),
    factorOverview(ctx.db, session.user.id, peppers(ctx.config)),
  ]);
  const security = { overview: factors, setupFor: session.secondFactorSetupFor?.name ?? null };
  return { sessions, workspaces, offers, currentWorkspaceId: session.workspace?.id ?? null, quiet: quietSettingsOf(session.user), security };
}

type Intent = "details" | "password" | "avatar" | "remove-avatar" | "sign-out-others" | "sign-out-device" | "leave-workspace" | "answer-offer";

export async function action(args: ActionFunctionArgs) {
  const session = await requireSession(args);
  const ctx = getRequestContext(args.request, args.context);
  const length = Number(args.request.headers.get("Content-Length") ?? 0);
  if (length > AVATAR_MAX_BYTES + 64 * 1024) {
    return data({ intent: "avatar" as Intent, result: null, error: ctx.t("errors.avatarTooLarge"), success: false }, 413);
  }
  const formData = await readFormData(args.request);
  const intent = String(formData.get("intent") ?? "") as Intent;
  try {
    switch (intent) {
      case "details": {
        const submission = parseWithZod(formData, { schema: profileDetailsSchema(ctx.t) });
        if (submission.status !== "success") return data({ intent, result: submission.reply(), error: null, success: false }, 400);
        await updateProfileDetails(ctx, session, submission.value);
        return { intent, result: submission.reply(), error: null, success: true };
      }
      case "password": {
        const submission = parseWithZod(formData, { schema: changePasswordSchema(ctx.t) });
        if (submission.status !== "success")
          return data(
            { intent, result: submission.reply({ hideFields: ["currentPassword", "password", "confirmPassword"] }), error: null, success: false },
            400,
          );
        try {
          await changePassword(ctx, session, submission.value);
        } catch (error) {
          if (error instanceof HttpError && error.fieldErrors) {
            return data(
              {
                intent,
                result: submission.reply({ fieldErrors: error.fieldErrors, hideFields: ["currentPassword", "password", "confirmPassword"] }),
                error: null,
                success: false,
              },
              error.status,
            );
          }
          throw error;
        }
        return { intent, result: submission.reply({ resetForm: true }), error: null, success: true };
      }
      case "avatar": {
        // The file itself never goes back in the reply.
        const submission = parseWithZod(formData, { schema: avatarFormSchema(ctx.t) });
        if (submission.status !== "success") {
          const message = submission.error?.avatar?.[0] ?? ctx.t("errors.avatarMissing");
          const status = message === ctx.t("errors.avatarTooLarge") ? 413 : 400;
          return data({ intent, result: submission.reply({ hideFields: ["avatar"] }), error: message, success: false }, status);
        }
        try {
          await setAvatar(ctx, session, submission.value.avatar);
        } catch (error) {
          if (error instanceof HttpError) {
            return data(
              { intent, result: submission.reply({ fieldErrors: error.fieldErrors, hideFields: ["avatar"] }), error: error.message, success: false },
              error.status,
            );
          }
          throw error;
        }
        return { intent, result: submission.reply({ resetForm: true }), error: null, success: true };
      }
      default: {
        // The command buttons carry nothing but their intent; anything else is an unknown action.
        const command = parseWithZod(formData, { schema: profileCommandSchema(ctx.t) });
        if (command.status !== "success") return data({ intent, result: command.reply(), error: ctx.t("errors.unknownAction"), success: false }, 400);
        const value = command.value;
        if (value.intent === "remove-avatar") await removeAvatar(ctx, session);
        else if (value.intent === "sign-out-others") await signOutOtherDevices(ctx, session);
        else if (value.intent === "sign-out-device") await signOutDevice(ctx, session, value.sessionId);
        else if (value.intent === "leave-workspace") await leaveWorkspace(ctx, session, value.workspaceId);
        else await answerOwnershipOffer(ctx, session, value.transferId, value.answer === "accept");
        const answered = value.intent === "answer-offer" ? value.answer : null;
        return { intent, result: command.reply(), error: null, success: true, answered };
      }
    }
  } catch (unknown) {
    // The workspaces' and devices' refusals carry keys; they are said in the caller's language here.
    const error = unknown instanceof Refusal ? unknown.in(workspacesT(args.request)) : unknown;
    if (error instanceof HttpError) return data({ intent, result: null, error: error.message, success: false }, error.status);
    throw error;
  }
}

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="grid gap-4 rounded-lg border border-solid border-border bg-card p-5">
      <h2 id={id} className="m-0 text-lg">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Outcome({ intent, success }: { intent: Intent; success: string }) {
  const result = useActionData<typeof action>();
  if (!result || result.intent !== intent) return null;
  if (result.success) return <Banner kind="success">{success}</Banner>;
  if (result.error) return <Banner kind="error">{result.error}</Banner>;
  return null;
}

function DetailsForm() {
  const user = useSignedInUser();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("profile");
  const { t: tAuth } = useTranslation("auth");
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "profile-details",
    lastResult: actionData?.intent === "details" ? actionData.result : undefined,
    defaultValue: { name: user.name, username: user.username, phone: user.phone ?? "" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: profileDetailsSchema(tAuth) }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "details";
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-3">
      <input type="hidden" name="intent" value="details" />
      <Outcome intent="details" success={t("details.saved")} />
      <FormField id={fields.name.id} errorId={fields.name.errorId} label={tAuth("fields.name")} errors={fields.name.errors}>
        <Input {...getInputProps(fields.name, { type: "text" })} key={fields.name.key} autoComplete="name" />
      </FormField>
      <FormField id={fields.username.id} errorId={fields.username.errorId} label={tAuth("fields.username")} errors={fields.username.errors}>
        <Input {...getInputProps(fields.username, { type: "text" })} key={fields.username.key} autoComplete="username" />
      </FormField>
      <FormField id={fields.phone.id} errorId={fields.phone.errorId} label={tAuth("fields.phone")} errors={fields.phone.errors}>
        <Input {...getInputProps(fields.phone, { type: "tel" })} key={fields.phone.key} autoComplete="tel" />
      </FormField>
      <p className="m-0 text-sm text-muted-foreground">{t("details.email", { email: user.email })}</p>
      <Button type="submit" disabled={busy} className="justify-self-start">
        {busy ? t("saving") : t("details.save")}
      </Button>
    </Form>
  );
}

function PasswordForm() {
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("profile");
  const { t: tAuth } = useTranslation("auth");
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "profile-password",
    lastResult: actionData?.intent === "password" ? actionData.result : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: changePasswordSchema(tAuth) }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "password";
  // One show/hide toggle for the three password fields.
  const [visible, setVisible] = useState(false);
  const toggle = { visible, onToggle: () => setVisible((v) => !v) };
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-3">
      <input type="hidden" name="intent" value="password" />
      <Outcome intent="password" success={t("password.changed")} />
      <FormField id={fields.currentPassword.id} errorId={fields.currentPassword.errorId} label={t("password.current")} errors={fields.currentPassword.errors}>
        <PasswordInput
          {...getInputProps(fields.currentPassword, { type: "password" })}
          key={fields.currentPassword.key}
          autoComplete="current-password"
          {...toggle}
        />
      </FormField>
      <FormField id={fields.password.id} errorId={fields.password.errorId} label={t("password.new")} errors={fields.password.errors}>
        <PasswordInput {...getInputProps(fields.password, { type: "password" })} key={fields.password.key} autoComplete="new-password" {...toggle} />
      </FormField>
      <FormField
        id={fields.confirmPassword.id}
        errorId={fields.confirmPassword.errorId}
        label={tAuth("fields.confirmPassword")}
        errors={fields.confirmPassword.errors}
      >
        <PasswordInput
          {...getInputProps(fields.confirmPassword, { type: "password" })}
          key={fields.confirmPassword.key}
          autoComplete="new-password"
          {...toggle}
        />
      </FormField>
      <p className="m-0 text-xs text-muted-foreground">{tAuth("register.passwordHint")}</p>
      <Button type="submit" disabled={busy} className="justify-self-start">
        {busy ? t("saving") : t("password.save")}
      </Button>
    </Form>
  );
}

/** The profile picture: a file checked by Conform (present, not too large) on blur and on the server; its message under the field. */
function AvatarForm({ busy }: { busy: boolean }) {
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("profile");
  const { t: tAuth } = useTranslation("auth");
  const [form, fields] = useForm<{ intent: string; avatar: File }, AvatarFormInput>({
    id: "profile-avatar",
    lastResult: actionData?.intent === "avatar" ? actionData.result : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: avatarFormSchema(tAuth) }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="flex flex-wrap items-end gap-3">
      <input type="hidden" name="intent" value="avatar" />
      <div className="grid gap-1">
        <label htmlFor={fields.avatar.id} className="text-sm font-medium">
          {t("avatar.choose")}
        </label>
        <input
          {...getInputProps(fields.avatar, { type: "file" })}
          key={fields.avatar.key}
          accept="image/png,image/jpeg,image/gif,image/webp"
          required
          className="text-sm"
        />
        <FieldError id={fields.avatar.errorId} error={fields.avatar.errors?.[0]} />
      </div>
      <Button type="submit" disabled={busy}>
        {busy ? t("saving") : t("avatar.upload")}
      </Button>
    </Form>
  );
}

export default function ProfileRoute() {
  const { sessions, workspaces, offers, currentWorkspaceId, quiet, security } = useLoaderData<typeof loader>();
  const user = useSignedInUser();
  const { t } = useTranslation("profile");
  const { t: tAuth } = useTranslation("auth");
  const navigation = useNavigation();
  const busyIntent = navigation.state !== "idle" ? navigation.formData?.get("intent") : null;
  return (
    <div className="grid gap-6">
      <h1 className="m-0 text-2xl">{t("title")}</h1>
      <Section id="second-factor" title={t("title", { ns: "security" })}>
        <SecuritySection {...security} />
      </Section>
      <div className="grid gap-6 lg:grid-cols-2">
        <Section id="details-heading" title={t("details.title")}>
          <DetailsForm />
        </Section>
        <Section id="avatar-heading" title={t("avatar.title")}>
          <Outcome intent="avatar" success={t("avatar.saved")} />
          <Outcome intent="remove-avatar" success={t("avatar.removed")} />
          <div className="flex items-center gap-4">
            <UserAvatar user={user} size={72} />
            <p className="m-0 text-sm text-muted-foreground">{t("avatar.hint")}</p>
          </div>
          <AvatarForm busy={busyIntent === "avatar"} />
          {user.profileImageUrl ? (
            <IntentForm id="profile-remove-avatar" intent="remove-avatar" schema={profileCommandSchema(tAuth)}>
              <Button type="submit" variant="outline" size="sm">
                {t("avatar.remove")}
              </Button>
            </IntentForm>
          ) : null}
        </Section>
        <Section id="display-heading" title={t("display.title")}>
          <p className="m-0 text-sm text-muted-foreground">{t("display.intro")}</p>
          <LanguageChoice />
          <h3 className="m-0 text-base">{t("display.theme")}</h3>
          <ThemeCards className="sm:grid-cols-2" />
          <DarkModeSwitch />
        </Section>
        <Section id="password-heading" title={t("password.title")}>
          <p className="m-0 text-sm text-muted-foreground">{t("password.intro")}</p>
          <PasswordForm />
        </Section>
        <Section id="quiet-heading" title={t("quiet.title")}>
          <p className="m-0 text-sm text-muted-foreground">{t("quiet.intro")}</p>
          <QuietHoursForm saved={quiet} />
        </Section>
      </div>
      <Section id="workspaces-heading" title={t("mine.title", { ns: "workspaces" })}>
        <MyWorkspaces workspaces={workspaces} offers={offers} currentWorkspaceId={currentWorkspaceId} />
      </Section>
      <Section id="sessions-heading" title={t("sessions.title")}>
        <Outcome intent="sign-out-others" success={t("sessions.signedOut")} />
        <Outcome intent="sign-out-device" success={t("sessions.signedOutOne")} />
        <p className="m-0 text-sm text-muted-foreground">{t("sessions.intro")}</p>
        <DevicesList sessions={sessions} />
      </Section>
    </div>
  );
}
