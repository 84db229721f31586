import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { useLanguage } from "~/modules/preferences/display";
import { translateTitle } from "../item-title";
import type { ItemView } from "../items.server";
import { ComplianceAnswer } from "./answer";
import { useDay } from "./dates";

export const STATUS_STYLE: Record<string, string> = {
  done: "bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-50",
  overdue: "bg-red-100 text-red-900 dark:bg-red-900 dark:text-red-50",
  due_soon: "bg-amber-100 text-amber-950 dark:bg-amber-900 dark:text-amber-50",
  upcoming: "bg-muted",
};

export const itemTitle = (item: ItemView, t: (key: string, options?: Record<string, unknown>) => string) =>
  item.titleKey ? translateTitle(t, item.titleKey, item.titleParams ?? {}) : item.title;

/** Said when a list stops at its limit, so no one takes the list (or a score from it) for the whole. */
export function ItemsTruncated({ limit, textKey = "duties.truncated" }: { limit: number; textKey?: "duties.truncated" | "health.truncated" }) {
  const { t } = useTranslation("compliance");
  const { formatNumber } = useLanguage();
  return (
    <p role="status" className="m-0 rounded-md border border-solid border-amber-500 p-3 text-sm" data-testid="items-truncated">
      {t(textKey, { limit: formatNumber(limit) })}
    </p>
  );
}

/**
 * Duties with their deadline, law or clause, owner and status; a trustee marks one done with what proves it (a
 * document, a note) or opens it again. Each item has an anchor (#item-…) that reminders link to.
 */
export function ItemList({
  items,
  canManage,
  evidence = [],
  empty,
  testId,
}: {
  items: ItemView[];
  canManage: boolean;
  evidence?: { id: string; title: string }[];
  empty: string;
  testId: string;
}) {
  const { t } = useTranslation("compliance");
  const day = useDay();
  if (items.length === 0) return <p className="m-0 text-sm text-muted-foreground">{empty}</p>;
  return (
    <ol className="m-0 grid list-none gap-2 p-0" data-testid={testId}>
      {items.map((item) => {
        const title = itemTitle(item, t);
        return (
          <li
            key={item.id}
            id={`item-${item.id}`}
            className="grid gap-1 rounded-md border border-solid border-border p-3"
            data-testid="compliance-item"
            data-status={item.status}
          >
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <span className="font-medium">{title}</span>
              <span className={`rounded-full px-2 py-0.5 text-sm ${STATUS_STYLE[item.status]}`}>{t(`status.${item.status}`)}</span>
            </div>
            <p className="m-0 text-sm">
              <strong>{t("item.due", { on: day(item.dueOn) })}</strong>
              {item.statutoryDueOn && item.statutoryDueOn !== item.dueOn ? ` · ${t("item.rolled", { from: day(item.statutoryDueOn) })}` : ""}
              {item.responsible ? ` · ${t("item.responsible", { who: t(`actors.${item.responsible}`, { defaultValue: item.responsible }) })}` : ""}
              {` · ${t(`severity.${item.severity}`)}`}
            </p>
            <p className="m-0 text-sm">
              {t(`source.${item.source}`)}
              {item.jurisdiction ? ` · ${t(`jurisdictions.${item.jurisdiction}`, { defaultValue: item.jurisdiction })}` : ""}
              {item.citation ? " · " : ""}
              {item.citationUrl ? (
                <a href={item.citationUrl} target="_blank" rel="noreferrer noopener" className="underline">
                  {item.citation}
                </a>
              ) : (
                item.citation
              )}
              {item.also.map((other) => (
                <span key={other.citation}>
                  {" · "}
                  <a href={other.sourceUrl} target="_blank" rel="noreferrer noopener" className="underline">
                    {other.citation}
                  </a>
                </span>
              ))}
            </p>
            {item.also.length > 0 ? <p className="m-0 text-sm text-muted-foreground">{t("item.merged")}</p> : null}
            {item.sourceText ? (
              <blockquote className="m-0 border-0 border-l-4 border-solid border-border pl-3 text-sm text-muted-foreground">
                {item.documentId ? (
                  <Link to={`/documents/${item.documentId}?passage=${encodeURIComponent(item.sourceText.slice(0, 200))}`}>“{item.sourceText}”</Link>
                ) : (
                  `“${item.sourceText}”`
                )}
              </blockquote>
            ) : null}
            {item.completedAt ? (
              <p className="m-0 text-sm">
                {t(item.onTime ? "item.doneOnTime" : "item.doneLate", { on: day(item.completedAt) })}
                {item.evidence?.documentId ? (
                  <>
                    {" · "}
                    <Link to={`/documents/${item.evidence.documentId}`}>{t("item.evidenceDocument")}</Link>
                  </>
                ) : null}
                {item.evidence?.deliveryId ? ` · ${t("item.evidenceDelivery")}` : ""}
                {item.evidence?.note ? ` · ${item.evidence.note}` : ""}
              </p>
            ) : null}
            <ComplianceAnswer intents={["item-done", "item-open"]} target={item.id} />
            {canManage ? (
              <Form method="post" className="flex flex-wrap items-end gap-2">
                <input type="hidden" name="target" value={item.id} />
                {item.completedAt ? null : (
                  <>
                    <label className="grid min-w-0 gap-1 text-sm">
                      {t("item.evidenceLabel")}
                      <select name="evidenceDocumentId" className="w-full min-w-0 rounded-md border border-solid border-input bg-background p-1.5">
                        <option value="">{t("item.noDocument")}</option>
                        {evidence.map((doc) => (
                          <option key={doc.id} value={doc.id}>
                            {doc.title}
                          </option>
                        ))}
                      </select>
                    </label>
                    <label className="grid min-w-0 gap-1 text-sm">
                      {t("item.noteLabel")}
                      <input name="note" maxLength={2000} className="rounded-md border border-solid border-input bg-background p-1.5" />
                    </label>
                  </>
                )}
                <Button
                  type="submit"
                  name="intent"
                  value={item.completedAt ? "item-open" : "item-done"}
                  size="sm"
                  variant={item.completedAt ? "ghost" : "outline"}
                  aria-label={t(item.completedAt ? "item.reopenLabel" : "item.markDoneLabel", { title })}
                >
                  {t(item.completedAt ? "item.reopen" : "item.markDone")}
                </Button>
              </Form>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
