import { NOTIFICATION_KINDS } from "~/modules/registry";
import type { NotificationChannel, NotificationType } from "./schema";

/**
 * What a person gets when they have not chosen, as each module declares it: everything in the app; e-mail
 * only for what needs them to act or tells them an outcome. Nothing by SMS until they choose it.
 */
const OFF = { in_app: false, email: false, sms: false } as const;

/** Channels a person can turn on: SMS goes to the phone on their profile through the SMS adapter. */
export const AVAILABLE_CHANNELS: NotificationChannel[] = ["in_app", "email", "sms"];

export const DEFAULT_COMPLIANCE_REMINDERS = { leadDays: [30, 7, 1], inApp: true, email: true, sms: false, overdueDaily: true };
export { MAX_LEAD_DAYS, MAX_LEAD_TIMES, parseLeadDays } from "./validation";

/** The effective choice for each recipient: stored rows override the defaults. */
export function resolvePreference(
  type: NotificationType,
  channel: NotificationChannel,
  stored: { type: string; channel: string; enabled: boolean }[],
): boolean {
  const row = stored.find((r) => r.type === type && r.channel === channel);
  return row ? row.enabled : (NOTIFICATION_KINDS[type]?.defaults ?? OFF)[channel];
}
