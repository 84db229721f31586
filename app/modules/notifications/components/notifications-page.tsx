import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form, Link, useNavigation } from "@remix-run/react";
import { useEffect, useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import { SmsNote } from "./sms-note";
import { IntentForm } from "~/components/intent-form";
import { Banner } from "~/components/ui/banner";
import { Button } from "~/components/ui/button";
import { NativeSelect } from "~/components/ui/select";
import { useAnnouncer } from "~/modules/a11y/announcer";
import { RelativeTime } from "~/modules/preferences/components/relative-time";
import { useOptionalRealtime } from "~/modules/realtime/realtime-provider";
import { useRefreshOn } from "~/modules/realtime/use-live-refresh";
import { NOTIFICATION_TYPES, notificationTypeLabel } from "~/modules/registry";
import { NOTIFICATION_CHANNELS, type NotificationChannel, type NotificationType } from "../schema";
import { notificationsFormSchema } from "../validation";
import { NotificationText, type NotificationItem } from "./notification-text";

export interface NotificationsActionData {
  intent: string;
  notice: string | null;
  error: string | null;
  /** Conform's reply, when the submission could not be read. */
  result?: SubmissionResult<string[]>;
}

export interface NotificationsQuery {
  type: NotificationType | null;
  unreadOnly: boolean;
  before: string | null;
}

interface Props {
  query: NotificationsQuery;
  items: NotificationItem[];
  unread: number;
  hasMore: boolean;
  preferences: Record<NotificationType, Record<NotificationChannel, boolean>>;
  availableChannels: NotificationChannel[];
  /** Whether the person's profile has a mobile number texts can go to. */
  hasPhone: boolean;
  actionData: NotificationsActionData | null;
}

/** The query string of a list view; empty values are left out so links stay short. */
function listHref(query: Partial<NotificationsQuery>) {
  const params = new URLSearchParams();
  if (query.type) params.set("type", query.type);
  if (query.unreadOnly) params.set("unread", "1");
  if (query.before) params.set("before", query.before);
  const search = params.toString();
  return search ? `/notifications?${search}` : "/notifications";
}

/** /notifications: the notification centre in full, then where each kind of event should reach the person. */
export function NotificationsPage({ query, items, unread, hasMore, preferences, availableChannels, hasPhone, actionData }: Props) {
  const { t } = useTranslation("notifications");
  const realtime = useOptionalRealtime();
  const announcer = useAnnouncer();
  const listHeading = useRef<HTMLHeadingElement>(null);
  const filtered = query.type !== null || query.unreadOnly;

  // The server's count is the truth: the header badge follows it after every load and every action.
  const setUnread = realtime?.setUnread;
  useEffect(() => setUnread?.(unread), [setUnread, unread]);

  // Something new arrived while the page is open: load the list again (the toast has already told them).
  useRefreshOn((message) => "notificationId" in message || message.type === "pending_notifications");

  // Say what an action did; after marking read the button pressed is gone, so focus goes to the list's heading.
  useEffect(() => {
    if (!actionData) return;
    if (actionData.error) announcer.announceError(actionData.error);
    else if (actionData.notice) announcer.announceSuccess(actionData.notice);
    if (actionData.intent === "read" || actionData.intent === "read-all") listHeading.current?.focus();
  }, [actionData]); // eslint-disable-line react-hooks/exhaustive-deps -- once per action result; the announcer changes with the language and must not repeat it

  const listNotice = actionData && actionData.intent !== "preferences" ? actionData : null;
  const olderHref = hasMore && items.length ? listHref({ ...query, before: items[items.length - 1].createdAt }) : null;

  return (
    <div className="grid gap-6">
      <header className="grid gap-1">
        <h1 className="m-0 text-2xl">{t("page.title")}</h1>
        <p className="m-0 text-sm text-muted-foreground">{t("page.intro")}</p>
        <p className="m-0 text-sm">
          <a href="#preferences">{t("prefs.jump")}</a> · <Link to="/compliance-notifications">{t("compliance.link")}</Link>
        </p>
      </header>

      <section aria-labelledby="notifications-list-heading" className="grid content-start gap-4 rounded-lg border border-solid border-border bg-card p-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="notifications-list-heading" ref={listHeading} tabIndex={-1} className="m-0 text-lg outline-none">
            {t("list.heading")}
          </h2>
          <div className="flex flex-wrap items-center gap-3">
            <span className="text-sm" data-testid="notifications-unread-total">
              {t("list.unreadCount", { count: unread })}
            </span>
            {unread > 0 ? (
              <IntentForm
                id="notifications-read-all"
                intent="read-all"
                schema={notificationsFormSchema(NOTIFICATION_TYPES, t)}
                lastResult={actionData?.intent === "read-all" ? actionData.result : undefined}
              >
                <Button type="submit" size="sm" variant="outline">
                  {t("list.markAllRead")}
                </Button>
              </IntentForm>
            ) : null}
          </div>
        </div>

        {listNotice?.notice ? <Banner kind="success">{listNotice.notice}</Banner> : null}
        {listNotice?.error ? <Banner kind="error">{listNotice.error}</Banner> : null}

        <FilterForm query={query} />

        {items.length === 0 ? (
          <p className="m-0 text-sm text-muted-foreground" data-testid="notifications-page-empty">
            {filtered || query.before ? t("list.emptyFiltered") : t("list.empty")}{" "}
            {filtered || query.before ? <Link to="/notifications">{t("filter.clear")}</Link> : null}
          </p>
        ) : (
          <ul aria-labelledby="notifications-list-heading" className="m-0 grid list-none gap-2 p-0" data-testid="notifications-list">
            {items.map((item) => (
              <NotificationRow key={item.id} item={item} />
            ))}
          </ul>
        )}

        {olderHref || query.before ? (
          <nav aria-label={t("list.pagingLabel")} className="flex flex-wrap gap-3 text-sm">
            {query.before ? <Link to={listHref({ ...query, before: null })}>{t("list.backToNewest")}</Link> : null}
            {olderHref ? (
              <Link to={olderHref} className="font-medium">
                {t("list.loadOlder")}
              </Link>
            ) : null}
          </nav>
        ) : null}
      </section>

      <PreferencesForm
        preferences={preferences}
        availableChannels={availableChannels}
        hasPhone={hasPhone}
        actionData={actionData?.intent === "preferences" ? actionData : null}
      />
    </div>
  );
}

/** A GET form, so a filtered list has its own address and works without JavaScript; it applies on the button, not on change. */
function FilterForm({ query }: { query: NotificationsQuery }) {
  const { t } = useTranslation("notifications");
  const typeId = useId();
  const unreadId = useId();
  return (
    <Form method="get" action="/notifications" className="flex flex-wrap items-end gap-3" aria-label={t("filter.label")} role="search">
      <div className="grid gap-1">
        <label htmlFor={typeId} className="text-sm font-medium">
          {t("filter.type")}
        </label>
        <NativeSelect id={typeId} name="type" defaultValue={query.type ?? ""} key={query.type ?? ""}>
          <option value="">{t("filter.allTypes")}</option>
          {NOTIFICATION_TYPES.map((type) => (
            <option key={type} value={type}>
              {notificationTypeLabel(type, t)}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="flex h-10 items-center gap-2">
        <input id={unreadId} type="checkbox" name="unread" value="1" defaultChecked={query.unreadOnly} key={String(query.unreadOnly)} className="h-5 w-5" />
        <label htmlFor={unreadId} className="text-sm">
          {t("filter.unreadOnly")}
        </label>
      </div>
      <Button type="submit" variant="secondary">
        {t("filter.apply")}
      </Button>
    </Form>
  );
}

/** One notification: read or unread in words (a badge and weight, not colour alone), with its own "mark as read". */
function NotificationRow({ item }: { item: NotificationItem }) {
  const { t } = useTranslation("notifications");
  const textId = useId();
  const busy = useNavigation().formData?.get("id") === item.id;
  return (
    <li
      data-testid="notification-item"
      data-read={item.read ? "true" : "false"}
      className={`flex flex-wrap items-start gap-3 rounded-md border border-solid p-3 text-sm ${item.read ? "border-border bg-background" : "border-primary border-s-4 bg-card"}`}
    >
      <span
        data-testid="notification-state"
        className={`shrink-0 rounded-full px-2 py-0.5 text-xs ${item.read ? "border border-solid border-border text-muted-foreground" : "bg-primary font-semibold text-primary-foreground"}`}
      >
        {item.read ? t("item.read") : t("item.unread")}
      </span>
      <div className="grid min-w-0 flex-1 gap-0.5 break-words">
        <span id={textId}>
          <NotificationText item={item} />
        </span>
        <span className="text-xs text-muted-foreground">
          {t(`type.${item.type}`)} · <RelativeTime value={item.createdAt} />
        </span>
      </div>
      {!item.read ? (
        <IntentForm
          id={`notification-read-${item.id}`}
          intent="read"
          values={{ id: item.id }}
          schema={notificationsFormSchema(NOTIFICATION_TYPES, t)}
          className="shrink-0"
        >
          <Button type="submit" size="sm" variant="outline" aria-describedby={textId} disabled={busy}>
            {t("item.markRead")}
          </Button>
        </IntentForm>
      ) : null}
    </li>
  );
}

/** Event types × channels as a table of checkboxes; texts go to the phone on the person's profile. */
function PreferencesForm({
  preferences,
  availableChannels,
  hasPhone,
  actionData,
}: {
  preferences: Props["preferences"];
  availableChannels: NotificationChannel[];
  hasPhone: boolean;
  actionData: NotificationsActionData | null;
}) {
  const { t } = useTranslation("notifications");
  const smsNoteId = useId();
  const saving = useNavigation().formData?.get("intent") === "preferences";
  const [form] = useForm({
    id: "notification-preferences",
    lastResult: actionData?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: notificationsFormSchema(NOTIFICATION_TYPES, t) }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <section
      id="preferences"
      aria-labelledby="preferences-heading"
      className="grid content-start gap-3 rounded-lg border border-solid border-border bg-card p-4"
    >
      <h2 id="preferences-heading" className="m-0 text-lg">
        {t("prefs.heading")}
      </h2>
      <p className="m-0 text-sm text-muted-foreground">{t("prefs.intro")}</p>
      {actionData?.notice ? <Banner kind="success">{actionData.notice}</Banner> : null}
      {actionData?.error ? <Banner kind="error">{actionData.error}</Banner> : null}
      {/* Keyed by the saved matrix so the boxes show what was stored after a save. */}
      <Form method="post" {...getFormProps(form)} key={JSON.stringify(preferences)} className="grid gap-3">
        <input type="hidden" name="intent" value="preferences" />
        <div className="overflow-x-auto">
          <table className="w-full border-collapse text-sm" data-testid="preferences-table">
            <caption className="sr-only">{t("prefs.caption")}</caption>
            <thead>
              <tr>
                <th scope="col" className="border-b border-solid border-border p-2 text-start">
                  {t("prefs.event")}
                </th>
                {NOTIFICATION_CHANNELS.map((channel) => (
                  <th key={channel} scope="col" className="border-b border-solid border-border p-2 text-center">
                    {t(`prefs.channel.${channel}`)}
                    {channel === "sms" ? <span aria-hidden="true"> *</span> : null}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {NOTIFICATION_TYPES.map((type) => (
                <tr key={type}>
                  <th scope="row" className="border-b border-solid border-border p-2 text-start font-normal">
                    {notificationTypeLabel(type, t)}
                  </th>
                  {NOTIFICATION_CHANNELS.map((channel) => {
                    const available = availableChannels.includes(channel);
                    return (
                      <td key={channel} className="border-b border-solid border-border p-2 text-center">
                        <input
                          type="checkbox"
                          name={`${type}.${channel}`}
                          defaultChecked={available && preferences[type][channel]}
                          disabled={!available}
                          aria-label={t("prefs.cellLabel", { event: notificationTypeLabel(type, t), channel: t(`prefs.channel.${channel}`) })}
                          aria-describedby={channel === "sms" ? smsNoteId : undefined}
                          className="h-5 w-5 cursor-pointer disabled:cursor-not-allowed"
                        />
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <SmsNote id={smsNoteId} hasPhone={hasPhone} marker />
        <div>
          <Button type="submit" disabled={saving}>
            {saving ? t("prefs.saving") : t("prefs.save")}
          </Button>
        </div>
      </Form>
    </section>
  );
}
