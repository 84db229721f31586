import { Form, useActionData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Banner } from "~/components/ui/banner";
import { Button } from "~/components/ui/button";
import type { action } from "../routes/beneficiary-portal";

/** The owner's switch for the trust-wide totals on every beneficiary's portal (the server checks it is the owner). */
export function TotalsSwitch({ shown }: { shown: boolean }) {
  const { t } = useTranslation("portal");
  const answer = useActionData<typeof action>();
  const busy = useNavigation().formData?.get("intent") === "totals";
  return (
    <section
      aria-labelledby="totals-switch-heading"
      className="grid gap-2 rounded-lg border border-solid border-border bg-card p-4"
      data-testid="totals-switch"
    >
      <h2 id="totals-switch-heading" className="m-0 text-base">
        {t("totals.switchHeading")}
      </h2>
      <p className="m-0 text-sm text-muted-foreground">{t("totals.switchHelp")}</p>
      <p className="m-0 text-sm" data-testid="totals-state">
        {shown ? t("totals.stateOn") : t("totals.stateOff")}
      </p>
      {answer && "intent" in answer && answer.intent === "totals" ? (
        <Banner kind={answer.error ? "error" : "success"}>{answer.error ?? answer.notice}</Banner>
      ) : null}
      <Form method="post" className="flex">
        <input type="hidden" name="intent" value="totals" />
        <input type="hidden" name="show" value={shown ? "off" : "on"} />
        <Button type="submit" variant="outline" disabled={busy}>
          {shown ? t("totals.hide") : t("totals.show")}
        </Button>
      </Form>
    </section>
  );
}
