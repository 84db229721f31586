import { z } from "zod";

/**
 * The WebSocket protocol of a meeting's room (`/meetings/{id}/ws`, issue 20, docs/decisions/0027). The room is a
 * signalling server for a browser peer-to-peer mesh: it relays offers, answers, ICE candidates and wrapped media keys
 * between the participants it admitted, and never reads the media or the keys. Every message is one JSON object with a
 * `type`; a message the room cannot accept is answered with an `error` and the connection stays up.
 *
 * Participant ids are per connection (a person on a phone and a laptop is two participants), chosen by the Worker.
 * The room sets `from` on everything it relays: a client never names itself.
 */
export const participantId = z.string().min(1).max(64);

const sessionDescription = z.object({ type: z.enum(["offer", "answer", "pranswer", "rollback"]), sdp: z.string().max(60_000) }).strict();
const iceCandidate = z
  .object({
    candidate: z.string().max(2048),
    sdpMid: z.string().max(64).nullable().optional(),
    sdpMLineIndex: z.number().int().min(0).max(1024).nullable().optional(),
    usernameFragment: z.string().max(256).nullable().optional(),
  })
  .strict();

/** A participant's ECDH public key (P-256, as the browser exports it: base64 of the raw point, or a JWK string). */
const publicKey = z.string().min(1).max(1024);

export const CHAT_MAX_CHARS = 2000;

const clientUnion = z.discriminatedUnion("type", [
  /** Enter the meeting (an invited person or the host) or its lobby (another member); `e2ee`: the browser has encoded transforms. */
  z.object({ type: z.literal("join"), e2ee: z.boolean(), publicKey: publicKey.optional() }),
  /** WebRTC negotiation for one other participant: an offer or answer, or an ICE candidate (null: end of candidates). */
  z.object({ type: z.literal("signal"), to: participantId, description: sessionDescription.optional(), candidate: iceCandidate.nullable().optional() }),
  /** The meeting key of `epoch`, wrapped (encrypted) for one participant; only the key distributor sends these. */
  z.object({ type: z.literal("key"), to: participantId, epoch: z.number().int().min(0), wrapped: z.string().min(1).max(4096) }),
  z.object({ type: z.literal("media"), audio: z.boolean(), video: z.boolean(), screen: z.boolean() }),
  z.object({ type: z.literal("hand"), raised: z.boolean() }),
  z.object({ type: z.literal("chat"), text: z.string().trim().min(1).max(CHAT_MAX_CHARS) }),
  // The host's commands.
  z.object({ type: z.literal("admit"), participantId }),
  z.object({ type: z.literal("deny"), participantId }),
  z.object({ type: z.literal("mute"), participantId }),
  z.object({ type: z.literal("remove"), participantId }),
  z.object({ type: z.literal("leave") }),
  z.object({ type: z.literal("ping") }),
]);

export const meetingClientMessageSchema = clientUnion.superRefine((m, ctx) => {
  if (m.type === "signal" && m.description === undefined && m.candidate === undefined)
    ctx.addIssue({ code: "custom", message: "a signal carries a description or a candidate" });
});

export type MeetingClientMessage = z.infer<typeof meetingClientMessageSchema>;
export const MEETING_CLIENT_TYPES: readonly string[] = clientUnion.options.map((o) => o.shape.type.value);

export const MEETING_ROLES = ["host", "invitee", "guest"] as const;
export type MeetingRole = (typeof MEETING_ROLES)[number];

export interface MediaState {
  audio: boolean;
  video: boolean;
  screen: boolean;
}

/** A track a participant publishes on the SFU (issue 20, ADR 0030); others pull it by name through the Worker. */
export interface PublishedTrack {
  trackName: string;
  kind: "audio" | "video";
}

export const MEETING_TOPOLOGIES = ["mesh", "sfu"] as const;
export type MeetingTopology = (typeof MEETING_TOPOLOGIES)[number];

