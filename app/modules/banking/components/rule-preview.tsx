import { ArrowRight } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useLanguage } from "~/modules/preferences/display";
import { formatMinor } from "../money";
import type { RulePreview } from "../rules-apply.server";
import { fieldValueText } from "./rule-summary";

/**
 * What a rule would change, before it changes anything: a sentence with the counts (announced to screen
 * readers as it arrives) and, per transaction, each field before → after. A list rather than a table so
 * that it reads at 360 px without scrolling sideways.
 */
export function RulePreviewResult({ preview, busy, id }: { preview: RulePreview | null; busy: boolean; id: string }) {
  const { t } = useTranslation("banking");
  const { language } = useLanguage();
  return (
    <div className="grid gap-2" data-testid="rule-preview">
      <p id={id} role="status" aria-live="polite" className="m-0 text-sm">
        {busy
          ? t("rules.preview.loading")
          : preview
            ? [
                t("rules.preview.summary", { count: preview.changed, matched: preview.matched }),
                preview.locked ? t("rules.preview.locked", { count: preview.locked }) : "",
                preview.kept ? t("rules.preview.kept", { count: preview.kept }) : "",
              ]
                .filter(Boolean)
                .join(" ")
            : ""}
      </p>
      {preview && !busy && preview.changes.length > 0 ? (
        <ul className="m-0 grid list-none gap-2 p-0" aria-describedby={id}>
          {preview.changes.map((row) => (
            <li key={row.id} className="grid gap-1 rounded-md border border-solid border-border bg-card p-2 text-sm">
              <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                <span className="break-words font-medium">{row.description}</span>
                <span className="whitespace-nowrap tabular-nums text-muted-foreground">
                  {row.postedOn} · {formatMinor(row.amountMinor, row.currency, language)}
                </span>
              </div>
              <dl className="m-0 grid gap-1">
                {row.fields.map((f) => (
                  <div key={f.field} className="flex flex-wrap items-center gap-x-2">
                    <dt className="text-muted-foreground">{t(FIELD_LABELS[f.field])}</dt>
                    <dd className="m-0 flex min-w-0 flex-wrap items-center gap-x-1 break-words">
                      <span className={f.before ? "line-through" : "text-muted-foreground"}>{fieldValueText(t, f.field, f.before)}</span>
                      <ArrowRight aria-label={t("rules.preview.becomes")} className="h-3.5 w-3.5 shrink-0" />
                      <span className="font-medium">{fieldValueText(t, f.field, f.after)}</span>
                    </dd>
                  </div>
                ))}
              </dl>
            </li>
          ))}
        </ul>
      ) : null}
      {preview?.truncated ? <p className="m-0 text-sm text-muted-foreground">{t("rules.preview.truncated", { shown: preview.changes.length })}</p> : null}
    </div>
  );
}

const FIELD_LABELS = {
  purpose: "transactions.purpose",
  category: "transactions.category",
  principalOrIncome: "transactions.side",
  responsibleParty: "transactions.party",
  notes: "transactions.notes",
} as const;
