import { Link } from "@remix-run/react";
import { Eye } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { previewChoices } from "../portal.server";
import { TotalsSwitch } from "./totals-switch";

type Choices = Awaited<ReturnType<typeof previewChoices>>;

/** What a trustee sees at /beneficiary-portal: each beneficiary's portal to preview, and for the owner the totals switch. */
export function PreviewChooser({ choices }: { choices: Choices }) {
  const { t } = useTranslation("portal");
  return (
    <div className="mx-auto grid w-full max-w-3xl grid-cols-[minmax(0,1fr)] gap-6">
      <header className="grid gap-1">
        <h1 className="m-0 text-2xl">{t("title")}</h1>
        <p className="m-0 text-muted-foreground">{t("preview.intro")}</p>
      </header>
      <section aria-labelledby="preview-heading" className="grid gap-3 rounded-lg border border-solid border-border bg-card p-4">
        <h2 id="preview-heading" className="m-0 text-lg">
          {t("preview.heading")}
        </h2>
        {choices.beneficiaries.length === 0 ? (
          <p className="m-0 text-muted-foreground">{t("preview.none")}</p>
        ) : (
          <ul className="m-0 grid list-none gap-2 p-0" data-testid="preview-list">
            {choices.beneficiaries.map((b) => (
              <li key={b.userId}>
                <Link to={`?as=${b.userId}`} className="inline-flex items-center gap-2">
                  <Eye aria-hidden="true" className="h-4 w-4" />
                  {t("preview.as", { name: b.name })}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
      {choices.isOwner ? <TotalsSwitch shown={choices.showsTotals} /> : null}
    </div>
  );
}
