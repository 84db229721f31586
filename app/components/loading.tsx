import { useTranslation } from "react-i18next";

/** The "Loading..." fallback for lazily loaded screens and parts of screens (spec section 2). */
export function Loading() {
  const { t } = useTranslation();
  return (
    <div role="status" className="flex items-center gap-2 p-4 text-sm text-muted-foreground" data-testid="loading-fallback">
      <span aria-hidden="true" className="inline-block h-4 w-4 animate-spin rounded-full border-2 border-solid border-border border-t-primary" />
      {t("loading")}
    </div>
  );
}

/** The full-screen spinner shown while the signed-in state is being established (spec section 2). */
export function PlatformLoading() {
  const { t } = useTranslation();
  return (
    <div role="status" className="fixed inset-0 z-[200] flex flex-col items-center justify-center gap-4 bg-background" data-testid="platform-loading">
      <span aria-hidden="true" className="inline-block h-12 w-12 animate-spin rounded-full border-4 border-solid border-border border-t-primary" />
      <p className="m-0 text-lg">{t("loadingPlatform")}</p>
    </div>
  );
}
