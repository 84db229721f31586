import { Link } from "@remix-run/react";
import { format, isValid } from "date-fns";
import useEmblaCarousel from "embla-carousel-react";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { useLanguage } from "~/modules/preferences/display";
import { useDateLocale } from "~/modules/preferences/date-locales";
import type { RecentDocument } from "./recent-documents-carousel";
import { DocumentStatusBadge } from "./status-badge";
import { DocumentTypeIcon, useDocumentTypeLabel } from "./document-type";

/** Spec section 2: arrows and looping only above three documents. */
const LOOP_ABOVE = 3;

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

function DocumentCard({ document, eager }: { document: RecentDocument; eager: boolean }) {
  const typeLabel = useDocumentTypeLabel();
  return (
    <Link
      to={`/documents/${document.id}`}
      data-testid="recent-document-card"
      className="flex h-full flex-col gap-2 rounded-md border border-solid border-border bg-background p-3 text-foreground no-underline hover:border-primary focus-visible:outline-2"
    >
      <div className="flex h-24 items-center justify-center overflow-hidden rounded bg-muted">
        {document.thumbnailUrl ? (
          <img src={document.thumbnailUrl} alt="" className="h-full w-full object-cover object-top" loading={eager ? "eager" : "lazy"} />
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

/**
 * The carousel itself (embla, the cards, date-fns), loaded by RecentDocumentsCarousel while the list is fetched
 * (issue 25: the dashboard's first script does not carry it).
 */
export default function RecentDocumentsSlides({ documents }: { documents: RecentDocument[] }) {
  const { t } = useTranslation("documents");
  const { direction } = useLanguage();
  const many = documents.length > LOOP_ABOVE;
  const [emblaRef, embla] = useEmblaCarousel({ loop: many, align: "start", direction });
  const previous = useCallback(() => embla?.scrollPrev(), [embla]);
  const next = useCallback(() => embla?.scrollNext(), [embla]);

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
              {/* The first three are in view on the widest layout: their pictures load with the page. */}
              <DocumentCard document={document} eager={index < 3} />
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
