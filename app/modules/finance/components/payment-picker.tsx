import { Form, useFetcher } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import type { paymentCandidates } from "../decisions.server";
import { dayIn, moneyIn } from "./money";

type Candidate = Awaited<ReturnType<typeof paymentCandidates>>[number];

/** "Find the payment": the bank transactions of the same amount out, the likeliest first; choosing one marks it paid. */
export function PaymentPicker({ distributionId, currency, language }: { distributionId: string; currency: string; language: string }) {
  const { t } = useTranslation("finance");
  const fetcher = useFetcher<{ success: boolean; candidates?: Candidate[]; error?: string }>();
  const money = moneyIn(currency, language);
  const day = dayIn(language);
  const candidates = fetcher.data?.candidates;
  return (
    <div className="grid gap-2">
      <Button
        type="button"
        size="sm"
        variant="outline"
        onClick={() => fetcher.load(`/api/finance/distributions/${distributionId}/payments`)}
        disabled={fetcher.state !== "idle"}
      >
        {fetcher.state !== "idle" ? t("payment.looking") : t("payment.find")}
      </Button>
      {candidates && candidates.length === 0 ? <p className="m-0 text-sm text-muted-foreground">{t("payment.none")}</p> : null}
      {candidates && candidates.length > 0 ? (
        <Form method="post" className="grid gap-2">
          <input type="hidden" name="intent" value="pay" />
          <input type="hidden" name="distributionId" value={distributionId} />
          <fieldset className="m-0 grid gap-1 border-0 p-0">
            <legend className="text-sm font-medium">{t("payment.choose")}</legend>
            {candidates.map((c, i) => (
              <label key={c.id} className="flex flex-wrap items-center gap-2 text-sm">
                <input type="radio" name="transactionId" value={c.id} defaultChecked={i === 0} />
                <span>
                  {day(c.postedOn)} · {c.description} · <span className="tabular-nums">{money(c.amountMinor)}</span>
                  {c.namesPayee ? ` · ${t("payment.namesPayee")}` : ""}
                </span>
              </label>
            ))}
          </fieldset>
          <div>
            <Button type="submit" size="sm">
              {t("payment.markPaid")}
            </Button>
          </div>
        </Form>
      ) : null}
    </div>
  );
}
