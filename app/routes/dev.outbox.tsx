import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { desc } from "drizzle-orm";
import { Fragment } from "react";
import { useTranslation } from "react-i18next";
import { mailOutbox } from "~/modules/mail/schema";
import { getRequestContext } from "~/platform/request-context.server";

export const meta: MetaFunction = () => [{ title: "Mail outbox (development)" }];

/** Development tools only (DEV_TOOLS=on, on loopback): read the mail the embedded mail adapter recorded, and click its links. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const ctx = getRequestContext(request, context);
  if (!ctx.devTools) throw data(null, 404);
  const mails = await ctx.db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(100).all();
  return { mails: mails.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })) };
}

function Linkified({ text }: { text: string }) {
  return (
    <>
      {text.split(/(https?:\/\/\S+)/g).map((part, i) => (
        <Fragment key={i}>{/^https?:\/\//.test(part) ? <a href={part}>{part}</a> : part}</Fragment>
      ))}
    </>
  );
}

export default function OutboxRoute() {
  const { mails } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <main id="main-content" className="mx-auto max-w-4xl p-6">
      <h1>{t("outbox.title")}</h1>
      <p>{t("outbox.intro")}</p>
      {mails.length === 0 ? <p>{t("outbox.empty")}</p> : null}
      {mails.map((mail) => (
        <article key={mail.id} className="mb-4 rounded border border-solid border-border bg-card p-4" data-testid="outbox-mail">
          <h2 className="mt-0 text-lg">{mail.subject}</h2>
          <p className="text-sm text-muted-foreground">
            {t("outbox.to")}: <span data-testid="outbox-to">{mail.toAddress}</span> · {t("outbox.kind")}: {mail.kind} · {t("outbox.status")}: {mail.status} ·{" "}
            {mail.createdAt}
          </p>
          <pre className="whitespace-pre-wrap font-sans text-sm">
            <Linkified text={mail.textBody} />
          </pre>
          {mail.headers ? (
            <p className="text-xs text-muted-foreground" data-testid="outbox-headers">
              {Object.entries(mail.headers)
                .map(([name, value]) => `${name}: ${value}`)
                .join(" · ")}
            </p>
          ) : null}
          {mail.htmlBody ? (
            <details>
              <summary>{t("outbox.html")}</summary>
              {/* Sandboxed without scripts: the mail's HTML is shown as a mail app would, never run. */}
              <iframe title={mail.subject} sandbox="" srcDoc={mail.htmlBody} className="h-120 w-full border-0 bg-white" data-testid="outbox-html" />
            </details>
          ) : null}
        </article>
      ))}
    </main>
  );
}
