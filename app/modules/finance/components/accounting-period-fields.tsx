import { useTranslation } from "react-i18next";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/select";

/** The fields every accounting form asks (period, reason, statutory notice), for the download and the send alike. */
export function AccountingPeriodFields({
  idPrefix,
  from,
  to,
  jurisdiction,
  toError,
}: {
  idPrefix: string;
  from: string;
  to: string;
  jurisdiction: string;
  toError?: { id: string; message: string };
}) {
  const { t } = useTranslation("finance");
  return (
    <>
      <div className="grid gap-1.5">
        <Label htmlFor={`${idPrefix}-from`}>{t("accounting.from")}</Label>
        <Input id={`${idPrefix}-from`} name="from" type="date" defaultValue={from} required />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${idPrefix}-to`}>{t("accounting.to")}</Label>
        <Input id={`${idPrefix}-to`} name="to" type="date" defaultValue={to} required aria-describedby={toError?.id} />
        {toError ? (
          <span id={toError.id} className="text-sm text-destructive">
            {toError.message}
          </span>
        ) : null}
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${idPrefix}-reason`}>{t("accounting.reason")}</Label>
        <NativeSelect className="w-full min-w-0" id={`${idPrefix}-reason`} name="reason" defaultValue="annual">
          {(["annual", "trustee_change", "termination"] as const).map((r) => (
            <option key={r} value={r}>
              {t(`accounting.reasons.${r}`)}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${idPrefix}-jurisdiction`}>{t("accounting.jurisdiction")}</Label>
        <NativeSelect className="w-full min-w-0" id={`${idPrefix}-jurisdiction`} name="jurisdiction" defaultValue={jurisdiction}>
          {(["CA", "FL", "TX", "none"] as const).map((j) => (
            <option key={j} value={j}>
              {t(`accounting.jurisdictions.${j}`)}
            </option>
          ))}
        </NativeSelect>
      </div>
    </>
  );
}
