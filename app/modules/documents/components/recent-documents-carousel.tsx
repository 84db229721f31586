import { Link } from "@remix-run/react";
import { lazy, Suspense, useEffect, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";

/** The carousel's code (embla, the cards, date-fns); fetched while the list is (issue 25). */
const loadSlides = () => import("./recent-documents-slides");
const RecentDocumentsSlides = lazy(loadSlides);

/** Spec section 3: the recent list's fields. */
export interface RecentDocument {
  id: string;
  title: string;
  type: string;
  status: string;
  thumbnailUrl: string | null;
  fileName: string;
  lastAccessedAt: string | null;
}

const RECENT_URL = "/api/legal/documents/recent";

/** Spec section 7: the list is fetched again every 30 seconds. */
export const RECENT_REFETCH_MS = 30_000;

function useRecentDocuments() {
  const [documents, setDocuments] = useState<RecentDocument[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let alive = true;
    const load = async () => {
      try {
        // The same request as the carousel's preload link, so the browser answers the first one from it.
        const response = await fetch(RECENT_URL);
        if (!response.ok) throw new Error(String(response.status));
        const list = (await response.json()) as RecentDocument[];
        if (alive) {
          setDocuments(list);
          setFailed(false);
        }
      } catch {
        // Keep what is shown; the next refetch tries again.
        if (alive) setFailed(true);
      }
    };
    void load();
    const timer = setInterval(load, RECENT_REFETCH_MS);
    return () => {
      alive = false;
      clearInterval(timer);
    };
  }, []);
  return { documents, failed };
}

/** Spec sections 2 and 9: the dashboard's recent documents, 1/2/3 columns, arrows and looping above three. */
export function RecentDocumentsCarousel() {
  const { t } = useTranslation("documents");
  const { documents } = useRecentDocuments();
  useEffect(() => void loadSlides(), []);

  const loading = (
    <div className="mt-3 grid gap-3 md:grid-cols-2 lg:grid-cols-3" aria-busy="true" data-testid="recent-documents-loading">
      <span className="sr-only">{t("recent.loading")}</span>
      {[0, 1, 2].map((i) => (
        <div key={i} data-testid="recent-document-placeholder" className="h-52 animate-pulse rounded-md bg-muted" />
      ))}
    </div>
  );
  let content: ReactNode;
  if (documents === null) content = loading;
  else if (documents.length === 0) {
    content = (
      <div className="py-6 text-center" data-testid="documents-empty">
        <p className="m-0 text-muted-foreground">{t("recent.empty")}</p>
        <Link to="/documents">{t("recent.uploadFirst")}</Link>
      </div>
    );
  } else {
    content = (
      <Suspense fallback={loading}>
        <RecentDocumentsSlides documents={documents} />
      </Suspense>
    );
  }
  return (
    <>
      {/* The browser meets this with the HTML and starts the list's download before the scripts run; the
          placeholders still show until it is read (spec section 2). Here, so every page with the carousel has it. */}
      <link rel="preload" href={RECENT_URL} as="fetch" crossOrigin="anonymous" />
      {content}
    </>
  );
}
