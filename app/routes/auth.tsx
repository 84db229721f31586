import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data, redirect } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useRootData } from "~/root";
import { AuthScreen, type AuthActionData } from "~/modules/auth/components/auth-screen";
import { getCurrentSession, safeRedirect } from "~/modules/auth/guard.server";
import { authenticator, owesSecondFactor, type SignInOutcome } from "~/modules/auth/authenticator.server";
import { clearPendingCookie, serializePendingCookie } from "~/modules/auth/second-factor/pending.server";
import { secondFactorFormSchema } from "~/modules/auth/second-factor/validation";
import { PendingSignInGone, pendingMethods } from "~/modules/auth/second-factor/verify.server";
import { AuthError, register, requestPasswordReset } from "~/modules/auth/service.server";
import { serializeSessionCookie } from "~/modules/auth/session.server";
import { forgotPasswordSchema, loginSchema, registerSchema } from "~/modules/auth/validation";
import { getRequestContext } from "~/platform/request-context.server";
import { readFormData } from "~/platform/http.server";

/** The second step's texts (the tabs' are in "auth", loaded by the root). */
export const handle = { i18n: ["security"] };
export const meta: MetaFunction = () => [{ title: "Sign in · Legal Document Platform" }];

export async function loader(args: LoaderFunctionArgs) {
  const url = new URL(args.request.url);
  const redirectTo = safeRedirect(url.searchParams.get("redirectTo"));
  if (await getCurrentSession(args)) throw redirect(redirectTo);
  const t = getRequestContext(args.request, args.context).t;
  const notice = url.searchParams.get("notice");
  const banner = notice === "password-reset" ? { kind: "success" as const, text: t("resetPage.done") } : null;
  return { redirectTo, banner };
}

/**
 * The same three forms without JavaScript: a plain POST here does what the JSON endpoints do, then redirects.
 * With JavaScript the screen calls /api/auth/* itself and shows the spec's banners and delayed redirects.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const ctx = getRequestContext(request, context);
  const formData = await readFormData(request);
  const intent = formData.get("intent");
  const redirectTo = safeRedirect(String(formData.get("redirectTo") ?? ""));
  const signIn = (outcome: SignInOutcome) => {
    const headers = new Headers();
    if (owesSecondFactor(outcome)) {
      // No session yet: the pending step's own cookie, and the same screen asking for the code.
      headers.set("Set-Cookie", serializePendingCookie(outcome.secondFactor.token, ctx.secure));
      const answer: AuthActionData = { intent: "second-factor", redirectTo, secondFactor: { methods: outcome.secondFactor.methods } };
      return data(answer, { headers });
    }
    headers.set("Set-Cookie", serializeSessionCookie(outcome.token, { secure: ctx.secure, remember: outcome.session.remember }));
    if (intent === "second-factor") headers.append("Set-Cookie", clearPendingCookie(ctx.secure));
    return redirect(redirectTo, { headers });
  };

  try {
    if (intent === "login") {
      const passwords = authenticator(ctx, {
        credentials: async (form) => {
          const submission = parseWithZod(await form.formData(), { schema: loginSchema(ctx.t) });
          if (submission.status !== "success") throw new InvalidForm(submission.reply());
          return submission.value;
        },
      });
      // The strategy reads its credentials from a request: this one carries the form already read for the intent.
      return signIn(await passwords.authenticate("password", new Request(request.url, { method: "POST", body: formData })));
    }
    if (intent === "second-factor") {
      const steps = authenticator(ctx, {
        secondFactor: async (form) => {
          const submission = parseWithZod(await form.formData(), { schema: secondFactorFormSchema(ctx.t) });
          if (submission.status !== "success") throw new InvalidForm(submission.reply());
          return submission.value;
        },
      });
      // The pending step's cookie goes with the form: it names the sign-in the code completes.
      const carried = new Request(request.url, { method: "POST", body: formData, headers: { Cookie: request.headers.get("Cookie") ?? "" } });
      return signIn(await steps.authenticate("second-factor", carried));
    }
    if (intent === "register") {
      const submission = parseWithZod(formData, { schema: registerSchema(ctx.t) });
      if (submission.status !== "success") return data<AuthActionData>({ intent, result: submission.reply() }, 400);
      return signIn(await register(ctx, submission.value));
    }
    if (intent === "reset") {
      const submission = parseWithZod(formData, { schema: forgotPasswordSchema(ctx.t) });
      if (submission.status !== "success") return data<AuthActionData>({ intent, result: submission.reply() }, 400);
      await requestPasswordReset(ctx, submission.value.email);
      return data<AuthActionData>({ intent, banner: { kind: "success", text: ctx.t("reset.success") } });
    }
  } catch (error) {
    if (intent === "second-factor") return secondFactorRefusal(request, ctx, redirectTo, error);
    if (error instanceof InvalidForm) return data<AuthActionData>({ intent: "login", result: error.reply }, 400);
    if (error instanceof AuthError) {
      return data<AuthActionData>({ intent: intent as AuthActionData["intent"], banner: { kind: "error", text: error.message } }, error.status);
    }
    throw error;
  }
  return data<AuthActionData>({ intent: "login", banner: { kind: "error", text: ctx.t("errors.invalidInput") } }, 400);
}

/** A refused second step: the same step with the sentence, or back to the password when the pending step is gone. */
async function secondFactorRefusal(request: Request, ctx: ReturnType<typeof getRequestContext>, redirectTo: string, error: unknown) {
  if (!(error instanceof AuthError || error instanceof InvalidForm)) throw error;
  const methods = error instanceof PendingSignInGone ? null : await pendingMethods(ctx, request);
  if (error instanceof AuthError && methods) {
    return data<AuthActionData>(
      { intent: "second-factor", redirectTo, secondFactor: { methods }, banner: { kind: "error", text: error.message } },
      error.status,
    );
  }
  if (error instanceof InvalidForm && methods)
    return data<AuthActionData>({ intent: "second-factor", redirectTo, secondFactor: { methods }, result: error.reply }, 400);
  const text = error instanceof AuthError ? error.message : ctx.t("secondFactor.errors.noPending");
  return data<AuthActionData>({ intent: "login", banner: { kind: "error", text } }, { status: 401, headers: { "Set-Cookie": clearPendingCookie(ctx.secure) } });
}

/** The sign-in form did not validate: the messages per field go back to the form. */
class InvalidForm extends Error {
  constructor(readonly reply: NonNullable<AuthActionData["result"]>) {
    super("invalid sign-in form");
  }
}

export default function AuthRoute() {
  const { redirectTo, banner } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const root = useRootData();
  return (
    <AuthScreen supportEmail={root?.supportEmail ?? ""} redirectTo={redirectTo} actionData={actionData as AuthActionData | undefined} initialBanner={banner} />
  );
}
