import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "../auth/schema";
import { documents } from "../documents/schema";
import { workspaces } from "../workspaces/schema";

export const MEETING_STATUSES = ["scheduled", "live", "ended"] as const;
export type MeetingStatus = (typeof MEETING_STATUSES)[number];

export const INVITEE_RESPONSES = ["pending", "accepted", "declined"] as const;
export type InviteeResponse = (typeof INVITEE_RESPONSES)[number];

/** A video meeting of the family (issue 20): scheduled, or started now; live while someone is in its room. */
export const meetings = sqliteTable(
  "meetings",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    agenda: text("agenda"),
    startsAt: integer("starts_at", { mode: "timestamp_ms" }).notNull(),
    durationMinutes: integer("duration_minutes").notNull(),
    hostUserId: text("host_user_id").references(() => users.id, { onDelete: "set null" }),
    status: text("status", { enum: MEETING_STATUSES }).notNull(),
    /** A poll the meeting discusses (its result goes into the minutes). */
    pollId: text("poll_id"),
    /** Documents to discuss, by id (the workspace's own, checked when scheduled). */
    documentIds: text("document_ids", { mode: "json" }).$type<string[]>(),
    /** The host asks that every participant's browser encrypts its media end to end (the UI warns when one cannot). */
    e2eeRequired: integer("e2ee_required", { mode: "boolean" }).notNull().default(false),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    startedAt: integer("started_at", { mode: "timestamp_ms" }),
    endedAt: integer("ended_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("meetings_ws_starts_idx").on(t.workspaceId, t.startsAt), index("meetings_ws_status_idx").on(t.workspaceId, t.status)],
);

/** Who was invited, and what they answered. */
export const meetingInvitees = sqliteTable(
  "meeting_invitees",
  {
    meetingId: text("meeting_id")
      .notNull()
      .references(() => meetings.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    workspaceId: text("workspace_id").notNull(),
    response: text("response", { enum: INVITEE_RESPONSES }).notNull().default("pending"),
  },
  (t) => [primaryKey({ columns: [t.meetingId, t.userId] }), index("meeting_invitees_user_idx").on(t.workspaceId, t.userId)],
);

/** One stay in the meeting's room: a connection (a person on two devices has two rows), written by the room. */
export const meetingAttendance = sqliteTable(
  "meeting_attendance",
  {
    id: text("id").primaryKey(),
    meetingId: text("meeting_id")
      .notNull()
      .references(() => meetings.id, { onDelete: "cascade" }),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    workspaceId: text("workspace_id").notNull(),
    /** The person's name when they joined, so the attendance reads right after they leave the workspace. */
    name: text("name").notNull(),
    joinedAt: integer("joined_at", { mode: "timestamp_ms" }).notNull(),
    leftAt: integer("left_at", { mode: "timestamp_ms" }),
    /** Their browser could encrypt media end to end (encoded transforms). */
    e2ee: integer("e2ee", { mode: "boolean" }).notNull(),
  },
  (t) => [
    index("meeting_attendance_meeting_idx").on(t.meetingId, t.joinedAt),
    // The rooms a person is in now, found when their sessions end (docs/decisions/0029).
    index("meeting_attendance_open_idx")
      .on(t.userId)
      .where(sql`"left_at" is null`),
  ],
);

/** The in-meeting chat, kept for the meeting's record (minutes, export). */
export const meetingChatMessages = sqliteTable(
  "meeting_chat_messages",
  {
    id: text("id").primaryKey(),
    meetingId: text("meeting_id")
      .notNull()
      .references(() => meetings.id, { onDelete: "cascade" }),
    workspaceId: text("workspace_id").notNull(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    text: text("text").notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("meeting_chat_meeting_idx").on(t.meetingId, t.createdAt)],
);

/**
 * consent: the host asked, the participants are answering; recording: chunks are arriving; finishing: the last parts
 * are being written; complete: a document;
 * cancelled: it never started (someone declined under "require-all", or the host withdrew); aborted: nothing was kept.
 */
export const RECORDING_STATUSES = ["consent", "recording", "finishing", "complete", "cancelled", "aborted"] as const;
export type RecordingStatus = (typeof RECORDING_STATUSES)[number];
/** What happens when someone declines: their tracks are left out, or the recording does not start. */
export const RECORDING_POLICIES = ["exclude-decliners", "require-all"] as const;
export type RecordingPolicy = (typeof RECORDING_POLICIES)[number];

/**
 * A recording uploaded from the host's browser in ordered chunks, staged in R2 and rolled into the parts of an R2
 * multipart upload as they fill (docs/decisions/0028); the first part, which holds the WebM header, is written last,
 * once the duration is known.
 */
export const meetingRecordings = sqliteTable(
  "meeting_recordings",
  {
    id: text("id").primaryKey(),
    meetingId: text("meeting_id")
      .notNull()
      .references(() => meetings.id, { onDelete: "cascade" }),
    workspaceId: text("workspace_id").notNull(),
    status: text("status", { enum: RECORDING_STATUSES }).notNull(),
    policy: text("policy", { enum: RECORDING_POLICIES }).notNull().default("exclude-decliners"),
    /** Who was present when the host asked: each must answer before the first chunk is taken. */
    requiredConsents: text("required_consents", { mode: "json" })
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'`),
    r2UploadId: text("r2_upload_id"),
    storageKey: text("storage_key").notNull(),
    /** The chunk number the server expects next. */
    nextChunk: integer("next_chunk").notNull().default(1),
    /** The uploaded parts ({ partNumber, etag }), in order. */
    parts: text("parts", { mode: "json" }).$type<{ partNumber: number; etag: string }[]>().notNull(),
    /** Bytes received (the recording as the browser made it). */
    bytes: integer("bytes").notNull().default(0),
    /** The WebM header's length as received, and once its duration is written in (the first part holds it). */
    headBytes: integer("head_bytes"),
    patchedHeadBytes: integer("patched_head_bytes"),
    /** The recording's length so far, as the host's browser reports it with each chunk. */
    durationMs: integer("duration_ms").notNull().default(0),
    lastChunkAt: integer("last_chunk_at", { mode: "timestamp_ms" }),
    sha256: text("sha256"),
    startedBy: text("started_by").references(() => users.id, { onDelete: "set null" }),
    startedAt: integer("started_at", { mode: "timestamp_ms" }).notNull(),
    completedAt: integer("completed_at", { mode: "timestamp_ms" }),
    /** The document the finished recording became (its id is chosen when the recording is asked for). */
    documentId: text("document_id").references(() => documents.id, { onDelete: "set null" }),
  },
  (t) => [index("meeting_recordings_meeting_idx").on(t.meetingId), index("meeting_recordings_status_idx").on(t.status, t.lastChunkAt)],
);

/** Chunks received and kept in R2 until they are part of an uploaded part (and, for the first part, until the end). */
export const meetingRecordingChunks = sqliteTable(
  "meeting_recording_chunks",
  {
    recordingId: text("recording_id")
      .notNull()
      .references(() => meetingRecordings.id, { onDelete: "cascade" }),
    seq: integer("seq").notNull(),
    workspaceId: text("workspace_id").notNull(),
    /** Where the chunk starts in the recording, and its length. */
    start: integer("start").notNull(),
    bytes: integer("bytes").notNull(),
    storageKey: text("storage_key").notNull(),
  },
  (t) => [primaryKey({ columns: [t.recordingId, t.seq] })],
);

export const CONSENT_DECISIONS = ["accept", "decline"] as const;
export type ConsentDecision = (typeof CONSENT_DECISIONS)[number];

/** Each participant's answer to a recording, with the words they agreed to. */
export const meetingRecordingConsents = sqliteTable(
  "meeting_recording_consents",
  {
    recordingId: text("recording_id")
      .notNull()
      .references(() => meetingRecordings.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    workspaceId: text("workspace_id").notNull(),
    decision: text("decision", { enum: CONSENT_DECISIONS }).notNull(),
    decidedAt: integer("decided_at", { mode: "timestamp_ms" }).notNull(),
    textAgreed: text("text_agreed").notNull(),
  },
  (t) => [primaryKey({ columns: [t.recordingId, t.userId] })],
);

/** The owner's choices for the workspace's meetings: how long recordings are kept (null: until someone deletes them). */
export const meetingSettings = sqliteTable("meeting_settings", {
  workspaceId: text("workspace_id")
    .primaryKey()
    .references(() => workspaces.id, { onDelete: "cascade" }),
  recordingRetentionDays: integer("recording_retention_days"),
  updatedBy: text("updated_by").references(() => users.id, { onDelete: "set null" }),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
});
