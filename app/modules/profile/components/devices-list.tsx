import { useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { IntentForm } from "~/components/intent-form";
import { Button } from "~/components/ui/button";
import type { SignedInDevice } from "~/modules/auth/devices/devices.server";
import { RelativeTime } from "~/modules/preferences/components/relative-time";
import { profileCommandSchema } from "../validation";

/**
 * Where the person is signed in: each device as "Firefox on Windows", where it signed in from (the country, when
 * known) and when it was last used, with "Sign out" for each other device and for all of them at once.
 */
export function DevicesList({ sessions }: { sessions: SignedInDevice[] }) {
  const { t, i18n } = useTranslation("profile");
  const { t: tAuth } = useTranslation("auth");
  const busy = useNavigation().formData;
  const country = (code: string) => new Intl.DisplayNames([i18n.language], { type: "region" }).of(code) ?? code;
  const deviceName = (s: SignedInDevice) =>
    s.browser && s.system ? t("sessions.browserOn", { browser: s.browser, system: s.system }) : (s.browser ?? s.system ?? t("sessions.unknownDevice"));
  return (
    <>
      <ul className="m-0 grid list-none gap-2 p-0" data-testid="session-list">
        {sessions.map((s) => (
          <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-solid border-border p-3 text-sm">
            <span className="grid">
              <span className="font-medium">
                {deviceName(s)}
                {s.current ? <span className="ms-2 rounded-full bg-muted px-2 py-0.5 text-xs">{t("sessions.current")}</span> : null}
              </span>
              <span className="text-muted-foreground">
                {s.country ? `${t("sessions.country", { country: country(s.country) })} · ` : null}
                {t("sessions.lastActive")} <RelativeTime value={s.lastSeenAt} />
              </span>
            </span>
            {s.current ? null : (
              <IntentForm id={`sign-out-${s.id}`} intent="sign-out-device" schema={profileCommandSchema(tAuth)} values={{ sessionId: s.id }}>
                <Button
                  type="submit"
                  size="sm"
                  variant="outline"
                  disabled={busy?.get("sessionId") === s.id}
                  aria-label={t("sessions.signOutFor", { device: deviceName(s) })}
                >
                  {t("sessions.signOut")}
                </Button>
              </IntentForm>
            )}
          </li>
        ))}
      </ul>
      {sessions.length > 1 ? (
        <IntentForm id="profile-sign-out-others" intent="sign-out-others" schema={profileCommandSchema(tAuth)}>
          <Button type="submit" variant="destructive" disabled={busy?.get("intent") === "sign-out-others"}>
            {t("sessions.signOutOthers")}
          </Button>
        </IntentForm>
      ) : (
        <p className="m-0 text-sm">{t("sessions.onlyThis")}</p>
      )}
    </>
  );
}
