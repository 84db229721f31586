import { Bell } from "lucide-react";
import { Link } from "@remix-run/react";
import { useCallback, useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { Popover, PopoverContent, PopoverTrigger } from "~/components/ui/popover";
import { RelativeTime } from "~/modules/preferences/components/relative-time";
import { useOptionalRealtime } from "~/modules/realtime/realtime-provider";
import { NotificationText, type NotificationItem } from "./notification-text";

/**
 * The header's bell: the unread count, kept live by the realtime connection; opening it shows the
 * latest notifications and the connection's state, and marks nothing read until asked.
 */
export function NotificationCenter() {
  const { t } = useTranslation();
  const titleId = useId();
  const realtime = useOptionalRealtime();
  const unread = realtime?.unread ?? 0;
  // The stable parts only: depending on the whole value would reload the list at every count change.
  const setUnread = realtime?.setUnread;
  const listen = realtime?.listen;
  const [open, setOpen] = useState(false);
  const [items, setItems] = useState<NotificationItem[] | null>(null);

  const load = useCallback(async () => {
    try {
      const response = await fetch("/api/notifications", { headers: { Accept: "application/json" } });
      if (!response.ok) return setItems([]);
      const body = (await response.json()) as { items: NotificationItem[]; unread: number };
      setItems(body.items.slice(0, 6));
      setUnread?.(body.unread);
    } catch {
      setItems([]);
    }
  }, [setUnread]);

  useEffect(() => {
    if (open) void load();
  }, [open, load]);

  // Something new while the list is open: show it.
  useEffect(() => {
    if (!open || !listen) return;
    return listen((message) => {
      if ("notificationId" in message || message.type === "pending_notifications") void load();
    });
  }, [open, listen, load]);

  const markAll = async () => {
    const response = await fetch("/api/notifications", {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ read: true }),
    });
    if (response.ok) {
      setUnread?.(0);
      setItems((list) => list?.map((n) => ({ ...n, read: true })) ?? null);
    }
  };

  // The button keeps the spec's name ("Open notification center"); the unread count is its description.
  const countId = useId();
  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          aria-label={t("a11y.openNotifications")}
          aria-describedby={unread > 0 ? countId : undefined}
          data-tour="notification-center"
          data-testid="notifications-button"
          data-realtime={realtime?.status}
          className="relative"
        >
          <Bell aria-hidden="true" className="h-5 w-5" />
          {unread > 0 ? (
            <span id={countId} className="sr-only">
              {t("notifications.openWithUnread", { count: unread })}
            </span>
          ) : null}
          {unread > 0 ? (
            <span
              aria-hidden="true"
              data-testid="unread-count"
              className="absolute -end-1 -top-1 min-w-4 rounded-full bg-destructive px-1 text-center text-[10px] font-bold leading-4 text-destructive-foreground"
            >
              {unread > 99 ? "99+" : unread}
            </span>
          ) : null}
        </Button>
      </PopoverTrigger>
      <PopoverContent aria-labelledby={titleId} className="grid w-80 gap-3">
        <div className="flex items-center justify-between gap-2">
          <h2 id={titleId} className="m-0 text-base font-semibold">
            {t("notifications.title")}
          </h2>
          {realtime ? (
            <span className="text-xs text-muted-foreground" data-testid="realtime-status" data-status={realtime.status}>
              {t(`realtime.status.${realtime.status}`)}
            </span>
          ) : null}
        </div>
        {items === null ? (
          <p className="m-0 text-sm text-muted-foreground">{t("notifications.loading")}</p>
        ) : items.length === 0 ? (
          <p className="m-0 text-sm text-muted-foreground" data-testid="notifications-empty">
            {t("notifications.empty")}
          </p>
        ) : (
          <ul className="m-0 grid list-none gap-2 p-0" data-testid="notifications-latest">
            {items.map((item) => (
              <li key={item.id} className={`grid gap-0.5 text-sm ${item.read ? "text-muted-foreground" : ""}`}>
                <NotificationText item={item} />
                <RelativeTime value={item.createdAt} className="text-xs text-muted-foreground" />
              </li>
            ))}
          </ul>
        )}
        <div className="flex items-center justify-between gap-2">
          <Link to="/notifications" className="text-sm" onClick={() => setOpen(false)}>
            {t("notifications.viewAll")}
          </Link>
          {unread > 0 ? (
            <Button variant="ghost" size="sm" onClick={markAll}>
              {t("notifications.markAllRead")}
            </Button>
          ) : null}
        </div>
      </PopoverContent>
    </Popover>
  );
}
