import { NativeSelect } from "~/components/ui/select";
import { Form, Link, useNavigation, useRevalidator, useSearchParams } from "@remix-run/react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { RelativeTime } from "~/modules/preferences/components/relative-time";
import { useLanguage } from "~/modules/preferences/display";
import type { ListQuery } from "../list-query";
import { SORTS } from "../list-query";
import { DOCUMENT_STATUSES } from "../schema";
import { snippetParts } from "../search";
import { DocumentTypeIcon, DocumentTypeOptions, useDocumentTypeLabel } from "./document-type";
import { DocumentStatusBadge } from "./status-badge";
import { UploadArea } from "./upload-area";

/** While something is being read or analysed, the list refreshes itself so its badge moves on without a reload. */
const STATUS_POLL_MS = 2500;

export interface DocumentRow {
  id: string;
  title: string;
  type: string;
  status: string;
  fileName: string;
  sizeBytes: number;
  errorReason: string | null;
  createdAt: string;
  uploadedByName: string | null;
  snippet: string | null;
  titleMatch: string | null;
}

function Highlighted({ text }: { text: string }) {
  return (
    <>
      {snippetParts(text).map((part, i) =>
        part.match ? (
          <mark key={i} className="rounded bg-warning-soft px-0.5 text-warning-soft-foreground">
            {part.text}
          </mark>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </>
  );
}

function useLiveStatuses(rows: DocumentRow[]) {
  const revalidator = useRevalidator();
  const busy = rows.some((row) => row.status === "pending" || row.status === "analyzing");
  useEffect(() => {
    if (!busy) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle" && document.visibilityState === "visible") revalidator.revalidate();
    }, STATUS_POLL_MS);
    return () => clearInterval(timer);
  }, [busy, revalidator]);
}

export function DocumentsPage({
  query,
  result,
  maxBytes,
  canUpload,
}: {
  query: ListQuery;
  result: { rows: DocumentRow[]; total: number; moreThanTotal: boolean; page: number; pageSize: number; searched: boolean };
  maxBytes: number;
  canUpload: boolean;
}) {
  const { t } = useTranslation("documents");
  const { formatNumber } = useLanguage();
  const typeLabel = useDocumentTypeLabel();
  const navigation = useNavigation();
  const [params] = useSearchParams();
  useLiveStatuses(result.rows);
  const pages = Math.max(1, Math.ceil(result.total / result.pageSize));
  const pageLink = (page: number) => {
    const next = new URLSearchParams(params);
    next.set("page", String(page));
    return `?${next}`;
  };
  const searching = navigation.state === "loading" && navigation.location?.pathname === "/documents";

  return (
    <div className="grid gap-6">
      <header>
        <h1 className="m-0 text-2xl">{t("page.title")}</h1>
        <p className="m-0 mt-1 text-muted-foreground">{t("page.subtitle")}</p>
      </header>

      <UploadArea maxBytes={maxBytes} canUpload={canUpload} />

      <section aria-labelledby="library-heading" className="grid gap-3">
        <h2 id="library-heading" className="m-0 text-lg">
          {t("list.heading")}
        </h2>
        <Form method="get" role="search" aria-label={t("list.filtersLabel")} className="flex flex-wrap items-end gap-2">
          <label className="grid flex-1 gap-1 text-sm" style={{ minWidth: "14rem" }}>
            {t("list.searchLabel")}
            <Input type="search" name="q" defaultValue={query.q ?? ""} placeholder={t("list.searchPlaceholder")} maxLength={200} />
          </label>
          <label className="grid gap-1 text-sm">
            {t("list.typeFilter")}
            <NativeSelect name="type" defaultValue={query.type ?? ""}>
              <DocumentTypeOptions emptyLabel={t("list.allTypes")} />
            </NativeSelect>
          </label>
          <label className="grid gap-1 text-sm">
            {t("list.statusFilter")}
            <NativeSelect name="status" defaultValue={query.status ?? ""}>
              <option value="">{t("list.allStatuses")}</option>
              {DOCUMENT_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {t(`status.${status}`)}
                </option>
              ))}
            </NativeSelect>
          </label>
          <label className="grid gap-1 text-sm">
            {t("list.sort")}
            <NativeSelect name="sort" defaultValue={query.sort ?? "newest"}>
              {SORTS.map((sort) => (
                <option key={sort} value={sort}>
                  {t(`list.sort.${sort}`)}
                </option>
              ))}
            </NativeSelect>
          </label>
          <Button type="submit" disabled={searching}>
            {t("list.apply")}
          </Button>
        </Form>

        <p className="m-0 text-sm text-muted-foreground" role="status" data-testid="documents-count">
          {result.searched
            ? t(result.moreThanTotal ? "list.foundCountMore" : "list.foundCount", { count: result.total, formatted: formatNumber(result.total) })
            : t("list.count", { count: result.total, formatted: formatNumber(result.total) })}
        </p>

        {result.rows.length === 0 ? (
          <div className="rounded-lg border border-solid border-border bg-card p-6 text-center" data-testid="documents-list-empty">
            <p className="m-0 text-muted-foreground">{result.searched || query.type || query.status ? t("list.noMatches") : t("recent.empty")}</p>
          </div>
        ) : (
          <ul className="m-0 grid list-none gap-2 p-0" data-testid="documents-list">
            {result.rows.map((row) => (
              <li key={row.id} className="flex gap-3 rounded-lg border border-solid border-border bg-card p-3" data-testid="document-row">
                <DocumentTypeIcon type={row.type} className="text-2xl" />
                <div className="grid min-w-0 flex-1 gap-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <Link to={`/documents/${row.id}`} className="font-medium">
                      {row.titleMatch ? <Highlighted text={row.titleMatch} /> : row.title}
                    </Link>
                    <DocumentStatusBadge status={row.status} reason={row.errorReason} />
                  </div>
                  <p className="m-0 text-xs text-muted-foreground">
                    {typeLabel(row.type)} · {row.fileName} · {t("list.uploaded")} <RelativeTime value={row.createdAt} />
                    {row.uploadedByName ? ` · ${row.uploadedByName}` : ""}
                  </p>
                  {row.status === "error" && row.errorReason ? (
                    <p className="m-0 text-xs text-destructive" data-testid="document-error-reason">
                      {row.errorReason}
                    </p>
                  ) : null}
                  {row.snippet ? (
                    <p className="m-0 text-sm" data-testid="search-snippet">
                      <Highlighted text={row.snippet} />
                    </p>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        )}

        {pages > 1 ? (
          <nav aria-label={t("list.pagination")} className="flex items-center justify-between gap-2 text-sm">
            {result.page > 1 ? <Link to={pageLink(result.page - 1)}>{t("list.previousPage")}</Link> : <span />}
            <span>{t("list.pageOf", { page: result.page, pages })}</span>
            {result.page < pages ? <Link to={pageLink(result.page + 1)}>{t("list.nextPage")}</Link> : <span />}
          </nav>
        ) : null}
      </section>
    </div>
  );
}
