import { useTranslation } from "react-i18next";
import type { PublicUser } from "~/modules/auth/public-user";

/** The signed-in home. Cards, stats and the documents carousel come with the shell and documents issues. */
export function Dashboard({ user, trialEndsAt }: { user: PublicUser; trialEndsAt: string | null }) {
  const { t, i18n } = useTranslation();
  const { t: tAuth } = useTranslation("auth");
  return (
    <section aria-labelledby="welcome-heading">
      <h1 id="welcome-heading" className="m-0 text-2xl">
        {user.firstName ? t("dashboard.greeting", { name: user.firstName }) : t("dashboard.greetingDefault")}
      </h1>
      {user.workspace ? (
        <p className="text-muted-foreground">
          {t("dashboard.workspace", { workspace: user.workspace.name, role: tAuth(`roles.${user.workspace.role}`) })}
          {trialEndsAt
            ? ` ${t("dashboard.trialEnds", {
                date: new Intl.DateTimeFormat(i18n.language, { dateStyle: "long", timeZone: "UTC" }).format(new Date(trialEndsAt)),
              })}`
            : null}
        </p>
      ) : null}
    </section>
  );
}
