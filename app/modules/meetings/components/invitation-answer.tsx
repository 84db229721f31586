import { useRevalidator } from "@remix-run/react";
import { Check, X } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { apiFetch, ApiError } from "~/platform/api-fetch";

type Response = "accepted" | "declined";

/** An invitee says whether they will come; the host sees each answer in the list of invitees. */
export function InvitationAnswer({ meetingId, current }: { meetingId: string; current: string | null }) {
  const { t } = useTranslation("meetings");
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function answer(response: Response) {
    setBusy(true);
    setError(null);
    try {
      await apiFetch(`/api/meetings/${meetingId}/respond`, { method: "POST", body: { response } });
      revalidator.revalidate();
    } catch (failure) {
      setError(failure instanceof ApiError ? (failure.error ?? failure.message) : t("invitation.failed"));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div role="group" aria-labelledby="invitation-question" className="grid gap-2" data-testid="invitation-answer">
      <p id="invitation-question" className="m-0 font-medium">
        {current === "accepted" ? t("invitation.youAccepted") : current === "declined" ? t("invitation.youDeclined") : t("invitation.question")}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button
          variant={current === "accepted" ? "default" : "outline"}
          aria-pressed={current === "accepted"}
          disabled={busy}
          onClick={() => void answer("accepted")}
        >
          <Check aria-hidden="true" className="h-4 w-4" />
          {t("invitation.accept")}
        </Button>
        <Button
          variant={current === "declined" ? "default" : "outline"}
          aria-pressed={current === "declined"}
          disabled={busy}
          onClick={() => void answer("declined")}
        >
          <X aria-hidden="true" className="h-4 w-4" />
          {t("invitation.decline")}
        </Button>
      </div>
      {error ? (
        <p role="alert" className="m-0 text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
