import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { FormField } from "~/components/form-field";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { postJson, type AuthResponse } from "../../client";
import { secondFactorFormSchema } from "../validation";

type Method = "totp" | "passkey" | "recovery_code";

interface Props {
  methods: Method[];
  redirectTo: string;
  /** The form's result when it was posted without JavaScript. */
  lastResult?: SubmissionResult<string[]>;
  onSignedIn: (data: AuthResponse) => void;
  onError: (text: string) => void;
  /** The pending step is gone (or the person chose to): back to e-mail and password, with this sentence. */
  onRestart: (text: string | null) => void;
}

/**
 * The sign-in's second step: one field that takes a code from the authenticator app or a recovery code, and a
 * passkey button when the person has one. Without JavaScript the field posts to /auth like the other forms.
 */
export function SecondFactorStep({ methods, redirectTo, lastResult, onSignedIn, onError, onRestart }: Props) {
  const { t } = useTranslation("security");
  const { t: tAuth } = useTranslation("auth");
  const [busy, setBusy] = useState<"code" | "passkey" | null>(null);
  const navigation = useNavigation();
  const posting = busy === "code" || (navigation.state === "submitting" && navigation.formData?.get("intent") === "second-factor");
  const heading = useRef<HTMLHeadingElement>(null);
  // Focus moves to the new step, so a screen reader says where the person now is.
  useEffect(() => heading.current?.focus(), []);

  async function finish(payload: unknown) {
    const result = await postJson("/api/auth/second-factor", payload);
    if (result.ok && result.data?.success) return onSignedIn(result.data);
    if (result.data?.restart) return onRestart(result.data.error ?? null);
    onError(result.data?.error ?? result.failure);
  }

  const [form, fields] = useForm({
    id: "second-factor-form",
    lastResult,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: secondFactorFormSchema(tAuth) }),
    onSubmit(event, { submission }) {
      event.preventDefault();
      if (submission?.status !== "success") return;
      setBusy("code");
      void finish({ code: submission.value.code })
        .catch(() => onError(tAuth("login.failedRetry")))
        .finally(() => setBusy(null));
    },
  });

  async function signInWithPasskey() {
    setBusy("passkey");
    try {
      const options = await postJson("/api/auth/second-factor/passkey", {});
      if (!options.ok) return options.data?.restart ? onRestart(options.data.error ?? null) : onError(options.data?.error ?? options.failure);
      const { startAuthentication } = await import("@simplewebauthn/browser");
      const optionsJSON = (options.data as { options: Parameters<typeof startAuthentication>[0]["optionsJSON"] }).options;
      let assertion: unknown;
      try {
        assertion = await startAuthentication({ optionsJSON });
      } catch {
        return onError(t("signIn.passkeyCancelled"));
      }
      await finish({ passkey: assertion });
    } catch {
      onError(tAuth("login.failedRetry"));
    } finally {
      setBusy(null);
    }
  }

  const hasApp = methods.includes("totp");
  const describedBy = fields.code.errors?.length ? fields.code.errorId : "second-factor-hint";
  return (
    <section aria-labelledby="second-factor-heading" className="flex flex-col gap-4">
      <h2 id="second-factor-heading" ref={heading} tabIndex={-1} className="m-0 text-lg font-semibold outline-none">
        {t("signIn.title")}
      </h2>
      <p className="m-0 text-sm text-muted-foreground">{t(hasApp ? "signIn.introApp" : "signIn.introPasskey")}</p>
      <Form method="post" action="/auth" {...getFormProps(form)} className="flex flex-col gap-4">
        <input type="hidden" name="intent" value="second-factor" />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <FormField id={fields.code.id} errorId={fields.code.errorId} label={t("signIn.codeLabel")} errors={fields.code.errors}>
          <Input
            {...getInputProps(fields.code, { type: "text" })}
            key={fields.code.key}
            autoComplete="one-time-code"
            autoCapitalize="none"
            spellCheck={false}
            aria-describedby={describedBy}
          />
        </FormField>
        <p id="second-factor-hint" className="m-0 text-xs text-muted-foreground">
          {t("signIn.codeHint")}
        </p>
        <Button type="submit" disabled={posting || busy !== null} className="w-full">
          {posting ? t("signIn.verifying") : t("signIn.verify")}
        </Button>
      </Form>
      {methods.includes("passkey") ? (
        <Button type="button" variant="outline" className="w-full" disabled={busy !== null} onClick={() => void signInWithPasskey()}>
          {busy === "passkey" ? t("signIn.passkeyWaiting") : t("signIn.usePasskey")}
        </Button>
      ) : null}
      <Button type="button" variant="link" className="self-center" onClick={() => onRestart(null)}>
        {t("signIn.startOver")}
      </Button>
    </section>
  );
}
