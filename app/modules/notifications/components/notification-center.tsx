import { Link } from "@remix-run/react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { Popover, PopoverContent, PopoverTrigger } from "~/components/ui/popover";

/**
 * The header's bell. Live notifications (votes, polls, deadline reminders) arrive with the realtime
 * feature; until then the centre says honestly that there is nothing to show.
 */
export function NotificationCenter() {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Popover>
      <PopoverTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={t("a11y.openNotifications")} data-tour="notification-center" data-testid="notifications-button">
          <span aria-hidden="true" className="text-lg leading-none">
            🔔
          </span>
        </Button>
      </PopoverTrigger>
      <PopoverContent aria-labelledby={titleId} className="grid gap-3">
        <h2 id={titleId} className="m-0 text-base font-semibold">
          {t("notifications.title")}
        </h2>
        <p className="m-0 text-sm text-muted-foreground" data-testid="notifications-empty">
          {t("notifications.empty")}
        </p>
        <Link to="/notifications" className="text-sm">
          {t("notifications.viewAll")}
        </Link>
      </PopoverContent>
    </Popover>
  );
}
