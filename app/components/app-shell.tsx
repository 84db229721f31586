import { Link, useFetcher } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { PublicUser } from "~/modules/auth/public-user";
import { canAdminister } from "~/modules/workspaces/roles";
import type { Role } from "~/modules/workspaces/schema";
import { Button } from "./ui/button";

export function initials(user: Pick<PublicUser, "firstName" | "lastName" | "email">): string {
  const fromName = `${user.firstName?.[0] ?? ""}${user.lastName?.[0] ?? ""}`.toUpperCase();
  return fromName || user.email?.[0]?.toUpperCase() || "U";
}

function VerifyEmailBanner() {
  const { t } = useTranslation("auth");
  const fetcher = useFetcher<{ success?: boolean; error?: string }>();
  const sent = fetcher.data?.success === true;
  return (
    <div role="status" className="border-b border-solid border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-900">
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
    <section className="mx-auto max-w-xl rounded-lg border border-solid border-slate-200 bg-white p-6">
      <h1 className="m-0 text-xl">{t("noWorkspace.title")}</h1>
      <p className="text-slate-700">{t("noWorkspace.body")}</p>
      <Button asChild>
        <Link to="/customer-signup">{t("noWorkspace.create")}</Link>
      </Button>
    </section>
  );
}

/** The signed-in frame: skip link, header with workspace, role and sign-out, then the page. */
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
  const { t: tAuth } = useTranslation("auth");
  const role = user.workspace?.role as Role | undefined;
  return (
    <>
      <a
        href="#main-content"
        className="absolute left-2 top-[-40px] z-50 rounded bg-brand px-3 py-2 text-white focus:top-2"
      >
        {t("skipToContent")}
      </a>
      <header className="border-b border-solid border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-3">
          <Link to="/" className="text-lg font-bold text-brand no-underline">
            {t("appName")}
          </Link>
          <nav aria-label={t("nav.mainLabel")} className="flex flex-wrap items-center gap-3 text-sm">
            {user.workspace ? <span className="text-slate-700">{user.workspace.name}</span> : null}
            {canAdminister(role) ? (
              <Link to="/admin" className="text-brand">
                {t("nav.admin")}
              </Link>
            ) : null}
            <span
              aria-hidden="true"
              className="flex h-8 w-8 items-center justify-center overflow-hidden rounded-full bg-brand text-xs font-bold text-white"
            >
              {user.profileImageUrl ? <img src={user.profileImageUrl} alt="" className="h-8 w-8 object-cover" /> : initials(user)}
            </span>
            <span className="flex flex-col leading-tight">
              <span className="font-medium">{user.name}</span>
              <span className="text-xs text-slate-600" data-testid="role-label">
                {role ? tAuth(`roles.${role}`) : t("nav.noRole")}
              </span>
            </span>
            <Button asChild variant="outline" size="sm">
              <a href="/api/logout">{t("nav.signOut")}</a>
            </Button>
          </nav>
        </div>
      </header>
      {!user.emailVerified ? <VerifyEmailBanner /> : null}
      <main id="main-content" tabIndex={-1} className="mx-auto max-w-6xl px-4 py-6">
        {user.workspace || !needsWorkspace ? children : <NoWorkspace />}
      </main>
    </>
  );
}
