import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AppShell } from "~/components/app-shell";
import { FieldError } from "~/components/form-field";
import { Banner } from "~/components/ui/banner";
import { Button } from "~/components/ui/button";
import { requireSession } from "~/modules/auth/guard.server";
import type { CurrentSession } from "~/modules/auth/session.server";
import { toPublicUser } from "~/modules/auth/public-user";
import { workspaceOf } from "~/modules/conversations/channels.server";
import { conversationsT } from "~/modules/conversations/i18n.server";
import { toE164 } from "~/modules/conversations/sms/phone";
import { workspacePhones } from "~/modules/conversations/sms/service.server";
import { simulatorTextSchema, type SimulatorText } from "~/modules/conversations/sms/simulator-schema";
import { phoneSimulatorEnabled, simulatorRead, simulatorSend } from "~/modules/conversations/sms/simulator.server";
import { asHttpError, HttpError, readFormData, throwAsResponse } from "~/platform/http.server";
import { getRequestContext } from "~/platform/request-context.server";

export const handle = { i18n: ["conversations"] };
export const meta: MetaFunction = () => [{ title: "Phone simulator (development)" }];

/** The session's workspace, or its refusal as the page's answer. */
function workspaceIdOf(session: CurrentSession, t: (key: string) => string) {
  try {
    return workspaceOf(session).workspaceId;
  } catch (error) {
    return throwAsResponse(error, t);
  }
}

/**
 * Development only: be one of the topic phones, read what it was sent and text back (through the webhook's own path).
 * Without a workspace there are no phones: its refusal is the page's answer (404, in words), not a 500.
 */
export async function loader(args: LoaderFunctionArgs) {
  const ctx = getRequestContext(args.request, args.context);
  if (!phoneSimulatorEnabled(ctx)) throw data(null, 404);
  const session = await requireSession(args);
  const t = conversationsT(args.request);
  const workspaceId = workspaceIdOf(session, t);
  const phones = await workspacePhones(ctx, workspaceId);
  const phone = toE164(new URL(args.request.url).searchParams.get("phone") ?? "") ?? phones[0]?.phone ?? null;
  const messages = phone && phones.some((p) => p.phone === phone) ? await simulatorRead(ctx, session, phone) : [];
  return { user: toPublicUser(session), phones, phone, messages, ourNumber: ctx.config.SMS_FROM_NUMBER };
}

export async function action(args: ActionFunctionArgs) {
  const ctx = getRequestContext(args.request, args.context);
  if (!phoneSimulatorEnabled(ctx)) throw data(null, 404);
  const session = await requireSession(args);
  const t = conversationsT(args.request);
  const submission = parseWithZod(await readFormData(args.request), { schema: simulatorTextSchema(t) });
  if (submission.status !== "success") {
    return data({ ok: false as const, error: Object.values(submission.error ?? {}).flat()[0] ?? t("errors.messageEmpty"), reply: submission.reply() }, 400);
  }
  try {
    const result = await simulatorSend(ctx, session, submission.value);
    return { ok: true as const, result, reply: submission.reply({ resetForm: true }) };
  } catch (caught) {
    const error = asHttpError(caught, t);
    if (error instanceof HttpError)
      return data({ ok: false as const, error: error.message, reply: submission.reply({ fieldErrors: error.fieldErrors }) }, error.status);
    throw error;
  }
}

export default function PhoneSimulatorRoute() {
  const { user, phones, phone, messages, ourNumber } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useTranslation("conversations");
  const current = phones.find((p) => p.phone === phone);
  const [form, fields] = useForm<SimulatorText>({
    id: "phone-reply",
    lastResult: result?.reply,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: simulatorTextSchema(t) }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <AppShell user={user}>
      <section aria-labelledby="phone-title" className="grid max-w-2xl gap-3">
        <h1 id="phone-title" className="m-0">
          {t("phone.title")}
        </h1>
        <p className="m-0 text-muted-foreground">{t("phone.intro", { number: ourNumber })}</p>
        {phones.length === 0 ? (
          <p>
            {t("phone.noPhones")} <Link to="/sms-threading">{t("smsLink")}</Link>
          </p>
        ) : (
          <nav aria-label={t("phone.choose")} className="flex flex-wrap gap-2">
            {phones.map((p) => (
              <Link
                key={p.phone}
                to={`?phone=${encodeURIComponent(p.phone)}`}
                aria-current={p.phone === phone ? "page" : undefined}
                className="rounded-md border border-solid border-border px-2 py-1"
              >
                {p.name} ({p.phone})
              </Link>
            ))}
          </nav>
        )}
        {current ? (
          <>
            <ol
              className="m-0 grid list-none gap-2 rounded-lg border border-solid border-border bg-muted p-3"
              aria-label={t("phone.conversation", { name: current.name })}
            >
              {messages.length === 0 ? <li>{t("phone.empty")}</li> : null}
              {messages.map((m) => (
                <li
                  key={m.id}
                  data-testid={m.direction === "outbound" ? "phone-received" : "phone-sent"}
                  className={`max-w-[85%] whitespace-pre-wrap rounded-lg p-2 ${m.direction === "outbound" ? "bg-card" : "ms-auto bg-primary text-primary-foreground"}`}
                >
                  {m.body}
                  <span className="mt-1 block text-xs opacity-75">
                    {m.direction === "outbound" ? t(`status.${m.status}`) : m.route ? t(`route.${m.route}`) : ""} · {m.topicName}
                  </span>
                </li>
              ))}
            </ol>
            {current.optedOut ? <p role="status">{t("phone.optedOut")}</p> : null}
            {result && !result.ok ? <Banner kind="error">{result.error}</Banner> : null}
            {result && result.ok ? (
              <Banner kind="success">
                {result.result.outcome === "message" ? t(`phone.routed.${result.result.route}`) : t(`phone.outcome.${result.result.outcome}`)}
              </Banner>
            ) : null}
            <Form method="post" {...getFormProps(form)} className="flex flex-wrap gap-2">
              <input type="hidden" name={fields.from.name} value={current.phone} />
              <label htmlFor={fields.body.id} className="sr-only">
                {t("phone.reply")}
              </label>
              <input
                {...getInputProps(fields.body, { type: "text" })}
                key={fields.body.key}
                required
                maxLength={1600}
                className="flex-1 rounded-md border border-solid border-border bg-background p-2 text-foreground"
                placeholder={t("phone.placeholder")}
              />
              <Button type="submit" disabled={navigation.state !== "idle"}>
                {t("phone.send")}
              </Button>
              <FieldError id={fields.body.errorId} error={fields.body.errors?.[0]} className="m-0 basis-full text-sm text-destructive" />
            </Form>
          </>
        ) : null}
      </section>
    </AppShell>
  );
}
