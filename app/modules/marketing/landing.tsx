import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";

/** The public sales page. The full page (sections, use-case tabs, guides) comes with the shell issue. */
export function LandingPage() {
  const { t } = useTranslation();
  return (
    <>
      <header className="sticky top-0 border-b border-solid border-border bg-card">
        <div className="mx-auto flex max-w-6xl items-center justify-between px-4 py-3">
          <span className="text-lg font-bold text-link">{t("appName")}</span>
          <nav className="flex gap-2">
            <Button asChild variant="outline">
              <a href="/api/login">{t("nav.signIn")}</a>
            </Button>
            <Button asChild>
              <a href="/customer-signup">{t("nav.startTrial")}</a>
            </Button>
          </nav>
        </div>
      </header>
      <main id="main-content" className="mx-auto max-w-3xl px-4 py-16 text-center">
        <h1 className="text-3xl font-bold">{t("landing.title")}</h1>
        <p className="text-lg text-muted-foreground">{t("landing.body")}</p>
      </main>
    </>
  );
}
