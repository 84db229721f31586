/**
 * One person's presence in a meeting, outside React: the room's socket (party/meeting-protocol.ts), the mesh of
 * peer connections, the media this browser sends, and the meeting key when the meeting is end-to-end encrypted.
 * The page subscribes to `state` (useMeeting in use-meeting.ts) and calls the commands.
 */
import type {
  E2eeSummary,
  MeetingClientMessage,
  MeetingRole,
  MeetingServerMessage,
  ParticipantView,
  RecordingView,
  WaitingView,
} from "../../../../party/meeting-protocol";
import { MEETING_CLOSE } from "../../../../party/meeting-protocol";
import { noFrames } from "../e2ee/frames";
import type { WrappedKey } from "../e2ee/keys";
import { MeetingEncryption, type FrameCounts } from "./encryption";
import { iceStale, needsFreshIce } from "./ice-refresh";
import { Mesh, type LinkQuality } from "./mesh";
import { SfuLink } from "./sfu";

export type MeetingPhase =
  "connecting" | "reconnecting" | "waiting" | "in" | "denied" | "removed" | "ended" | "left" | "access-ended" | "signed-out" | "e2ee-required" | "failed";

/** Closes that end the meeting for this browser; any other (a network change, a restart) is reconnected. */
const FINAL_CLOSES = new Set<number>([1000, ...Object.values(MEETING_CLOSE)]);
/** Tries after a dropped connection before giving up, waiting 1, 2, 4, 8, then 10 s (or until the network is back). */
const RECONNECT_TRIES = 6;
const reconnectDelay = (attempt: number) => Math.min(1000 * 2 ** (attempt - 1), 10_000);
/** GET /api/meetings/{id}/ice-servers, as the page fetches it; null when it could not. */
export interface IceAnswer {
  iceServers: RTCIceServer[];
  ttlSeconds: number;
}
export type FetchIce = () => Promise<IceAnswer | null>;

export interface ChatLine {
  id: string;
  name: string;
  userId: string;
  text: string;
  at: string;
}

export interface MeetingState {
  phase: MeetingPhase;
  you: string | null;
  role: MeetingRole | null;
  participants: ParticipantView[];
  lobby: WaitingView[];
  e2ee: E2eeSummary;
  /** Whether this browser can encrypt frames at all. */
  canEncrypt: boolean;
  /** The code to compare aloud, once the key is here. */
  safetyCode: string | null;
  frames: FrameCounts;
  meshLimit: number;
  /** mesh (browser to browser) or sfu (through Cloudflare Realtime's SFU, for larger meetings). */
  topology: "mesh" | "sfu";
  streams: Record<string, MediaStream>;
  quality: Record<string, LinkQuality>;
  chat: ChatLine[];
  /** Set when the host muted this participant, until the microphone is turned on again. */
  mutedBy: string | null;
  /** The recording being asked for or made, or the last one that ended here. */
  recording: RecordingView | null;
  error: string | null;
}

const INITIAL: MeetingState = {
  phase: "connecting",
  you: null,
  role: null,
  participants: [],
  lobby: [],
  e2ee: { everyoneSupports: true, unsupported: [] },
  canEncrypt: false,
  safetyCode: null,
  frames: noFrames(),
  meshLimit: 6,
  topology: "mesh",
  streams: {},
  quality: {},
  chat: [],
  mutedBy: null,
  recording: null,
  error: null,
};

export class MeetingSession {
  state: MeetingState = INITIAL;
  private listeners = new Set<() => void>();
  private socket: WebSocket | null = null;
  private mesh: Mesh | null = null;
  private sfu: SfuLink | null = null;
  private encryption: MeetingEncryption | null = null;
  private keyDistributor: string | null = null;
  private epoch = 0;
  private closed = false;
  private reconnects = 0;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  /** The room's messages, handled one at a time in order (a welcome may wait for fresh ICE servers). */
  private inbox: Promise<void> = Promise.resolve();
  private welcomed = false;
  /** What this browser sends, as last told to the room; told again on each welcome (sent before that, it was lost). */
  private media = { audio: false, video: false, screen: false };
  private iceFetchedAt = Date.now();
  private iceTtlMs: number;

