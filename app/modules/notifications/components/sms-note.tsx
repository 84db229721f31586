import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";

/** Where texts go, and, when the profile has no usable mobile number, that nothing can be texted until one is added. */
export function SmsNote({ id, hasPhone, marker = false }: { id: string; hasPhone: boolean; marker?: boolean }) {
  const { t } = useTranslation("notifications");
  return (
    <p
      id={id}
      className={`m-0 text-sm ${hasPhone ? "text-muted-foreground" : "rounded-md bg-warning-soft p-2 text-warning-soft-foreground"}`}
      data-testid="sms-note"
    >
      {marker ? "* " : null}
      {hasPhone ? t("prefs.smsNote") : t("prefs.smsNoPhone")} <Link to="/profile">{t("prefs.smsProfileLink")}</Link>
    </p>
  );
}
