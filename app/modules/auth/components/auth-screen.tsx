import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form, useLocation, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FormField } from "~/components/form-field";
import { Banner } from "~/components/ui/banner";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { initialTab, postJson, storeSession, type AuthResponse } from "../client";
import { SecondFactorStep } from "../second-factor/components/second-factor-step";
import { forgotPasswordSchema, loginSchema, registerSchema } from "../validation";
import { safeRedirect } from "../safe-redirect";
import { PasswordInput } from "./password-input";

export const LOGIN_REDIRECT_MS = 1000;
export const REGISTER_REDIRECT_MS = 2000;

type Tab = "login" | "register" | "reset";
export interface BannerState {
  kind: "success" | "error";
  text: string;
}

export interface AuthActionData {
  intent: Tab | "second-factor";
  result?: SubmissionResult<string[]>;
  banner?: BannerState;
  /** The password was right and a second factor is owed: the step to show, and how it may be completed. */
  secondFactor?: { methods: SecondFactorMethods };
  redirectTo?: string;
}

type SecondFactorMethods = NonNullable<AuthResponse["secondFactorMethods"]>;

interface Props {
  supportEmail: string;
  redirectTo: string;
  actionData?: AuthActionData;
  initialBanner?: BannerState | null;
}

/** Message for a failed call: the answer's own error, else the spec's fallback texts (section 8). */
function failureText(result: Awaited<ReturnType<typeof postJson>>, absent: string): string {
  if (result.data?.error) return result.data.error;
  if (result.data && result.data.success === false) return absent;
  return result.failure;
}

