import { useRevalidator } from "@remix-run/react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Banner } from "~/components/ui/banner";
import { Button } from "~/components/ui/button";
import { NativeSelect } from "~/components/ui/select";
import { toast } from "~/components/ui/use-toast";
import { apiFetch, refusalSentence } from "~/platform/api-fetch";
import type { LinkedBy } from "../family";
import type { AmendmentChoice } from "../links.server";

const NONE = "none";

/**
 * Which instrument an amendment amends: how the product matched it (or that it could not, or that more than one
 * fits), and for those who may edit the document, a choice to confirm or correct it.
 */
export function AmendmentLink({
  documentId,
  choice,
  link,
  instrument,
}: {
  documentId: string;
  choice: AmendmentChoice;
  link: { by: LinkedBy; ambiguous: boolean } | null;
  /** The instrument it is read with now, if any. */
  instrument: { documentId: string; title: string } | null;
}) {
  const { t } = useTranslation("instruments");
  const id = useId();
  const revalidator = useRevalidator();
  const instrumentTitle = instrument?.title ?? null;
  const current = choice.confirmed === undefined ? (link ? instrument?.documentId : null) : choice.confirmed;
  const [selected, setSelected] = useState<string>(current ?? choice.instruments[0]?.id ?? NONE);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const status =
    choice.confirmed === null
      ? t("link.noneConfirmed")
      : !link || !instrumentTitle
        ? t("link.missing")
        : link.ambiguous
          ? t("link.ambiguous", { title: instrumentTitle })
          : link.by === "person"
            ? t("link.byPerson", { title: instrumentTitle })
            : link.by === "heading"
              ? t("link.byHeading", { title: instrumentTitle })
              : t("link.bySettlors", { title: instrumentTitle });

  async function send(method: "PUT" | "DELETE") {
    setSaving(true);
    setError(null);
    try {
      const instrumentId = selected === NONE ? null : selected;
      await apiFetch(`/api/documents/${documentId}/amends`, method === "PUT" ? { method, body: { instrumentId } } : { method });
      const title = choice.instruments.find((i) => i.id === instrumentId)?.title ?? "";
      toast({ title: method === "DELETE" ? t("link.resetDone") : instrumentId ? t("link.saved", { title }) : t("link.savedNone") });
      revalidator.revalidate();
    } catch (e) {
      setError(refusalSentence(e, t("link.failed")));
    } finally {
      setSaving(false);
    }
  }

  const needsAnswer = choice.confirmed === undefined && (!link || link.ambiguous);
  return (
    <section aria-labelledby={`${id}-heading`} className="grid gap-2 rounded-lg border border-solid border-border bg-card p-4" data-testid="amendment-link">
      <h2 id={`${id}-heading`} className="m-0 text-lg">
        {t("link.heading")}
      </h2>
      <p
        className={needsAnswer ? "m-0 rounded-md border border-solid border-primary bg-accent p-3 text-sm text-accent-foreground" : "m-0 text-sm"}
        data-testid="link-status"
      >
        {status}
      </p>
      {error ? <Banner kind="error">{error}</Banner> : null}
      {choice.canConfirm ? (
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            void send("PUT");
          }}
        >
          <div className="grid gap-1">
            <label htmlFor={`${id}-instrument`} className="text-sm font-medium">
              {t("link.choose")}
            </label>
            <NativeSelect id={`${id}-instrument`} value={selected} onChange={(e) => setSelected(e.target.value)}>
              {choice.instruments.map((instrument) => (
                <option key={instrument.id} value={instrument.id}>
                  {instrument.title}
                  {instrument.date ? ` (${instrument.date})` : ""}
                </option>
              ))}
              <option value={NONE}>{t("link.none")}</option>
            </NativeSelect>
          </div>
          <Button type="submit" disabled={saving}>
            {saving ? t("link.saving") : t("link.confirm")}
          </Button>
          {choice.confirmed !== undefined ? (
            <Button type="button" variant="outline" disabled={saving} onClick={() => void send("DELETE")}>
              {t("link.reset")}
            </Button>
          ) : null}
        </form>
      ) : (
        <p className="m-0 text-sm text-muted-foreground">{t("link.readOnly")}</p>
      )}
    </section>
  );
}
