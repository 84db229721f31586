import { Link } from "@remix-run/react";
import { FileText } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { canUploadDocuments } from "~/modules/documents/permissions";
import { useSignedInUser } from "~/routes/_app";

/** "Draft the minutes": drafting's minutes template pre-filled from this meeting, for those who may save documents. */
export function MinutesLink({ meetingId }: { meetingId: string }) {
  const { t } = useTranslation("meetings");
  const user = useSignedInUser();
  // The browser's zone, known only after hydration: the minutes then give the times in it (else in UTC).
  const [zone, setZone] = useState<string | null>(null);
  useEffect(() => setZone(Intl.DateTimeFormat().resolvedOptions().timeZone || null), []);
  if (!canUploadDocuments(user.workspace?.role)) return null;
  const query = new URLSearchParams({ template: "minutes", prefill: `meeting:${meetingId}`, ...(zone ? { tz: zone } : {}) });
  return (
    <div className="grid justify-items-start gap-1">
      <Button asChild variant="outline">
        <Link to={`/document-drafting?${query}`} data-testid="draft-minutes" aria-describedby="draft-minutes-hint">
          <FileText aria-hidden="true" className="h-4 w-4" />
          {t("page.draftMinutes")}
        </Link>
      </Button>
      <p id="draft-minutes-hint" className="m-0 text-sm text-muted-foreground">
        {t("page.draftMinutesHint")}
      </p>
    </div>
  );
}