export function AuthScreen({ supportEmail, redirectTo, actionData, initialBanner }: Props) {
  const { t } = useTranslation("auth");
  const location = useLocation();
  const [tab, setTab] = useState<Tab>(actionData?.intent && actionData.intent !== "second-factor" ? actionData.intent : initialTab(location.pathname));
  const [secondStep, setSecondStep] = useState<SecondFactorMethods | null>(actionData?.secondFactor?.methods ?? null);
  const [banner, setBanner] = useState<BannerState | null>(actionData?.banner ?? initialBanner ?? null);
  const [showPassword, setShowPassword] = useState(false);
  const [pending, setPending] = useState<Tab | null>(null);
  const navigation = useNavigation();
  const nativePending = navigation.state === "submitting" ? (navigation.formData?.get("intent") as Tab | null) : null;
  const busy = pending ?? nativePending;

  const togglePassword = () => setShowPassword((v) => !v);
  const changeTab = (value: string) => {
    setTab(value as Tab);
    setBanner(null);
  };

  async function call(
    kind: Tab,
    path: string,
    payload: unknown,
    onSuccess: (data: NonNullable<Awaited<ReturnType<typeof postJson>>["data"]>) => void,
    absent: string,
    thrown: string,
  ) {
    setPending(kind);
    setBanner(null);
    try {
      const result = await postJson(path, payload);
      if (kind === "login" && result.data?.secondFactorRequired) setSecondStep(result.data.secondFactorMethods ?? ["totp"]);
      else if (result.ok && result.data?.success !== false) onSuccess(result.data ?? {});
      else setBanner({ kind: "error", text: failureText(result, absent) });
    } catch (error) {
      setBanner({ kind: "error", text: error instanceof Error && error.message ? error.message : thrown });
    } finally {
      setPending(null);
    }
  }

  function signedIn(data: AuthResponse) {
    storeSession(data.sessionId, data.user);
    setBanner({ kind: "success", text: t("login.success") });
    setTimeout(() => window.location.assign(safeRedirect(redirectTo)), LOGIN_REDIRECT_MS);
  }

  const [loginForm, loginFields] = useForm({
    id: "login-form",
    lastResult: actionData?.intent === "login" ? actionData.result : undefined,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: loginSchema(t) }),
    onSubmit(event, { submission }) {
      event.preventDefault();
      if (submission?.status !== "success") return;
      void call(
        "login",
        "/api/auth/login",
        { email: submission.value.email, password: submission.value.password, rememberMe: submission.value.rememberMe ?? false },
        signedIn,
        t("login.failed"),
        t("login.failedRetry"),
      );
    },
  });

  const [registerForm, registerFields] = useForm({
    id: "register-form",
    lastResult: actionData?.intent === "register" ? actionData.result : undefined,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: registerSchema(t) }),
    onSubmit(event, { submission }) {
      event.preventDefault();
      if (submission?.status !== "success") return;
      const { name, username, email, password, confirmPassword, phone } = submission.value;
      void call(
        "register",
        "/api/auth/register",
        { name, username, email, password, confirmPassword, ...(phone ? { phone } : {}) },
        (data) => {
          storeSession(data.sessionId, data.user);
          setBanner({ kind: "success", text: t("register.success") });
          setTimeout(() => window.location.assign(safeRedirect(redirectTo)), REGISTER_REDIRECT_MS);
        },
        t("register.failed"),
        t("register.failedRetry"),
      );
    },
  });

  const [resetForm, resetFields] = useForm({
    id: "reset-form",
    lastResult: actionData?.intent === "reset" ? actionData.result : undefined,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: forgotPasswordSchema(t) }),
    onSubmit(event, { submission }) {
      event.preventDefault();
      if (submission?.status !== "success") return;
      void call(
        "reset",
        "/api/auth/forgot-password",
        { email: submission.value.email },
        () => setBanner({ kind: "success", text: t("reset.success") }),
        t("reset.failed"),
        t("reset.failed"),
      );
    },
  });

  const describedBy = (field: { errorId: string; errors?: string[] }) => (field.errors?.length ? field.errorId : undefined);

  return (
    <main id="main-content" className="flex min-h-screen items-center justify-center bg-background px-4 py-10">
      <div className="w-full max-w-md rounded-xl border border-solid border-border bg-card p-6 shadow-sm sm:p-8">
        <div className="mb-6 text-center">
          <h1 className="m-0 text-2xl font-bold text-link">{t("title")}</h1>
          <p className="mt-2 text-sm text-muted-foreground">{t("tagline")}</p>
        </div>

        {banner ? (
          <div className="mb-4">
            <Banner kind={banner.kind}>{banner.text}</Banner>
          </div>
        ) : null}

        {secondStep ? (
          <SecondFactorStep
            methods={secondStep}
            redirectTo={redirectTo}
            lastResult={actionData?.intent === "second-factor" ? actionData.result : undefined}
            onSignedIn={signedIn}
            onError={(text) => setBanner({ kind: "error", text })}
            onRestart={(text) => {
              setSecondStep(null);
              setTab("login");
              setBanner(text ? { kind: "error", text } : null);
            }}
          />
        ) : (
          <Tabs value={tab} onValueChange={changeTab}>
            <TabsList aria-label={t("tabs.label")}>
              <TabsTrigger value="login">{t("tabs.login")}</TabsTrigger>
              <TabsTrigger value="register">{t("tabs.register")}</TabsTrigger>
              <TabsTrigger value="reset">{t("tabs.reset")}</TabsTrigger>
            </TabsList>

            <TabsContent value="login">
              <Form method="post" {...getFormProps(loginForm)} className="flex flex-col gap-4">
                <input type="hidden" name="intent" value="login" />
                <input type="hidden" name="redirectTo" value={redirectTo} />
                <FormField id={loginFields.email.id} errorId={loginFields.email.errorId} label={t("fields.email")} errors={loginFields.email.errors}>
                  <Input
                    {...getInputProps(loginFields.email, { type: "email" })}
                    key={loginFields.email.key}
                    autoComplete="email"
                    aria-describedby={describedBy(loginFields.email)}
                    placeholder={t("fields.emailPlaceholder")}
                  />
                </FormField>
                <FormField
                  id={loginFields.password.id}
                  errorId={loginFields.password.errorId}
                  label={t("fields.password")}
                  errors={loginFields.password.errors}
                >
                  <PasswordInput
                    {...getInputProps(loginFields.password, { type: "password" })}
                    key={loginFields.password.key}
                    autoComplete="current-password"
                    aria-describedby={describedBy(loginFields.password)}
                    visible={showPassword}
                    onToggle={togglePassword}
                  />
                </FormField>
                <label className="flex items-center gap-2 text-sm text-muted-foreground">
                  <input {...getInputProps(loginFields.rememberMe, { type: "checkbox" })} key={loginFields.rememberMe.key} className="h-4 w-4" />
                  {t("login.rememberMe")}
                </label>
                <Button type="submit" disabled={busy === "login"} className="w-full">
                  {busy === "login" ? t("login.pending") : t("login.submit")}
                </Button>
                <Button type="button" variant="link" className="self-center" onClick={() => changeTab("reset")}>
                  {t("login.forgot")}
                </Button>
              </Form>
            </TabsContent>

            <TabsContent value="register">
              <Form method="post" {...getFormProps(registerForm)} className="flex flex-col gap-4">
                <input type="hidden" name="intent" value="register" />
                <input type="hidden" name="redirectTo" value={redirectTo} />
                <FormField id={registerFields.name.id} errorId={registerFields.name.errorId} label={t("fields.name")} errors={registerFields.name.errors}>
                  <Input
                    {...getInputProps(registerFields.name, { type: "text" })}
                    key={registerFields.name.key}
                    autoComplete="name"
                    aria-describedby={describedBy(registerFields.name)}
                  />
                </FormField>
                <FormField
                  id={registerFields.username.id}
                  errorId={registerFields.username.errorId}
                  label={t("fields.username")}
                  errors={registerFields.username.errors}
                >
                  <Input
                    {...getInputProps(registerFields.username, { type: "text" })}
                    key={registerFields.username.key}
                    autoComplete="username"
                    aria-describedby={describedBy(registerFields.username)}
                  />
                </FormField>
                <FormField id={registerFields.email.id} errorId={registerFields.email.errorId} label={t("fields.email")} errors={registerFields.email.errors}>
                  <Input
                    {...getInputProps(registerFields.email, { type: "email" })}
                    key={registerFields.email.key}
                    autoComplete="email"
                    aria-describedby={describedBy(registerFields.email)}
                  />
                </FormField>
                <FormField id={registerFields.phone.id} errorId={registerFields.phone.errorId} label={t("fields.phone")} errors={registerFields.phone.errors}>
                  <Input
                    {...getInputProps(registerFields.phone, { type: "tel" })}
                    key={registerFields.phone.key}
                    autoComplete="tel"
                    aria-describedby={describedBy(registerFields.phone)}
                  />
                </FormField>
                <FormField
                  id={registerFields.password.id}
                  errorId={registerFields.password.errorId}
                  label={t("fields.password")}
                  errors={registerFields.password.errors}
                >
                  <PasswordInput
                    {...getInputProps(registerFields.password, { type: "password" })}
                    key={registerFields.password.key}
                    autoComplete="new-password"
                    aria-describedby={describedBy(registerFields.password)}
                    visible={showPassword}
                    onToggle={togglePassword}
                  />
                </FormField>
                <FormField
                  id={registerFields.confirmPassword.id}
                  errorId={registerFields.confirmPassword.errorId}
                  label={t("fields.confirmPassword")}
                  errors={registerFields.confirmPassword.errors}
                >
                  <Input
                    {...getInputProps(registerFields.confirmPassword, { type: "password" })}
                    type={showPassword ? "text" : "password"}
                    key={registerFields.confirmPassword.key}
                    autoComplete="new-password"
                    aria-describedby={describedBy(registerFields.confirmPassword)}
                  />
                </FormField>
                <p className="m-0 text-xs text-muted-foreground">{t("register.passwordHint")}</p>
                <Button type="submit" disabled={busy === "register"} className="w-full">
                  {busy === "register" ? t("register.pending") : t("register.submit")}
                </Button>
              </Form>
            </TabsContent>

            <TabsContent value="reset">
              <Form method="post" {...getFormProps(resetForm)} className="flex flex-col gap-4">
                <input type="hidden" name="intent" value="reset" />
                <p className="m-0 text-sm text-muted-foreground">{t("reset.intro")}</p>
                <FormField id={resetFields.email.id} errorId={resetFields.email.errorId} label={t("fields.email")} errors={resetFields.email.errors}>
                  <Input
                    {...getInputProps(resetFields.email, { type: "email" })}
                    key={resetFields.email.key}
                    autoComplete="email"
                    aria-describedby={describedBy(resetFields.email)}
                  />
                </FormField>
                <Button type="submit" disabled={busy === "reset"} className="w-full">
                  {busy === "reset" ? t("reset.pending") : t("reset.submit")}
                </Button>
                <Button type="button" variant="link" className="self-center" onClick={() => changeTab("login")}>
                  {t("reset.back")}
                </Button>
              </Form>
            </TabsContent>
          </Tabs>
        )}

        <p className="mt-6 text-center text-sm text-muted-foreground">
          {t("support.text")}{" "}
          <a className="text-link underline" href={`mailto:${supportEmail}`}>
            {supportEmail}
          </a>
        </p>
      </div>
    </main>
  );
}