/** A participant as the others see them. */
export interface ParticipantView {
  id: string;
  userId: string;
  name: string;
  role: MeetingRole;
  joinedAt: string;
  e2ee: boolean;
  publicKey: string | null;
  media: MediaState;
  hand: boolean;
  /** In an SFU meeting, the tracks they publish (empty in a mesh, and until they publish). */
  tracks: PublishedTrack[];
}

/** Someone in the lobby, as the host sees them. */
export interface WaitingView {
  id: string;
  userId: string;
  name: string;
  since: string;
}

export interface E2eeSummary {
  /** Every admitted participant's browser can encrypt frames: the meeting is end-to-end encrypted. */
  everyoneSupports: boolean;
  /** The names of those whose browser cannot (the host is shown who made the meeting unencrypted). */
  unsupported: string[];
}

/** One person's answer to a recording: null while they have not answered. */
export interface RecordingConsentView {
  userId: string;
  name: string;
  decision: "accept" | "decline" | null;
  /** Present when the host asked: the recording cannot start before they answer. */
  required: boolean;
}

/** A recording as everyone in the meeting sees it (issue 20: consent first, then the host's browser records). */
export interface RecordingView {
  id: string;
  status: "consent" | "recording" | "finishing" | "complete" | "cancelled" | "aborted";
  policy: "exclude-decliners" | "require-all";
  startedBy: string | null;
  durationMs: number;
  documentId: string | null;
  consents: RecordingConsentView[];
}

export type MeetingErrorCode =
  | "invalid-json"
  | "too-large"
  | "binary"
  | "unknown-type"
  | "invalid-message"
  | "rate-limited"
  | "not-joined"
  | "already-joined"
  | "waiting"
  | "not-host"
  | "no-such-participant"
  | "not-distributor"
  | "stale-epoch"
  | "e2ee-required";

export type MeetingServerMessage =
  | {
      type: "welcome";
      you: string;
      role: MeetingRole;
      meetingId: string;
      participants: ParticipantView[];
      /** Only for the host. */
      lobby?: WaitingView[];
      e2ee: E2eeSummary;
      /** The mesh works well up to this many people; the UI warns beyond it (the room still admits). */
      meshLimit: number;
      /** How media travel: browser to browser (mesh), or through the SFU (each browser publishes once, pulls the others). */
      topology: MeetingTopology;
      /** The participant who hands out the meeting key, and the key's current epoch. */
      keyDistributor: string | null;
      epoch: number;
      /** A recording being asked for or made: a newcomer is asked for consent on arrival. */
      recording: RecordingView | null;
    }
  | { type: "waiting" }
  | { type: "participant-joined"; participant: ParticipantView; e2ee: E2eeSummary }
  | { type: "participant-left"; participantId: string; reason: "left" | "removed" | "access-ended"; e2ee: E2eeSummary }
  | { type: "lobby"; waiting: WaitingView[] }
  | { type: "admitted" }
  | { type: "denied" }
  | { type: "signal"; from: string; description?: z.infer<typeof sessionDescription>; candidate?: z.infer<typeof iceCandidate> | null }
  | { type: "key"; from: string; epoch: number; wrapped: string }
  | { type: "rekey"; epoch: number; keyDistributor: string | null }
  | { type: "media"; participantId: string; audio: boolean; video: boolean; screen: boolean }
  | { type: "hand"; participantId: string; raised: boolean }
  | { type: "tracks"; participantId: string; tracks: PublishedTrack[] }
  | { type: "chat"; id: string; from: string; userId: string; name: string; text: string; at: string }
  | { type: "recording"; recording: RecordingView }
  | { type: "muted"; by: string }
  | { type: "removed" }
  | { type: "ended" }
  | { type: "error"; code: MeetingErrorCode; message: string }
  | { type: "pong" };

/** The largest client message the room reads (an SDP with many codecs is tens of kilobytes). */
export const MAX_MEETING_MESSAGE_BYTES = 64 * 1024;
/** Per connection: ICE candidates come in bursts, so the window is wider than /ws's; a sustained flood closes the socket. */
export const MEETING_MESSAGE_RATE = { windowMs: 10_000, max: 200, closeAfter: 600 } as const;
/** The mesh's comfortable size (each browser sends its media to every other). */
export const MESH_LIMIT = 6;

