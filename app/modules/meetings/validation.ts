import { z } from "zod";
import { CONSENT_DECISIONS, RECORDING_POLICIES } from "./schema";

type Translate = (key: string, options?: Record<string, unknown>) => string;

export const MEETING_LIMITS = {
  titleMax: 200,
  agendaMax: 4000,
  durationMin: 5,
  durationMax: 480,
  inviteesMax: 100,
  documentsMax: 20,
  /** A meeting may start a little in the past (a form filled in slowly) and at most two years ahead. */
  pastToleranceMs: 10 * 60_000,
  aheadMaxMs: 2 * 366 * 86_400_000,
} as const;

const id = z.string().trim().min(1).max(64);

/** The fields both a scheduled meeting and one started now take. */
const common = (t: Translate) => ({
  title: z
    .string({ required_error: t("errors.titleMissing"), invalid_type_error: t("errors.titleMissing") })
    .trim()
    .min(1, t("errors.titleMissing"))
    .max(MEETING_LIMITS.titleMax, t("errors.titleLong", { max: MEETING_LIMITS.titleMax })),
  agenda: z
    .string({ invalid_type_error: t("errors.agendaLong", { max: MEETING_LIMITS.agendaMax }) })
    .trim()
    .max(MEETING_LIMITS.agendaMax, t("errors.agendaLong", { max: MEETING_LIMITS.agendaMax }))
    .optional()
    .transform((v) => v || null),
  inviteeIds: z
    .array(id, { invalid_type_error: t("errors.inviteesInvalid") })
    .max(MEETING_LIMITS.inviteesMax, t("errors.inviteesTooMany", { max: MEETING_LIMITS.inviteesMax }))
    .default([])
    .transform((ids) => [...new Set(ids)]),
  pollId: id.optional().nullable(),
  documentIds: z
    .array(id, { invalid_type_error: t("errors.documentsInvalid") })
    .max(MEETING_LIMITS.documentsMax, t("errors.documentsTooMany", { max: MEETING_LIMITS.documentsMax }))
    .default([])
    .transform((ids) => [...new Set(ids)]),
  e2eeRequired: z.boolean({ invalid_type_error: t("errors.e2eeInvalid") }).default(false),
});

const duration = (t: Translate) =>
  z
    .number({ required_error: t("errors.durationMissing"), invalid_type_error: t("errors.durationInvalid", MEETING_LIMITS) })
    .int(t("errors.durationInvalid", MEETING_LIMITS))
    .min(MEETING_LIMITS.durationMin, t("errors.durationInvalid", MEETING_LIMITS))
    .max(MEETING_LIMITS.durationMax, t("errors.durationInvalid", MEETING_LIMITS));

/** POST /api/meetings: `{ title, startsAt, durationMinutes, inviteeIds, agenda, pollId?, documentIds?, e2eeRequired? }`. */
export const scheduleMeetingSchema = (t: Translate, now = Date.now()) =>
  z
    .object({
      ...common(t),
      startsAt: z
        .string({ required_error: t("errors.startsAtMissing"), invalid_type_error: t("errors.startsAtInvalid") })
        .refine(
          (v) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(v) && !Number.isNaN(Date.parse(v)),
          t("errors.startsAtInvalid"),
        )
        .transform((v) => new Date(v))
        .refine((d) => d.getTime() >= now - MEETING_LIMITS.pastToleranceMs, t("errors.startsAtPast"))
        .refine((d) => d.getTime() <= now + MEETING_LIMITS.aheadMaxMs, t("errors.startsAtFar")),
      durationMinutes: duration(t),
    })
    .strict();

/** POST /api/meetings/now: everything optional; the title defaults to the route's "Video meeting". */
export const startNowSchema = (t: Translate) =>
  z
    .object({
      ...common(t),
      title: common(t).title.optional(),
      durationMinutes: duration(t).default(60),
    })
    .strict();

export type ScheduleMeetingInput = z.infer<ReturnType<typeof scheduleMeetingSchema>>;
export type StartNowInput = z.infer<ReturnType<typeof startNowSchema>>;

export const recordingRequestSchema = (t: Translate) =>
  z.object({
    policy: z.enum(RECORDING_POLICIES, { errorMap: () => ({ message: t("errors.recordingPolicy") }) }).default("exclude-decliners"),
  });

export const consentSchema = (t: Translate) =>
  z.object({ decision: z.enum(CONSENT_DECISIONS, { errorMap: () => ({ message: t("errors.consentDecision") }) }) });

export const completeRecordingSchema = (t: Translate) =>
  z.object({
    durationMs: z
      .number({ invalid_type_error: t("errors.recordingDuration") })
      .int(t("errors.recordingDuration"))
      .min(0, t("errors.recordingDuration"))
      .max(24 * 3600_000, t("errors.recordingDuration"))
      .optional(),
  });

export const respondSchema = (t: Translate) =>
  z.object({ response: z.enum(["accepted", "declined"], { errorMap: () => ({ message: t("errors.responseInvalid") }) }) });

/** How long recordings are kept: the form's choices (7 years = 2555 days); the API takes any whole number of days in range. */
export const RETENTION_CHOICES = [30, 90, 365, 2555] as const;
export const RETENTION_LIMITS = { minDays: 7, maxDays: 36_500 } as const;

/** PUT /api/meetings/settings `{ recordingRetentionDays }`: a number of days, or null to keep recordings until someone deletes them. */
export const meetingSettingsSchema = (t: Translate) =>
  z
    .object({
      recordingRetentionDays: z
        .number({ required_error: t("errors.retentionMissing"), invalid_type_error: t("errors.retentionInvalid", RETENTION_LIMITS) })
        .int(t("errors.retentionInvalid", RETENTION_LIMITS))
        .min(RETENTION_LIMITS.minDays, t("errors.retentionInvalid", RETENTION_LIMITS))
        .max(RETENTION_LIMITS.maxDays, t("errors.retentionInvalid", RETENTION_LIMITS))
        .nullable(),
    })
    .strict();

/** A track's name on the SFU: the browser makes it from its participant id and the track's kind. */
const trackName = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);
const mid = z.string().min(1).max(16);
const sdp = z.string().min(1).max(60_000);

/**
 * POST /api/meetings/{id}/sfu: a browser's call to the SFU, made for it by the Worker (ADR 0030). `participantId` is
 * the browser's own participant id in the room (its `welcome.you`): the room checks it is admitted on this session.
 */
export const sfuCallSchema = (t: Translate) => {
  const participantId = z
    .string({ required_error: t("errors.sfuInvalid") })
    .min(1)
    .max(64);
  return z.discriminatedUnion(
    "action",
    [
      z.object({
        action: z.literal("publish"),
        participantId,
        offer: z.object({ type: z.literal("offer"), sdp }),
        tracks: z
          .array(z.object({ mid, trackName, kind: z.enum(["audio", "video"]) }))
          .min(1)
          .max(8),
      }),
      /** `tracks`: only these of theirs (a participant who adds a camera later is pulled for the camera alone). */
      z.object({ action: z.literal("pull"), participantId, from: participantId, tracks: z.array(trackName).min(1).max(8).optional() }),
      z.object({ action: z.literal("renegotiate"), participantId, answer: z.object({ type: z.literal("answer"), sdp }) }),
      z.object({ action: z.literal("close"), participantId, mids: z.array(mid).min(1).max(64), offer: z.object({ type: z.literal("offer"), sdp }).optional() }),
    ],
    { errorMap: () => ({ message: t("errors.sfuInvalid") }) },
  );
};
export type SfuCall = z.infer<ReturnType<typeof sfuCallSchema>>;