  constructor(
    private readonly meetingId: string,
    private iceServers: RTCIceServer[],
    private local: MediaStream | null,
    private readonly ice: { ttlSeconds?: number; fetch?: FetchIce } = {},
  ) {
    this.iceTtlMs = (ice.ttlSeconds ?? 3600) * 1000;
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getState = () => this.state;

  async start() {
    this.encryption = await MeetingEncryption.start(this.meetingId, (frames) => this.set({ frames }));
    this.set({ canEncrypt: this.encryption !== null });
    this.open();
  }

  /** Opens the room's socket and joins; again after a dropped connection (the room sees a new participant). */
  private open() {
    this.retryTimer = null;
    window.removeEventListener("online", this.reconnectNow);
    if (this.closed) return;
    const url = new URL(`/meetings/${encodeURIComponent(this.meetingId)}/ws`, window.location.href);
    url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
    const socket = new WebSocket(url);
    this.socket = socket;
    socket.onopen = () => this.send({ type: "join", e2ee: this.encryption !== null, publicKey: this.encryption?.publicKey });
    socket.onmessage = (event) => {
      if (typeof event.data !== "string") return;
      const message = JSON.parse(event.data) as MeetingServerMessage;
      this.inbox = this.inbox.then(() => this.handle(message)).catch((error) => console.error("Meeting message failed", error));
    };
    socket.onclose = (event) => {
      if (socket === this.socket) this.closedBy(event.code);
    };
  }

  private reconnectNow = () => {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.open();
  };

  send(message: MeetingClientMessage) {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
  }

  /** New media to send (a device change, the screen instead of the camera, or nothing). */
  setLocalStream(stream: MediaStream | null, media: { audio: boolean; video: boolean; screen: boolean }) {
    this.local = stream;
    this.mesh?.setLocalTracks(stream);
    this.sfu?.setLocalTracks(stream);
    this.announceMedia(media);
    if (media.audio) this.set({ mutedBy: null });
  }

  leave() {
    this.send({ type: "leave" });
    this.stop("left");
  }

  private stop(phase: MeetingPhase) {
    if (this.closed) return;
    this.closed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    window.removeEventListener("online", this.reconnectNow);
    this.mesh?.close();
    this.sfu?.close();
    this.encryption?.close();
    this.socket?.close();
    this.set({ phase, streams: {} });
  }

  private closedBy(code: number) {
    if (this.closed) return;
    if (!FINAL_CLOSES.has(code) && this.reconnects < RECONNECT_TRIES) {
      // The network changed or dropped: the peers' links went with it. Rejoin as soon as the network is back.
      this.reconnects += 1;
      this.mesh?.close();
      this.mesh = null;
      this.sfu?.close();
      this.sfu = null;
      this.set({ phase: "reconnecting", streams: {}, quality: {} });
      this.retryTimer = setTimeout(this.open.bind(this), reconnectDelay(this.reconnects));
      window.addEventListener("online", this.reconnectNow, { once: true });
      return;
    }
    const phase: MeetingPhase =
      code === MEETING_CLOSE.removed
        ? "removed"
        : code === MEETING_CLOSE.denied
          ? "denied"
          : code === MEETING_CLOSE.ended
            ? "ended"
            : code === MEETING_CLOSE.accessEnded
              ? "access-ended"
              : code === MEETING_CLOSE.signedOut
                ? "signed-out"
                : code === MEETING_CLOSE.e2eeRequired
                  ? "e2ee-required"
                  : "failed";
    this.stop(phase);
  }

  private set(patch: Partial<MeetingState>) {
    this.state = { ...this.state, ...patch };
    for (const listener of this.listeners) listener();
  }

  private others() {
    return this.state.participants.filter((p) => p.id !== this.state.you);
  }

  /** Encrypt the link to a peer only when both browsers can; the room's summary says when not everyone can. */
  private openMesh(you: string) {
    const latestIce = () => this.iceServers;
    this.mesh = new Mesh({
      self: you,
      // Read for each new peer connection: those made late in a long meeting use the credentials fetched last.
      get iceServers() {
        return latestIce();
      },
      // The browser fills in every SDP; the room checks the shape again.
      send: (message) => this.send(message as MeetingClientMessage),
      onStream: (peerId, stream) => this.set({ streams: { ...this.state.streams, [peerId]: stream } }),
      onQuality: (peerId, quality) => this.set({ quality: { ...this.state.quality, [peerId]: quality } }),
      transformsFor: (peerId) => {
        const peer = this.state.participants.find((p) => p.id === peerId);
        return this.encryption && peer?.e2ee ? this.encryption.transforms() : undefined;
      },
    });
    this.mesh.setLocalTracks(this.local);
  }

  /**
   * An SFU meeting: one connection to the SFU, our tracks published once, everyone's pulled (ADR 0030). The SFU
   * forwards the same frames to all, so they are encrypted only while everyone present can decrypt.
   */
  private openSfu(you: string) {
    this.sfu = new SfuLink({
      meetingId: this.meetingId,
      self: you,
      iceServers: this.iceServers,
      transforms: this.encryption?.transforms(),
      onStream: (peerId, stream) => this.set({ streams: { ...this.state.streams, [peerId]: stream } }),
      onQuality: (peerId, quality) => this.set({ quality: { ...this.state.quality, [peerId]: quality } }),
      onError: (error) => this.set({ error }),
    });
    this.encryption?.setPlain(!this.state.e2ee.everyoneSupports);
    this.sfu.setLocalTracks(this.local);
    for (const peer of this.others()) if (peer.tracks.length) this.sfu.pull(peer.id, peer.tracks);
  }

  /** Who is present changed: an SFU meeting encrypts again once everyone can (or stops while someone cannot). */
  private setE2ee(e2ee: E2eeSummary) {
    this.set({ e2ee });
    if (this.sfu) this.encryption?.setPlain(!e2ee.everyoneSupports);
  }

  private async handle(message: MeetingServerMessage) {
    switch (message.type) {
      case "welcome": {
        await this.freshIce(message.role);
        this.welcomed = true;
        this.reconnects = 0;
        this.set({
          phase: "in",
          you: message.you,
          role: message.role,
          participants: message.participants,
          lobby: message.lobby ?? [],
          e2ee: message.e2ee,
          meshLimit: message.meshLimit,
          topology: message.topology,
          recording: message.recording,
        });
        // The others see this person's microphone and camera as they are (and the host may mute them).
        this.announceMedia(this.media);
        this.keyDistributor = message.keyDistributor;
        this.epoch = message.epoch;
        if (message.topology === "sfu") this.openSfu(message.you);
        else {
          this.openMesh(message.you);
          // The newcomer calls everyone already there; they answer.
          for (const peer of this.others()) this.mesh!.connect(peer.id);
        }
        if (this.keyDistributor === message.you) await this.distribute(true);
        return;
      }
      case "waiting":
        return this.set({ phase: "waiting" });
      case "participant-joined": {
        // Someone arriving late in a long meeting: a new link, so fresh credentials first if these are near expiry.
        await this.freshIce(null);
        this.set({ participants: [...this.state.participants.filter((p) => p.id !== message.participant.id), message.participant] });
        this.setE2ee(message.e2ee);
        if (this.keyDistributor === this.state.you) await this.sendKeyTo(message.participant);
        return this.refreshSafetyCode();
      }
      case "participant-left": {
        this.mesh?.disconnect(message.participantId);
        this.sfu?.drop(message.participantId);
        const { [message.participantId]: _gone, ...streams } = this.state.streams;
        this.set({ participants: this.state.participants.filter((p) => p.id !== message.participantId), streams });
        this.setE2ee(message.e2ee);
        return this.refreshSafetyCode();
      }
      case "lobby":
        return this.set({ lobby: message.waiting });
      case "admitted":
        return; // the welcome follows
      case "denied":
        return this.stop("denied");
      case "removed":
        return this.stop("removed");
      case "ended":
        return this.stop("ended");
      case "signal":
        return this.mesh?.receive({ from: message.from, description: message.description, candidate: message.candidate });
      case "key": {
        if (!this.encryption) return;
        const wrapped = JSON.parse(message.wrapped) as WrappedKey;
        if (await this.encryption.receive({ ...wrapped, epoch: message.epoch })) await this.refreshSafetyCode();
        return;
      }
      case "rekey":
        this.keyDistributor = message.keyDistributor;
        this.epoch = message.epoch;
        if (message.keyDistributor === this.state.you) await this.distribute(true);
        return;
      case "media":
        return this.patchParticipant(message.participantId, { media: { audio: message.audio, video: message.video, screen: message.screen } });
      case "hand":
        return this.patchParticipant(message.participantId, { hand: message.raised });
      case "tracks":
        this.patchParticipant(message.participantId, { tracks: message.tracks });
        return this.sfu?.pull(message.participantId, message.tracks);
      case "chat":
        return this.set({
          chat: [...this.state.chat, { id: message.id, name: message.name, userId: message.userId, text: message.text, at: message.at }].slice(-500),
        });
      case "recording":
        return this.set({ recording: message.recording });
      case "muted":
        this.local?.getAudioTracks().forEach((track) => (track.enabled = false));
        this.announceMedia({ ...this.media, audio: false });
        return this.set({ mutedBy: message.by });
      case "error":
        return this.set({ error: message.message });
      case "pong":
        return;
    }
  }

  /** Relay (TURN) credentials are short-lived and given only to those let in: asked for again when needsFreshIce says. */
  private async freshIce(welcomeAs: MeetingRole | null) {
    const at = { now: Date.now(), fetchedAt: this.iceFetchedAt, ttlMs: this.iceTtlMs };
    const wanted = welcomeAs ? needsFreshIce({ ...at, rejoin: this.welcomed, role: welcomeAs }) : iceStale(at);
    if (!this.ice.fetch || !wanted) return;
    const answer = await this.ice.fetch().catch(() => null);
    if (!answer) return; // the servers held so far still serve direct connections
    this.iceServers = answer.iceServers;
    this.iceTtlMs = answer.ttlSeconds * 1000;
    this.iceFetchedAt = Date.now();
  }

  /** Tells the room (and this page's own tile) what this browser sends. */
  private announceMedia(media: { audio: boolean; video: boolean; screen: boolean }) {
    this.media = media;
    this.send({ type: "media", ...media });
    if (this.state.you) this.patchParticipant(this.state.you, { media });
  }

  private patchParticipant(id: string, patch: Partial<ParticipantView>) {
    this.set({ participants: this.state.participants.map((p) => (p.id === id ? { ...p, ...patch } : p)) });
  }

  /** The distributor makes the key of the room's epoch and sends it to everyone who can encrypt. */
  private async distribute(fresh: boolean) {
    if (!this.encryption) return;
    if (fresh || !this.encryption.hasKey) await this.encryption.newEpoch(this.epoch);
    for (const peer of this.others()) await this.sendKeyTo(peer);
    await this.refreshSafetyCode();
  }

  private async sendKeyTo(peer: ParticipantView) {
    if (!this.encryption || !peer.e2ee || !peer.publicKey) return;
    const wrapped = await this.encryption.wrapFor(peer.publicKey);
    if (wrapped) this.send({ type: "key", to: peer.id, epoch: this.encryption.epoch, wrapped: JSON.stringify(wrapped) });
  }

  private async refreshSafetyCode() {
    if (!this.encryption?.hasKey) return this.set({ safetyCode: null });
    const keys = this.state.participants.flatMap((p) => (p.e2ee && p.publicKey ? [p.publicKey] : []));
    this.set({ safetyCode: await this.encryption.safetyCode(keys) });
  }
}
