import { Link, useFetcher } from "@remix-run/react";
import { CircleHelp, Compass, MessagesSquare, Settings, Shield, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { PublicUser } from "~/modules/auth/public-user";
import { NotificationCenter } from "~/modules/notifications/components/notification-center";
import { TourProvider, useTour } from "~/modules/onboarding/tour";
import { LanguageSwitcher } from "~/modules/preferences/components/language-switcher";
import { ThemePopover } from "~/modules/preferences/components/theme-popover";
import { WorkspaceSwitcher } from "~/modules/workspaces/components/workspace-switcher";
import { canAdminister } from "~/modules/workspaces/roles";
import { useRootData } from "~/root";
import { MobileMenu, Sidebar } from "./area-nav";
import { Button } from "./ui/button";
import { Tooltip, TooltipProvider } from "./ui/tooltip";
import { UserAvatar } from "./user-avatar";
import { ReportProblemButton } from "~/modules/ops/components/report-problem";

function VerifyEmailBanner() {
  const { t } = useTranslation("auth");
  const fetcher = useFetcher<{ success?: boolean; error?: string }>();
  const sent = fetcher.data?.success === true;
  return (
    <div role="status" className="border-b border-solid border-warning bg-warning-soft px-4 py-2 text-sm text-warning-soft-foreground">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-3">
        <span>{sent ? t("verify.sent") : (fetcher.data?.error ?? t("verify.banner"))}</span>
        {!sent ? (
          <Button
            size="sm"
            variant="outline"
            disabled={fetcher.state !== "idle"}
            onClick={() => fetcher.submit({}, { method: "post", action: "/api/auth/resend-verification", encType: "application/json" })}
          >
            {fetcher.state !== "idle" ? t("verify.sending") : t("verify.resend")}
          </Button>
        ) : null}
      </div>
    </div>
  );
}

export function NoWorkspace() {
  const { t } = useTranslation();
  return (
    <section className="mx-auto max-w-xl rounded-lg border border-solid border-border bg-card p-6">
      <h1 className="m-0 text-xl">{t("noWorkspace.title")}</h1>
      <p className="text-muted-foreground">{t("noWorkspace.body")}</p>
      <Button asChild>
        <Link to="/customer-signup">{t("noWorkspace.create")}</Link>
      </Button>
    </section>
  );
}

function IconLink({ to, label, icon: Icon, testId }: { to: string; label: string; icon: LucideIcon; testId: string }) {
  return (
    <Tooltip content={label}>
      <Button asChild variant="ghost" size="icon">
        <Link to={to} aria-label={label} data-testid={testId}>
          <Icon aria-hidden="true" className="h-5 w-5" />
        </Link>
      </Button>
    </Tooltip>
  );
}

function TourButton() {
  const { t } = useTranslation("tour");
  const { start } = useTour();
  return (
    <Tooltip content={t("button")}>
      <Button variant="ghost" size="icon" aria-label={t("button")} onClick={start} data-testid="tour-button">
        <Compass aria-hidden="true" className="h-5 w-5" />
      </Button>
    </Tooltip>
  );
}

function Header({ user }: { user: PublicUser }) {
  const { t } = useTranslation();
  const { t: tAuth } = useTranslation("auth");
  const root = useRootData();
  const role = user.workspace?.role;
  return (
    <header className="sticky top-0 z-40 border-b border-solid border-border bg-card">
      <div aria-hidden="true" className="h-1" style={{ background: "var(--header-accent)" }} />
      <div className="flex flex-wrap items-center justify-between gap-2 px-4 py-2">
        <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1">
          <MobileMenu role={role} />
          <Link to="/" className="min-w-0 text-lg font-bold text-foreground no-underline">
            {t("appName")}
          </Link>
          <WorkspaceSwitcher current={user.workspace} workspaces={root?.workspaces ?? []} />
        </div>
        <nav aria-label={t("nav.mainLabel")} className="flex flex-wrap items-center gap-1 text-sm">
          <IconLink to="/chat" label={t("nav.chat")} icon={MessagesSquare} testId="chat-link" />
          <NotificationCenter />
          <IconLink to="/help" label={t("nav.help")} icon={CircleHelp} testId="help-link" />
          <ReportProblemButton />
          <TourButton />
          <LanguageSwitcher />
          <ThemePopover />
          <IconLink to="/profile" label={t("nav.profile")} icon={Settings} testId="profile-link" />
          {canAdminister(role) ? <IconLink to="/admin" label={t("nav.admin")} icon={Shield} testId="admin-link" /> : null}
          <Link to="/profile" className="ms-1 flex items-center gap-2 rounded-md px-1 py-1 text-foreground no-underline hover:bg-muted">
            <UserAvatar user={user} />
            <span className="flex flex-col leading-tight">
              <span className="font-medium" data-testid="user-name">
                {user.name}
              </span>
              <span className="text-xs text-muted-foreground" data-testid="role-label">
                {role ? tAuth(`roles.${role}`) : t("nav.noRole")}
              </span>
            </span>
          </Link>
          <Button asChild variant="outline" size="sm" className="ms-1">
            <a href="/api/logout">{t("nav.signOut")}</a>
          </Button>
        </nav>
      </div>
    </header>
  );
}

/** The signed-in frame: skip link, the header of spec section 2, the onboarding tour, then the page. */
export function AppShell({
  user,
  children,
  needsWorkspace = true,
}: {
  user: PublicUser;
  children: ReactNode;
  /** Pages that show workspace data ask a person without a workspace to start or join one first. */
  needsWorkspace?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <TooltipProvider>
      <TourProvider>
        <a href="#main-content" className="absolute start-2 top-[-40px] z-50 rounded bg-primary px-3 py-2 text-primary-foreground focus:top-2">
          {t("skipToContent")}
        </a>
        <Header user={user} />
        {!user.emailVerified ? <VerifyEmailBanner /> : null}
        <div className="lg:flex">
          <Sidebar role={user.workspace?.role} />
          <main id="main-content" tabIndex={-1} className="mx-auto box-border min-w-0 max-w-6xl flex-1 px-4 py-6 outline-none">
            {user.workspace || !needsWorkspace ? children : <NoWorkspace />}
          </main>
        </div>
      </TourProvider>
    </TooltipProvider>
  );
}
