import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { serverT } from "~/i18n.server";
import { requireSession } from "~/modules/auth/guard.server";
import { HELP_TOPICS, matchesQuery } from "~/modules/help/topics";
import { resolveDisplayPreferences } from "~/modules/preferences/preferences.server";
import type { SignedInPageHandle } from "~/routes/_app";

export const handle = { i18n: ["help"], needsWorkspace: false } satisfies SignedInPageHandle;
export const meta: MetaFunction = () => [{ title: "Help · Legal Document Platform" }];

/** Searched on the server, in the reader's language, so the search works with or without JavaScript. */
export async function loader(args: LoaderFunctionArgs) {
  const session = await requireSession(args);
  const q = (new URL(args.request.url).searchParams.get("q") ?? "").slice(0, 200);
  const t = serverT("help", resolveDisplayPreferences(args.request, session.user).language);
  const topics = HELP_TOPICS.filter((id) => matchesQuery(`${t(`${id}.title`)} ${t(`${id}.body`)} ${t(`${id}.steps`)}`, q));
  return { q, topics };
}

export default function HelpRoute() {
  const { q, topics } = useLoaderData<typeof loader>();
  const { t } = useTranslation("help");
  const navigation = useNavigation();
  return (
    <div className="grid gap-6">
      <div>
        <h1 className="m-0 text-2xl">{t("title")}</h1>
        <p className="m-0 mt-1 text-muted-foreground">{t("intro")}</p>
      </div>
      <Form method="get" role="search" className="flex flex-wrap gap-2" aria-label={t("searchLabel")}>
        <label htmlFor="help-search" className="sr-only">
          {t("searchLabel")}
        </label>
        <Input id="help-search" name="q" type="search" defaultValue={q} placeholder={t("searchPlaceholder")} className="max-w-md" />
        <Button type="submit" disabled={navigation.state !== "idle"}>
          {t("search")}
        </Button>
        {q ? (
          <Button asChild variant="ghost">
            <Link to="/help">{t("clear")}</Link>
          </Button>
        ) : null}
      </Form>
      <p role="status" className="m-0 text-sm text-muted-foreground">
        {q ? t("results", { count: topics.length, query: q }) : null}
      </p>
      {topics.length === 0 ? <p className="m-0">{t("noResults")}</p> : null}
      <nav aria-label={t("contents")} className={q ? "hidden" : undefined}>
        <ul className="m-0 flex list-none flex-wrap gap-2 p-0">
          {topics.map((id) => (
            <li key={id}>
              <a href={`#${id}`} className="rounded-full border border-solid border-border px-3 py-1 text-sm">
                {t(`${id}.title`)}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {topics.map((id) => (
        <section key={id} id={id} aria-labelledby={`${id}-title`} className="scroll-mt-24 rounded-lg border border-solid border-border bg-card p-5">
          <h2 id={`${id}-title`} className="m-0 text-lg">
            {t(`${id}.title`)}
          </h2>
          <p className="m-0 mt-2">{t(`${id}.body`)}</p>
          <ol className="mb-0 mt-3 grid gap-1">
            {t(`${id}.steps`)
              .split("\n")
              .map((step) => (
                <li key={step}>{step}</li>
              ))}
          </ol>
        </section>
      ))}
      <p className="m-0 text-sm text-muted-foreground">{t("stillStuck")}</p>
    </div>
  );
}
