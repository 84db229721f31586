import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/cloudflare";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useChangeLanguage } from "remix-i18next/react";
import "virtual:uno.css";
import { useNonce } from "./components/nonce";
import { i18nServer } from "./i18n.server";
import { getCurrentSession } from "./modules/auth/guard.server";
import { toPublicUser } from "./modules/auth/public-user";

export const handle = { i18n: ["common", "auth"] };

export const links: LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

export async function loader(args: LoaderFunctionArgs) {
  const [locale, session] = await Promise.all([i18nServer.getLocale(args.request), getCurrentSession(args)]);
  return {
    locale,
    user: session ? toPublicUser(session) : null,
    supportEmail: args.context.cloudflare.env.SUPPORT_EMAIL ?? "support@trust-platform.example",
  };
}

export type RootData = Awaited<ReturnType<typeof loader>>;

export function useRootData() {
  return useRouteLoaderData<typeof loader>("root");
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRootData();
  const nonce = useNonce();
  const { i18n } = useTranslation();
  const locale = data?.locale ?? "en";
  return (
    <html lang={locale} dir={i18n.dir(locale)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body className="m-0 bg-slate-50 font-sans text-slate-900">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const data = useRootData();
  useChangeLanguage(data?.locale ?? "en");
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <main id="main-content" className="mx-auto max-w-xl p-8">
      <h1 className="text-2xl">{status === 404 ? t("notFound.title") : t("error.title")}</h1>
      <p>{t("error.body")}</p>
    </main>
  );
}
