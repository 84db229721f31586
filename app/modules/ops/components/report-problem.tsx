import { Link } from "@remix-run/react";
import { LifeBuoy } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from "~/components/ui/dialog";
import { Tooltip } from "~/components/ui/tooltip";
import { apiFetch, refusalSentence } from "~/platform/api-fetch";
import { errorSessionKey } from "../client/capture";

/** The form: a description and, only if the person ticks it, their session's last errors. Words from "common". */
export function ReportProblemForm({ onSent }: { onSent?: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [description, setDescription] = useState("");
  const [attach, setAttach] = useState(false);
  const [state, setState] = useState<{ kind: "idle" | "sending" | "sent" } | { kind: "failed"; message: string }>({ kind: "idle" });
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setState({ kind: "sending" });
    try {
      await apiFetch("/api/errors/reports", {
        method: "POST",
        body: { description, attachErrors: attach, sessionKey: errorSessionKey() ?? undefined, route: window.location.pathname },
      });
      setState({ kind: "sent" });
      setDescription("");
      onSent?.();
    } catch (error) {
      setState({ kind: "failed", message: refusalSentence(error, t("reportProblem.failed")) });
    }
  };
  if (state.kind === "sent") {
    return (
      <p role="status" className="m-0" data-testid="report-sent">
        {t("reportProblem.sent")} <Link to="/error-reporting">{t("reportProblem.follow")}</Link>
      </p>
    );
  }
  return (
    <form onSubmit={submit} className="grid gap-3" data-testid="report-problem-form">
      <label htmlFor={`${id}-d`} className="font-medium">
        {t("reportProblem.description")}
      </label>
      <textarea
        id={`${id}-d`}
        value={description}
        onChange={(e) => setDescription(e.target.value)}
        rows={4}
        required
        minLength={5}
        maxLength={4000}
        aria-describedby={`${id}-h`}
        className="rounded-md border border-solid border-border bg-background p-2 text-foreground"
      />
      <span id={`${id}-h`} className="text-sm text-muted-foreground">
        {t("reportProblem.hint")}
      </span>
      <label className="flex items-start gap-2">
        <input type="checkbox" checked={attach} onChange={(e) => setAttach(e.target.checked)} data-testid="report-attach" />
        <span>
          {t("reportProblem.attach")}
          <span className="block text-sm text-muted-foreground">{t("reportProblem.attachHint")}</span>
        </span>
      </label>
      {state.kind === "failed" ? (
        <p role="alert" className="m-0 font-medium">
          {state.message}
        </p>
      ) : null}
      <Button type="submit" disabled={state.kind === "sending"}>
        {t("reportProblem.send")}
      </Button>
    </form>
  );
}

/** "Report a problem" beside the help centre in the header. */
export function ReportProblemButton() {
  const { t } = useTranslation();
  return (
    <Dialog>
      <Tooltip content={t("reportProblem.button")}>
        <DialogTrigger asChild>
          <Button variant="ghost" size="icon" aria-label={t("reportProblem.button")} data-testid="report-problem-button">
            <LifeBuoy aria-hidden="true" className="h-5 w-5" />
          </Button>
        </DialogTrigger>
      </Tooltip>
      <DialogContent>
        <DialogTitle>{t("reportProblem.title")}</DialogTitle>
        <DialogDescription>{t("reportProblem.intro")}</DialogDescription>
        <ReportProblemForm />
      </DialogContent>
    </Dialog>
  );
}
