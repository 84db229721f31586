import { useRevalidator } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Banner } from "~/components/ui/banner";
import { Switch } from "~/components/ui/switch";
import { apiFetch, refusalSentence } from "~/platform/api-fetch";

interface Sharing {
  beneficiariesSeeTotals: boolean;
  /** `counts` is false for someone whose role takes no grant (a grant left from before they changed role): it can only be switched off. */
  people: { userId: string; name: string; role: string; granted: boolean; counts: boolean }[];
}

/**
 * Who sees banking beyond their role: the owner's switch for the beneficiaries' account totals (each
 * beneficiary always sees her own sub-ledger), and read access for family members and viewers.
 */
export function SharingPanel({ sharing, isOwner }: { sharing: Sharing; isOwner: boolean }) {
  const { t } = useTranslation("banking");
  const revalidator = useRevalidator();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function send(path: string, method: "PUT" | "DELETE", body?: unknown) {
    setBusy(true);
    setError(null);
    try {
      await apiFetch(path, { method, ...(body === undefined ? {} : { body }) });
      revalidator.revalidate();
    } catch (e) {
      setError(refusalSentence(e, t("transactions.saveFailed")));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="grid gap-3 rounded-lg border border-solid border-border bg-card p-4" aria-labelledby="banking-sharing-title">
      <h2 id="banking-sharing-title" className="m-0 text-lg">
        {t("sharing.title")}
      </h2>
      {error ? <Banner kind="error">{error}</Banner> : null}
      <div className="flex items-start gap-3">
        <Switch
          id="beneficiaries-see-totals"
          checked={sharing.beneficiariesSeeTotals}
          disabled={!isOwner || busy}
          onCheckedChange={(value) => void send("/api/banking/sharing", "PUT", { beneficiariesSeeTotals: value })}
          aria-describedby="beneficiaries-see-totals-help"
        />
        <div className="grid gap-1">
          <label htmlFor="beneficiaries-see-totals" className="text-sm font-medium">
            {t("sharing.totals")}
          </label>
          <p id="beneficiaries-see-totals-help" className="m-0 text-xs text-muted-foreground">
            {t(isOwner ? "sharing.totalsHelp" : "sharing.totalsOwnerOnly")}
          </p>
        </div>
      </div>
      <div className="grid gap-2">
        <p className="m-0 text-sm font-medium">{t("sharing.grants")}</p>
        {sharing.people.length === 0 ? (
          <p className="m-0 text-sm text-muted-foreground">{t("sharing.nobody")}</p>
        ) : (
          <ul className="m-0 grid list-none gap-2 p-0">
            {sharing.people.map((p) => (
              <li key={p.userId} className="flex flex-wrap items-center gap-3">
                <Switch
                  id={`grant-${p.userId}`}
                  checked={p.granted}
                  disabled={busy || (!p.counts && !p.granted)}
                  onCheckedChange={(value) => void send(`/api/banking/grants/${p.userId}`, value ? "PUT" : "DELETE")}
                />
                <label htmlFor={`grant-${p.userId}`} className="text-sm">
                  {p.counts ? t("sharing.grantLabel", { name: p.name, role: t(`sharing.role.${p.role}`) }) : t("sharing.grantStale", { name: p.name })}
                </label>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
