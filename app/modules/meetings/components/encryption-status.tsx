import { Lock, LockOpen } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { MeetingState } from "../client/session";

/**
 * Whether this meeting is end-to-end encrypted, in plain words, and the safety code to compare aloud; when it is not,
 * why (whose browser cannot), so the host can decide what to say in it.
 */
export function EncryptionStatus({ state }: { state: MeetingState }) {
  const { t } = useTranslation("meetings");
  const encrypted = state.canEncrypt && state.e2ee.everyoneSupports;
  // Claimed only once frames are really arriving decrypted, never on the key's arrival alone.
  const working = encrypted && state.safetyCode !== null && state.frames.decrypted > 0;
  return (
    <section
      aria-label={t("e2ee.label")}
      className="grid gap-1 rounded-md border border-solid border-border bg-card p-3 text-sm"
      data-testid="e2ee-status"
      data-encrypted={working ? "yes" : "no"}
    >
      <p className="m-0 flex items-center gap-2 font-medium">
        {encrypted ? <Lock aria-hidden="true" className="h-4 w-4" /> : <LockOpen aria-hidden="true" className="h-4 w-4" />}
        {!encrypted ? t("e2ee.off") : working ? t("e2ee.on") : t("e2ee.waitingForKey")}
      </p>
      {!state.canEncrypt ? <p className="m-0">{t("e2ee.thisBrowser")}</p> : null}
      {state.canEncrypt && !state.e2ee.everyoneSupports ? (
        <p className="m-0" data-testid="e2ee-unsupported">
          {t("e2ee.others", { names: state.e2ee.unsupported.join(", "), count: state.e2ee.unsupported.length })}
        </p>
      ) : null}
      {working ? (
        <p className="m-0">
          {t("e2ee.safetyCode")}{" "}
          <strong className="font-mono text-base tracking-wider" data-testid="safety-code">
            {state.safetyCode}
          </strong>
        </p>
      ) : null}
      {encrypted && !working && state.frames.undecryptable > 0 ? (
        <p className="m-0 text-muted-foreground" data-testid="frames-undecryptable">
          {t("e2ee.undecryptable", { frames: state.frames.undecryptable })}
        </p>
      ) : null}
      {working ? (
        <p className="m-0 text-muted-foreground" data-testid="frame-counts">
          {t("e2ee.frames", { encrypted: state.frames.encrypted, decrypted: state.frames.decrypted })}
        </p>
      ) : null}
    </section>
  );
}
