import { z } from "zod";
import { LANGUAGES } from "~/modules/preferences/languages";
import { isTimeZone } from "~/modules/profile/quiet-hours";
import { SCHEDULED_TARGETS } from "./schema";
import { TEMPLATE_LIMITS, TONES } from "./templates";

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** How far ahead a message can be scheduled. */
export const SCHEDULE_AHEAD_MAX_MS = 366 * 86_400_000;

const name = (t: Translate) =>
  z
    .string({ required_error: t("errors.nameMissing"), invalid_type_error: t("errors.nameMissing") })
    .trim()
    .min(1, t("errors.nameMissing"))
    .max(TEMPLATE_LIMITS.nameMax, t("errors.nameLong", { max: TEMPLATE_LIMITS.nameMax }));

const body = (t: Translate) =>
  z
    .string({ required_error: t("errors.bodyMissing"), invalid_type_error: t("errors.bodyMissing") })
    .trim()
    .min(1, t("errors.bodyMissing"))
    .max(TEMPLATE_LIMITS.bodyMax, t("errors.bodyLong", { max: TEMPLATE_LIMITS.bodyMax }));

const subject = (t: Translate) =>
  z
    .string({ invalid_type_error: t("errors.subjectMissing") })
    .trim()
    .max(TEMPLATE_LIMITS.subjectMax, t("errors.subjectLong", { max: TEMPLATE_LIMITS.subjectMax }))
    .nullish()
    .transform((v) => v || null);

/** POST /api/communication/templates and PUT …/{id}: `{ name, body }`. */
export const templateSchema = (t: Translate) => z.object({ name: name(t), body: body(t) });

/** POST /api/communication/templates/preview: `{ body, recipientId? }`, filled with the workspace's values of now. */
export const previewSchema = (t: Translate) => z.object({ body: body(t), recipientId: z.string().trim().min(1).max(64).optional().nullable() });

const sendAt = (t: Translate, now: number) =>
  z
    .string({ required_error: t("errors.sendAtInvalid"), invalid_type_error: t("errors.sendAtInvalid") })
    .datetime({ offset: true, message: t("errors.sendAtInvalid") })
    .transform((v) => new Date(v))
    .refine((d) => d.getTime() > now, t("errors.sendAtPast"))
    .refine((d) => d.getTime() <= now + SCHEDULE_AHEAD_MAX_MS, t("errors.sendAtFar"));

/** The recipient's-local-time option: a wall-clock date and time ("2026-12-01T09:00"), read in their zone on saving. */
const localTime = (t: Translate) =>
  z
    .string({ invalid_type_error: t("errors.localTimeInvalid") })
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, t("errors.localTimeInvalid"))
    .nullish()
    .transform((v) => v || null);

const urgent = (t: Translate) => z.boolean({ invalid_type_error: t("errors.urgentInvalid") });

/** The author's own zone (their browser's), used when neither the recipient nor the author saved one. */
const authorTimeZone = (t: Translate) =>
  z
    .string({ invalid_type_error: t("errors.timeZoneInvalid") })
    .refine(isTimeZone, t("errors.timeZoneInvalid"))
    .nullish()
    .transform((v) => v || null);

/**
 * POST /api/communication/scheduled: to a channel (`channelId`), or by e-mail to one member (`recipientId`, `subject`),
 * at `sendAt` or, for an e-mail, at `localTime` on the recipient's clock; `urgent` ignores their quiet hours.
 */
export const scheduleSchema = (t: Translate, now = Date.now()) =>
  z
    .object({
      target: z.enum(SCHEDULED_TARGETS, { errorMap: () => ({ message: t("errors.targetInvalid") }) }),
      channelId: z.string().trim().min(1).max(64).optional().nullable(),
      recipientId: z.string().trim().min(1).max(64).optional().nullable(),
      subject: subject(t),
      body: body(t),
      sendAt: sendAt(t, now).nullish(),
      localTime: localTime(t),
      authorTimeZone: authorTimeZone(t),
      urgent: urgent(t).default(false),
    })
    .superRefine((v, ctx) => {
      if (!v.sendAt && !v.localTime) ctx.addIssue({ code: "custom", path: ["sendAt"], message: t("errors.sendAtInvalid") });
      if (v.localTime && v.target !== "email") ctx.addIssue({ code: "custom", path: ["localTime"], message: t("errors.localTimeOnePerson") });
      if (v.target === "channel" && !v.channelId) ctx.addIssue({ code: "custom", path: ["channelId"], message: t("errors.channelMissing") });
      if (v.target === "email" && !v.recipientId) ctx.addIssue({ code: "custom", path: ["recipientId"], message: t("errors.recipientMissing") });
      if (v.target === "email" && !v.subject) ctx.addIssue({ code: "custom", path: ["subject"], message: t("errors.subjectMissing") });
    });

/** PUT /api/communication/scheduled/{id}: a new text, subject, time (exact, or on the recipient's clock) or urgency while it has not gone. */
export const rescheduleSchema = (t: Translate, now = Date.now()) =>
  z.object({
    body: body(t).optional(),
    subject: subject(t),
    sendAt: sendAt(t, now).nullish(),
    localTime: localTime(t),
    authorTimeZone: authorTimeZone(t),
    urgent: urgent(t).optional(),
  });

const LANGUAGE_CODES = LANGUAGES.map((l) => l.code) as [string, ...string[]];

/**
 * POST /api/communication/assist: `{ action: "suggest", channelId, topicId?, tone, language }` for reply drafts, or
 * `{ action: "summary", channelId, topicId?, language }` for a summary citing the messages.
 */
export const assistSchema = (t: Translate) =>
  z.object({
    action: z.enum(["suggest", "summary"], { errorMap: () => ({ message: t("errors.assistInvalid") }) }),
    channelId: z
      .string({ required_error: t("errors.channelMissing") })
      .trim()
      .min(1, t("errors.channelMissing"))
      .max(64),
    topicId: z.string().trim().min(1).max(64).nullish(),
    tone: z.enum(TONES, { errorMap: () => ({ message: t("errors.toneInvalid") }) }).default("formal"),
    language: z.enum(LANGUAGE_CODES, { errorMap: () => ({ message: t("errors.languageInvalid") }) }).optional(),
  });
