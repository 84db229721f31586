import { Link, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { RouteErrorSummary } from "~/platform/route-error";

function titleKey(status: number): string {
  if (status === 404) return "notFound.title";
  if (status === 403) return "forbidden.title";
  return "error.title";
}

/**
 * A signed-in error page, inside the shell: what happened, the server's translated sentence (which, for a
 * refusal, says who may do it), the reference an unexpected error was logged under, and the way back.
 */
export function SignedInErrorContent({ status, sentence, reference }: RouteErrorSummary) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const fallback =
    status === 404 ? t("notFound.body", { path: pathname }) : status === 403 ? t("forbidden.ask") : status >= 500 ? t("error.sorry") : t("error.body");
  return (
    <section data-testid="error-page" data-status={status}>
      <h1 className="mt-0 text-2xl">{t(titleKey(status))}</h1>
      <p className="text-muted-foreground" data-testid="error-sentence">
        {sentence ?? fallback}
      </p>
      {reference ? (
        <p>
          {t("error.referenceLabel")}{" "}
          <code className="rounded bg-muted px-1 font-mono" data-testid="error-reference">
            {reference}
          </code>
        </p>
      ) : null}
      <p className="flex flex-wrap gap-4">
        <Link to="/dashboard" className="text-link">
          {t("notFound.home")}
        </Link>
        <Link to="/documents" className="text-link">
          {t("error.documentsLink")}
        </Link>
      </p>
    </section>
  );
}
