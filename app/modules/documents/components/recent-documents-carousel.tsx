import { Link } from "@remix-run/react";
import { format, isValid } from "date-fns";
import useEmblaCarousel from "embla-carousel-react";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { useLanguage } from "~/modules/preferences/display";
import { useDateLocale } from "~/modules/preferences/date-locales";
import { DocumentStatusBadge } from "./status-badge";
import { DocumentTypeIcon, useDocumentTypeLabel } from "./document-type";

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

/** Spec section 7: the list is fetched again every 30 seconds. */
export const RECENT_REFETCH_MS = 30_000;
/** Spec section 2: arrows and looping only above three documents. */
const LOOP_ABOVE = 3;

function useRecentDocuments() {
  const [documents, setDocuments] = useState<RecentDocument[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let alive = true;
    const load = async () => {
      try {
        const response = await fetch("/api/legal/documents/recent", { headers: { Accept: "application/json" } });
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

function LastAccessed({ value }: { value: string | null }) {
  const { t } = useTranslation("documents");
  const { language } = useLanguage();
  const locale = useDateLocale(language);
  const date = value ? new Date(value) : null;
  // An unreadable date would make date-fns throw "Invalid time value"; it reads as never accessed instead.
  if (!date || !isValid(date)) {
    return (
      <span className="text-xs text-muted-foreground" data-testid="last-accessed">
        {t("recent.neverAccessed")} <span aria-hidden="true">—</span>
      </span>
    );
  }
  return (
    <time dateTime={date.toISOString()} className="text-xs text-muted-foreground" data-testid="last-accessed">
      {locale ? `${format(date, "MMM d", { locale })} · ${format(date, "h:mm a", { locale })}` : null}
    </time>
  );
}

function DocumentCard({ document }: { document: RecentDocument }) {
  const typeLabel = useDocumentTypeLabel();
  return (
    <Link
      to={`/documents/${document.id}`}
      data-testid="recent-document-card"
      className="flex h-full flex-col gap-2 rounded-md border border-solid border-border bg-background p-3 text-foreground no-underline hover:border-primary focus-visible:outline-2"
    >
      <div className="flex h-24 items-center justify-center overflow-hidden rounded bg-muted">
        {document.thumbnailUrl ? (
          <img src={document.thumbnailUrl} alt="" className="h-full w-full object-cover object-top" loading="lazy" />
        ) : (
          <DocumentTypeIcon type={document.type} className="text-4xl" />
        )}
      </div>
      <span className="line-clamp-2 font-medium">{document.title}</span>
      <span className="flex flex-wrap items-center justify-between gap-2 text-xs">
        <span data-testid="document-type">{typeLabel(document.type)}</span>
        <DocumentStatusBadge status={document.status} />
      </span>
      <LastAccessed value={document.lastAccessedAt} />
      <span className="truncate text-xs text-muted-foreground" title={document.fileName}>
        {document.fileName}
      </span>
    </Link>
  );
}

const SLIDE = "min-w-0 shrink-0 grow-0 basis-full ps-3 md:basis-1/2 lg:basis-1/3";

/** Spec sections 2 and 9: the dashboard's recent documents, 1/2/3 columns, arrows and looping above three. */
export function RecentDocumentsCarousel() {
  const { t } = useTranslation("documents");
  const { documents } = useRecentDocuments();
  const { direction } = useLanguage();
  const many = (documents?.length ?? 0) > LOOP_ABOVE;
  const [emblaRef, embla] = useEmblaCarousel({ loop: many, align: "start", direction });
  const previous = useCallback(() => embla?.scrollPrev(), [embla]);
  const next = useCallback(() => embla?.scrollNext(), [embla]);

  if (documents === null) {
    return (
      <div className="mt-3 grid gap-3 md:grid-cols-2 lg:grid-cols-3" aria-busy="true" data-testid="recent-documents-loading">
        <span className="sr-only">{t("recent.loading")}</span>
        {[0, 1, 2].map((i) => (
          <div key={i} data-testid="recent-document-placeholder" className="h-52 animate-pulse rounded-md bg-muted" />
        ))}
      </div>
    );
  }
  if (documents.length === 0) {
    return (
      <div className="py-6 text-center" data-testid="documents-empty">
        <p className="m-0 text-muted-foreground">{t("recent.empty")}</p>
        <Link to="/documents">{t("recent.uploadFirst")}</Link>
      </div>
    );
  }
  return (
    <div className="relative mt-3" role="region" aria-roledescription="carousel" aria-label={t("recent.carouselLabel")} data-testid="recent-documents">
      <div className="overflow-hidden" ref={emblaRef}>
        <ul className="m-0 -ms-3 flex list-none px-0 py-1">
          {documents.map((document, index) => (
            <li
              key={document.id}
              className={SLIDE}
              aria-roledescription="slide"
              aria-label={t("recent.slideLabel", { index: index + 1, count: documents.length })}
            >
              <DocumentCard document={document} />
            </li>
          ))}
        </ul>
      </div>
      {many ? (
        <div className="mt-3 hidden justify-end gap-2 lg:flex" data-testid="carousel-arrows">
          <Button variant="outline" size="icon" onClick={previous} aria-label={t("recent.previous")}>
            <span aria-hidden="true" className="rtl:rotate-180">
              ←
            </span>
          </Button>
          <Button variant="outline" size="icon" onClick={next} aria-label={t("recent.next")}>
            <span aria-hidden="true" className="rtl:rotate-180">
              →
            </span>
          </Button>
        </div>
      ) : null}
    </div>
  );
}
