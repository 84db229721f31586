import { useRevalidator } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Banner } from "~/components/ui/banner";
import { Button } from "~/components/ui/button";
import type { FactorOverview } from "../factors.server";
import { factorCommand } from "./factors-client";
import { PasskeysPanel } from "./passkeys-panel";
import { RecoveryCodes } from "./recovery-codes";
import { ReverifyForm } from "./reverify-form";
import { TotpPanel } from "./totp-panel";

export interface SecuritySectionData {
  overview: FactorOverview;
  /** The current workspace requires a second factor this person has not set up yet. */
  setupFor: string | null;
}

/** /profile's second factors: the authenticator app, passkeys and recovery codes (ADR 0036). */
export function SecuritySection({ overview, setupFor }: SecuritySectionData) {
  const { t } = useTranslation("security");
  const revalidator = useRevalidator();
  const [notice, setNotice] = useState<string | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [renewing, setRenewing] = useState(false);
  const hasFactor = Boolean(overview.totp) || overview.passkeys.length > 0;

  const changed = (message: string, recoveryCodes?: string[] | null) => {
    setNotice(message);
    if (recoveryCodes?.length) setCodes(recoveryCodes);
    // The page's data (and, once the first factor is there, the workspace) is read again.
    revalidator.revalidate();
  };

  return (
    <div className="grid gap-5">
      <p className="m-0 text-sm text-muted-foreground">{t("intro")}</p>
      {setupFor ? <Banner kind="error">{t("requiredBy", { workspace: setupFor })}</Banner> : null}
      {notice ? <Banner kind="success">{notice}</Banner> : null}
      {codes ? <RecoveryCodes codes={codes} onDone={() => setCodes(null)} /> : null}
      <div className="grid gap-2">
        <h3 className="m-0 text-base">{t("totp.title")}</h3>
        <TotpPanel confirmedAt={overview.totp?.confirmedAt ?? null} onChanged={changed} />
      </div>
      <div className="grid gap-2">
        <h3 className="m-0 text-base">{t("passkeys.title")}</h3>
        <p className="m-0 text-sm text-muted-foreground">{t("passkeys.intro")}</p>
        <PasskeysPanel passkeys={overview.passkeys} hasTotp={Boolean(overview.totp)} onChanged={changed} />
      </div>
      {hasFactor ? (
        <div className="grid gap-2">
          <h3 className="m-0 text-base">{t("recovery.title")}</h3>
          <p className="m-0 text-sm" data-testid="recovery-left">
            {t("recovery.left", { count: overview.recoveryCodesLeft })}
          </p>
          {overview.recoveryCodesStale ? (
            <p className="m-0 text-sm font-medium" data-testid="recovery-stale">
              {t("recovery.stale")}
            </p>
          ) : null}
          {renewing ? (
            <ReverifyForm
              needsCode={Boolean(overview.totp)}
              intro={t("recovery.renewIntro")}
              submitLabel={t("recovery.renew")}
              onCancel={() => setRenewing(false)}
              onSubmit={async (values) => {
                const answer = await factorCommand<{ recoveryCodes: string[] }>("recovery-codes", values, t("failed"));
                if (!answer.ok) return answer;
                setRenewing(false);
                changed(t("recovery.renewed"), answer.data.recoveryCodes);
                return null;
              }}
            />
          ) : (
            <Button type="button" variant="outline" size="sm" className="justify-self-start" onClick={() => setRenewing(true)}>
              {t("recovery.renew")}
            </Button>
          )}
        </div>
      ) : null}
    </div>
  );
}