/** How a room closes a socket, so the browser knows not to reconnect as before. */
export const MEETING_CLOSE = {
  /** The member left or was removed from the workspace (as /ws's 4003). */
  accessEnded: 4003,
  /** The session the socket was opened with ended: signed out, or the password changed (as /ws's 4001). */
  signedOut: 4001,
  removed: 4010,
  denied: 4011,
  ended: 4012,
  /** The meeting admits only browsers that encrypt end to end, and this one said it cannot. */
  e2eeRequired: 4013,
  flood: 1008,
} as const;

/** Headers the Worker sets after checking the session, the Origin and the meeting (the room trusts only these). */
export const MEETING_ROLE_HEADER = "x-verified-meeting-role";
export const MEETING_ID_HEADER = "x-verified-meeting-id";
/** Set ("1") when the meeting admits only browsers that encrypt end to end. */
export const MEETING_E2EE_REQUIRED_HEADER = "x-verified-meeting-e2ee-required";
/** mesh or sfu, as the Worker worked it out from the configuration and the meeting's size; the room keeps the first. */
export const MEETING_TOPOLOGY_HEADER = "x-verified-meeting-topology";

export type ParsedMeetingMessage = { ok: true; message: MeetingClientMessage } | { ok: false; code: MeetingErrorCode; error: string };

/** Reads one client frame: size, JSON, then the schema. Never throws. */
export function parseMeetingMessage(raw: string | ArrayBuffer | ArrayBufferView): ParsedMeetingMessage {
  if (typeof raw !== "string") return { ok: false, code: "binary", error: "Binary messages are not supported" };
  // Characters are at most 3 bytes in UTF-16 → UTF-8 terms; count bytes only when it could matter.
  if (
    raw.length > MAX_MEETING_MESSAGE_BYTES ||
    (raw.length * 3 > MAX_MEETING_MESSAGE_BYTES && new TextEncoder().encode(raw).length > MAX_MEETING_MESSAGE_BYTES)
  )
    return { ok: false, code: "too-large", error: `Message too large (at most ${MAX_MEETING_MESSAGE_BYTES} bytes)` };
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return { ok: false, code: "invalid-json", error: "Message is not valid JSON" };
  }
  const parsed = meetingClientMessageSchema.safeParse(data);
  if (parsed.success) return { ok: true, message: parsed.data };
  const type = typeof data === "object" && data && "type" in data ? String((data as { type: unknown }).type) : "";
  if (!MEETING_CLIENT_TYPES.includes(type)) return { ok: false, code: "unknown-type", error: `Unknown message type: ${type.slice(0, 40) || "(none)"}` };
  const issue = parsed.error.issues[0];
  const where = issue?.path.length ? ` (${issue.path.join(".")})` : "";
  return { ok: false, code: "invalid-message", error: `Invalid ${type} message${where}: ${issue?.message ?? "not understood"}` };
}

/**
 * Who hands out the meeting key (docs/decisions/0027): the host when present, otherwise whoever of the admitted
 * participants joined first (ties: the smaller id). Every client can work this out from `welcome` and the joins and
 * leaves it sees, and the room sends it with every `rekey`.
 */
export function keyDistributor(participants: readonly Pick<ParticipantView, "id" | "role" | "joinedAt">[]): string | null {
  if (participants.length === 0) return null;
  const sorted = [...participants].sort((a, b) => a.joinedAt.localeCompare(b.joinedAt) || a.id.localeCompare(b.id));
  return (sorted.find((p) => p.role === "host") ?? sorted[0]).id;
}

export function e2eeSummary(participants: readonly Pick<ParticipantView, "e2ee" | "name">[]): E2eeSummary {
  const unsupported = participants.filter((p) => !p.e2ee).map((p) => p.name);
  return { everyoneSupports: unsupported.length === 0, unsupported };
}
