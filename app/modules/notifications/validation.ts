import { z } from "zod";
import { NOTIFICATION_CHANNELS } from "./schema";
import { unknownVariant } from "~/platform/union-error";

type Translate = (key: string) => string;

export const MAX_LEAD_DAYS = 365;
export const MAX_LEAD_TIMES = 6;

/** Lead times as a person types them ("30, 7, 1"): whole days, 0–365, no repeats, largest first. */
export function parseLeadDays(raw: string): number[] | null {
  const parts = raw
    .split(/[\s,;]+/)
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length === 0 || parts.length > MAX_LEAD_TIMES) return null;
  const days = parts.map(Number);
  if (days.some((d) => !Number.isInteger(d) || d < 0 || d > MAX_LEAD_DAYS)) return null;
  return [...new Set(days)].sort((a, b) => b - a);
}

/**
 * The compliance reminders form (/compliance-notifications), read by Conform in the browser (on blur) and on the
 * server: lead times as typed ("30, 7, 1"), and the channels and the overdue repeat as checkboxes (absent: off).
 * `leadDaysInvalid` is the sentence for lead times that cannot be read.
 */
export const complianceRemindersSchema = (leadDaysInvalid: string) =>
  z.object({
    leadDays: z.string({ required_error: leadDaysInvalid }).transform((raw, ctx) => {
      const days = parseLeadDays(raw.slice(0, 200));
      if (!days) {
        ctx.addIssue({ code: "custom", message: leadDaysInvalid });
        return z.NEVER;
      }
      return days;
    }),
    inApp: z.boolean().default(false),
    email: z.boolean().default(false),
    sms: z.boolean().default(false),
    overdueDaily: z.boolean().default(false),
  });
export type ComplianceRemindersInput = z.infer<ReturnType<typeof complianceRemindersSchema>>;

/** One event type's channels as PUT /api/notifications/preferences takes them (each optional: absent keeps the stored choice). */
export const preferenceChannelsSchema = z
  .object(
    Object.fromEntries(NOTIFICATION_CHANNELS.map((c) => [c, z.boolean().optional()])) as Record<
      (typeof NOTIFICATION_CHANNELS)[number],
      z.ZodOptional<z.ZodBoolean>
    >,
  )
  .strict();

/** The API's preferences matrix over the given event types. */
export const preferenceMatrixSchema = (types: readonly string[]) =>
  z.object({ preferences: z.object(Object.fromEntries(types.map((type) => [type, preferenceChannelsSchema.optional()]))).strict() }).strict();

/**
 * The notifications page's forms, told apart by `intent`: mark one read (`id`), mark all read, and the preferences
 * (a checkbox per type and deliverable channel, named `type.channel`, with the API's channels; an unticked box is absent).
 */
export const notificationsFormSchema = (types: readonly string[], t: Translate) =>
  z.discriminatedUnion(
    "intent",
    [
      z.object({
        intent: z.literal("read"),
        id: z
          .string()
          .default("")
          .transform((id) => id.slice(0, 64)),
      }),
      z.object({ intent: z.literal("read-all") }),
      z.object({ intent: z.literal("preferences"), ...Object.fromEntries(types.map((type) => [type, preferenceChannelsSchema.default({})])) }),
    ],
    { errorMap: unknownVariant(t("errors.unknownAction")) },
  );
