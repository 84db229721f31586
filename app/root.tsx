import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/cloudflare";
import {
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
  useNavigation,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import "virtual:uno.css";
import "./styles/themes.css";
import { useNonce } from "./components/nonce";
import { PlatformLoading } from "./components/loading";
import { ToasterOnDemand } from "./components/ui/toaster-on-demand";
import { AnnouncerProvider, useAnnouncer } from "./modules/a11y/announcer";
import { getCurrentSession } from "./modules/auth/guard.server";
import { isSignedInPath } from "./modules/navigation/route-sets";
import { toPublicUser } from "./modules/auth/public-user";
import { listUserWorkspaces } from "./modules/workspaces/service.server";
import { unreadCount } from "./modules/notifications/service.server";
import { RealtimeProvider } from "./modules/realtime/realtime-provider";
import { AssistantWidget } from "./modules/ai/components/assistant-widget";
import { getRequestContext } from "./platform/request-context.server";
import { PreferencesProvider, useThemeState } from "./modules/preferences/display";
import { isLanguageCode, languageDirection } from "./modules/preferences/languages";
import { resolveDisplayPreferences } from "./modules/preferences/preferences.server";
import { prePaintScript } from "./modules/preferences/pre-paint-script";
import { DEFAULT_THEME } from "./modules/preferences/themes";
import { useBoundaryReport, useNavigationBreadcrumbs } from "./modules/ops/client/use-error-capture";
import { summarizeRouteError } from "./platform/route-error";

export const handle = { i18n: ["common", "auth", "tour"] };

export const links: LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

export async function loader(args: LoaderFunctionArgs) {
  const session = await getCurrentSession(args);
  const preferences = resolveDisplayPreferences(args.request, session?.user);
  const ctx = getRequestContext(args.request, args.context);
  const [workspaces, unreadNotifications] = session ? await Promise.all([listUserWorkspaces(ctx, session.user.id), unreadCount(ctx.db, session)]) : [[], 0];
  return {
    locale: preferences.language,
    preferences,
    user: session ? toPublicUser(session) : null,
    workspaces,
    unreadNotifications,
    supportEmail: args.context.cloudflare.env.SUPPORT_EMAIL ?? "support@trust-platform.example",
  };
}

export type RootData = Awaited<ReturnType<typeof loader>>;

export function useRootData() {
  return useRouteLoaderData<typeof loader>("root");
}

const FALLBACK_PREFERENCES = { language: "en" as const, theme: DEFAULT_THEME, darkMode: false };

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRootData();
  const nonce = useNonce();
  const { i18n } = useTranslation();
  const server = data?.preferences ?? FALLBACK_PREFERENCES;
  const { theme, darkMode } = useThemeState(server);
  const language = isLanguageCode(i18n.language) ? i18n.language : server.language;
  // Pages whose loader says hydrate: false (the public landing page) ship without the React runtime.
  const hydrate = !useMatches().some((m) => (m.data as { hydrate?: boolean } | undefined)?.hydrate === false);
  return (
    <html lang={language} dir={languageDirection(language)} data-theme={theme} className={darkMode ? "dark" : undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        {/* Before the first paint: the theme from local storage, so a reload never flashes the wrong one. */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: prePaintScript }} />
        <Meta />
        <Links />
      </head>
      <body className="m-0 min-h-screen bg-background font-sans text-foreground">
        {children}
        {hydrate ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : null}
      </body>
    </html>
  );
}

/** "Navigated to X" for screen readers after each client-side navigation (the page's h1 names it). */
function RouteAnnouncements() {
  const location = useLocation();
  useNavigationBreadcrumbs();
  const { announceNavigation, announce: say } = useAnnouncer();
  const { t } = useTranslation();
  // Only a change of page announces; a language change re-creates the announcer but is not a navigation.
  const announce = useRef(announceNavigation);
  announce.current = announceNavigation;
  const announceLoaded = useRef(() => {});
  announceLoaded.current = () => say(t("a11y.pageLoaded"));
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      // A full page load: say once that the page is ready to use (it is now interactive).
      announceLoaded.current();
      return;
    }
    const heading = document.querySelector("main h1")?.textContent?.trim() || document.title;
    if (heading) announce.current(heading);
  }, [location.pathname]);
  return null;
}

/**
 * While a screen's code and data load: the full-screen "Loading Legal Document Platform..." when a
 * signed-out visitor is entering the signed-in app (right after sign-in), else a slim "Loading..." bar.
 */
function NavigationProgress({ signedIn }: { signedIn: boolean }) {
  const navigation = useNavigation();
  const { t } = useTranslation();
  if (navigation.state !== "loading" || !navigation.location) return null;
  if (!signedIn && isSignedInPath(navigation.location.pathname)) return <PlatformLoading />;
  return (
    <div role="status" className="fixed inset-x-0 top-0 z-[150]" data-testid="navigation-loading">
      <div className="h-1 w-full animate-pulse bg-primary" />
      <span className="sr-only">{t("loading")}</span>
    </div>
  );
}

export default function App() {
  const data = useRootData();
  return (
    <AnnouncerProvider>
      <PreferencesProvider server={data?.preferences ?? FALLBACK_PREFERENCES} signedIn={Boolean(data?.user)}>
        {/* Here, not in each page's shell, so the live connection survives navigation between pages. */}
        <RealtimeProvider userId={data?.user?.id ?? null} initialUnread={data?.unreadNotifications ?? 0}>
          <NavigationProgress signedIn={Boolean(data?.user)} />
          <Outlet />
          <ToasterOnDemand />
          <AssistantWidget />
          <RouteAnnouncements />
        </RealtimeProvider>
      </PreferencesProvider>
    </AnnouncerProvider>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  useBoundaryReport(error);
  const { status, sentence } = summarizeRouteError(error);
  return (
    <>
      <main id="main-content" className="mx-auto max-w-xl p-8">
        <h1 className="text-2xl">{status === 404 ? t("notFound.title") : status === 403 ? t("forbidden.title") : t("error.title")}</h1>
        <p>{status === 403 ? t("forbidden.body") : t("error.body")}</p>
        {/* A refusal's own sentence (a form post that was not a form, a link that no longer works): what to do now. */}
        {sentence && status < 500 ? <p data-testid="error-sentence">{sentence}</p> : null}
        <Link to="/">{t("notFound.home")}</Link>
      </main>
      {/* The assistant is on every page, error pages too (it needs no loader data: signed out, it answers canned). */}
      <AssistantWidget />
    </>
  );
}
