import type { MetaFunction } from "@remix-run/cloudflare";
import { useTranslation } from "react-i18next";
import { LanguageChoice } from "~/modules/preferences/components/language-choice";
import { hasTranslationFiles } from "~/modules/preferences/languages";
import { useLanguage } from "~/modules/preferences/display";
import { useSignedInUser, type SignedInPageHandle } from "~/routes/_app";
import { LanguageFlag } from "~/modules/preferences/components/language-flag";

export const handle = { i18n: ["demo"], needsWorkspace: false } satisfies SignedInPageHandle;
export const meta: MetaFunction = () => [{ title: "Language demo · Legal Document Platform" }];

const SAMPLE_DATE = "2026-03-05T12:00:00Z";

/** /language-demo: placeholders, number, date and currency formats, direction and fallbacks, live. */
export default function LanguageDemoRoute() {
  const user = useSignedInUser();
  const { t } = useTranslation("demo");
  const { current, direction, formatNumber, formatDate, formatCurrency } = useLanguage();
  const rows: [string, React.ReactNode][] = [
    [
      t("language.current"),
      <span key="current" className="inline-flex items-center gap-2">
        <LanguageFlag code={current.code} />
        {current.nativeName} ({current.englishName}, {current.code})
      </span>,
    ],
    [t("language.direction"), direction === "rtl" ? t("language.rtl") : t("language.ltr")],
    [t("language.files"), hasTranslationFiles(current.code) ? t("language.translated") : t("language.fallback")],
    [t("language.placeholder"), t("language.greeting", { name: user.firstName ?? user.name })],
    [t("language.number"), formatNumber(1234567.891)],
    [t("language.percent"), formatNumber(0.98, { style: "percent" })],
    [t("language.date"), formatDate(SAMPLE_DATE)],
    [t("language.currency"), formatCurrency(1234.5)],
    [t("language.currencyEur"), formatCurrency(1234.5, "EUR")],
    [t("language.missing"), t("language.this-key-does-not-exist")],
  ];
  return (
    <div className="grid gap-6">
      <div>
        <h1 className="m-0 text-2xl">{t("language.title")}</h1>
        <p className="m-0 mt-1 text-muted-foreground">{t("language.intro")}</p>
      </div>
      <dl className="m-0 grid gap-2 rounded-lg border border-solid border-border bg-card p-5 sm:grid-cols-[max-content_1fr]" data-testid="language-samples">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-medium">{label}</dt>
            <dd className="m-0" data-testid={`sample-${label}`}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <div className="rounded-lg border border-solid border-border bg-card p-5">
        <LanguageChoice />
      </div>
    </div>
  );
}
