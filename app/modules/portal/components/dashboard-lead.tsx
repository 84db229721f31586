import { Link } from "@remix-run/react";
import { ArrowRight } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { useLanguage } from "~/modules/preferences/display";
import { portalFormatters } from "../format";
import type { PortalLead } from "../portal.server";
import { summarySentences } from "../summary";

/** A beneficiary's dashboard opens with this: where she stands, in plain words, and the way to her portal. */
export function PortalLeadCard({ lead }: { lead: PortalLead }) {
  const { t } = useTranslation("portal");
  const { language } = useLanguage();
  const sentences = summarySentences(lead.summary, portalFormatters(language, lead.currency)).map((s) => t(s.key, s.params));
  return (
    <section aria-labelledby="portal-lead-heading" className="grid gap-3 rounded-lg border-2 border-solid border-primary bg-card p-5" data-testid="portal-lead">
      <h2 id="portal-lead-heading" className="m-0 text-lg">
        {t("lead.heading")}
      </h2>
      <p className="m-0 text-lg leading-relaxed">{sentences.join(" ")}</p>
      <Button asChild className="justify-self-start">
        <Link to="/beneficiary-portal">
          {t("lead.open")}
          <ArrowRight aria-hidden="true" className="h-4 w-4" />
        </Link>
      </Button>
    </section>
  );
}
