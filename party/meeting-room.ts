import { Server, type Connection, type ConnectionContext } from "partyserver";
import { recordChat, recordDenial, recordJoin, recordLeave, recordRemoval, sessionIsOpen, type RoomPerson } from "../app/modules/meetings/room-records.server";
import { closeSfuSession } from "../app/modules/meetings/sfu.server";
import { getConfig } from "../app/platform/env.server";
import {
  e2eeSummary,
  keyDistributor,
  MEETING_CLOSE,
  MEETING_E2EE_REQUIRED_HEADER,
  MEETING_ID_HEADER,
  MEETING_MESSAGE_RATE,
  MEETING_ROLE_HEADER,
  MEETING_ROLES,
  MEETING_TOPOLOGIES,
  MEETING_TOPOLOGY_HEADER,
  MESH_LIMIT,
  parseMeetingMessage,
  type MeetingClientMessage,
  type MeetingErrorCode,
  type MeetingRole,
  type MeetingServerMessage,
  type MeetingTopology,
  type ParticipantView,
  type PublishedTrack,
  type RecordingView,
  type WaitingView,
} from "./meeting-protocol";
import { captureRoomError, type Room } from "./capture";
import { sendJson, sendText } from "./send";
import { VERIFIED_SESSION_ID_HEADER, VERIFIED_USER_ID_HEADER, VERIFIED_USER_NAME_HEADER, VERIFIED_WORKSPACE_ID_HEADER } from "./protocol";

/** Everything the room knows of a connection, kept in its socket attachment so that it survives hibernation. */
interface Seat {
  userId: string;
  name: string;
  sessionId: string;
  workspaceId: string;
  role: MeetingRole;
  /** The meeting admits only browsers that encrypt end to end (absent in seats made before this was kept). */
  e2eeRequired?: boolean;
  /** connected → (join) → admitted, or waiting → (admit) → admitted; gone once the room has dealt with its leaving. */
  status: "connected" | "waiting" | "admitted" | "gone";
  since: string;
  joinedAt: string | null;
  e2ee: boolean;
  publicKey: string | null;
  media: { audio: boolean; video: boolean; screen: boolean };
  hand: boolean;
  attendanceId: string | null;
  /** mesh or sfu, as the Worker said when this socket opened (the room keeps the first admitted one's). */
  topology: MeetingTopology;
  /** In an SFU meeting: this connection's session on the SFU, once the Worker made one, and what it publishes. */
  sfuSessionId: string | null;
  tracks: readonly PublishedTrack[];
}

type Conn = Connection<Seat>;

const E2EE_REQUIRED_MESSAGE =
  "This meeting is end-to-end encrypted only, and this browser cannot encrypt; join from a current Chrome, Edge, Firefox or Safari.";
type Departure = "left" | "removed" | "access-ended";

/**
 * One room per meeting, named by the meeting's id (docs/decisions/0027). The Worker lets in only members of the
 * meeting's workspace while the meeting has not ended, and says who they are and whether they host, were invited
 * (straight in) or wait in the lobby for the host. The room relays WebRTC signalling and wrapped media keys between
 * admitted participants, setting `from` itself; it keeps the key's epoch in its storage and asks for a new key
 * whenever someone leaves or the key distributor changes. Attendance and chat go to D1.
 */
export class MeetingRoom extends Server<Env> {
  static options = { hibernate: true };

  #rates = new Map<string, { startedAt: number; count: number }>();
  #epoch: number | null = null;

  onConnect(connection: Conn, ctx: ConnectionContext) {
    const headers = ctx.request.headers;
    const role = headers.get(MEETING_ROLE_HEADER) as MeetingRole | null;
    const userId = headers.get(VERIFIED_USER_ID_HEADER);
    const workspaceId = headers.get(VERIFIED_WORKSPACE_ID_HEADER);
    if (!userId || !workspaceId || !role || !MEETING_ROLES.includes(role) || headers.get(MEETING_ID_HEADER) !== this.name) {
      connection.close(1008, "Not allowed");
      return;
    }
    connection.setState({
      userId,
      name: headers.get(VERIFIED_USER_NAME_HEADER) ?? "",
      sessionId: headers.get(VERIFIED_SESSION_ID_HEADER) ?? "",
      workspaceId,
      role,
      e2eeRequired: headers.get(MEETING_E2EE_REQUIRED_HEADER) === "1",
      status: "connected",
      since: new Date().toISOString(),
      joinedAt: null,
      e2ee: false,
      publicKey: null,
      media: { audio: false, video: false, screen: false },
      hand: false,
      attendanceId: null,
      topology: MEETING_TOPOLOGIES.find((t) => t === headers.get(MEETING_TOPOLOGY_HEADER)) ?? "mesh",
      sfuSessionId: null,
      tracks: [],
    });
  }

  async onClose(connection: Conn) {
    this.#rates.delete(connection.id);
    try {
      await this.#depart(connection, "left");
    } catch (error) {
      console.error(`Meeting room ${this.name}: leaving failed`, error);
      captureRoomError(this.#room, "MeetingRoom", error, connection.state ?? {});
    }
  }

  get #room(): Room {
    return { ctx: this.ctx, env: this.env };
  }

  /** A socket's error, and an exception partyserver reports (its SQL), go to /error-reporting (ADR 0031). */
  onError(connection: Conn, error: unknown) {
    console.error(`Meeting room ${this.name}: connection error`, error);
    captureRoomError(this.#room, "MeetingRoom", error, connection.state ?? {});
  }

  onException(error: unknown) {
    console.error(`Meeting room ${this.name}: exception`, error);
    captureRoomError(this.#room, "MeetingRoom", error);
  }

  async onMessage(connection: Conn, raw: string | ArrayBuffer | ArrayBufferView) {
    const seat = connection.state;
    if (!seat || seat.status === "gone" || !this.#withinRate(connection)) return;
    const parsed = parseMeetingMessage(raw);
    if (!parsed.ok) return fail(connection, parsed.code, parsed.error);
    try {
      await this.#handle(connection, seat, parsed.message);
    } catch (error) {
      // A failed write (D1 away) must not take the room down: the sender is told, everyone else carries on.
      console.error(`Meeting room ${this.name}: ${parsed.message.type} failed`, error);
      captureRoomError(this.#room, "MeetingRoom", error, seat);
      fail(connection, "invalid-message", "The room could not handle that message; try again");
    }
  }

  async #handle(connection: Conn, seat: Seat, message: MeetingClientMessage) {
    if (message.type === "ping") return send(connection, { type: "pong" });
    if (message.type === "leave") {
      await this.#depart(connection, "left");
      return connection.close(1000, "Left");
    }
    if (message.type === "join") {
      if (seat.status !== "connected") return fail(connection, "already-joined", "You have already joined");
      if (seat.e2eeRequired && !message.e2ee) {
        // Turned away before the lobby or the meeting: nobody there ever receives an unencrypted frame from it.
        fail(connection, "e2ee-required", E2EE_REQUIRED_MESSAGE);
        connection.setState({ ...seat, status: "gone" });
        return connection.close(MEETING_CLOSE.e2eeRequired, "End-to-end encryption required");
      }
      const joining: Seat = { ...seat, e2ee: message.e2ee, publicKey: message.publicKey ?? null };
      if (seat.role !== "guest") return this.#admit(connection, joining);
      connection.setState({ ...joining, status: "waiting", since: new Date().toISOString() });
      send(connection, { type: "waiting" });
      return this.#tellHostsLobby();
    }
    if (seat.status === "waiting") return fail(connection, "waiting", "Wait until the host lets you in");
    if (seat.status !== "admitted") return fail(connection, "not-joined", "Join the meeting first");

    switch (message.type) {
      case "signal": {
        const target = this.#admitted().find((c) => c.id === message.to && c.id !== connection.id);
        if (!target) return fail(connection, "no-such-participant", `No participant ${message.to} in this meeting`);
        return send(target, { type: "signal", from: connection.id, description: message.description, candidate: message.candidate });
      }
      case "key": {
        const admitted = this.#admitted();
        if (keyDistributor(admitted.map(view)) !== connection.id)
          return fail(connection, "not-distributor", "Only the key distributor hands out the meeting key");
        const epoch = await this.#currentEpoch();
        if (message.epoch !== epoch) return fail(connection, "stale-epoch", `The key's epoch is now ${epoch}`);
        const target = admitted.find((c) => c.id === message.to && c.id !== connection.id);
        if (!target) return fail(connection, "no-such-participant", `No participant ${message.to} in this meeting`);
        return send(target, { type: "key", from: connection.id, epoch, wrapped: message.wrapped });
      }
      case "media": {
        const media = { audio: message.audio, video: message.video, screen: message.screen };
        connection.setState({ ...seat, media });
        return this.#broadcast({ type: "media", participantId: connection.id, ...media }, connection.id);
      }
      case "hand":
        connection.setState({ ...seat, hand: message.raised });
        return this.#broadcast({ type: "hand", participantId: connection.id, raised: message.raised });
      case "chat": {
        const chat = { id: crypto.randomUUID(), text: message.text, at: new Date() };
        await recordChat(this.env, this.#person(seat), chat);
        return this.#broadcast({
          type: "chat",
          id: chat.id,
          from: connection.id,
          userId: seat.userId,
          name: seat.name,
          text: chat.text,
          at: chat.at.toISOString(),
        });
      }
      default:
        return this.#hostCommand(connection, seat, message);
    }
  }

  /** admit, deny, mute, remove: the host's, aimed at one participant. */
  async #hostCommand(connection: Conn, seat: Seat, message: Extract<MeetingClientMessage, { participantId: string }>) {
    if (seat.role !== "host") return fail(connection, "not-host", "Only the host can do that");
    const target = [...this.#seats()].find((c) => c.id === message.participantId && c.id !== connection.id);
    const status = target?.state?.status;
    const wanted = message.type === "admit" || message.type === "deny" ? "waiting" : "admitted";
    if (!target || status !== wanted)
      return fail(connection, "no-such-participant", `No participant ${message.participantId} ${wanted === "waiting" ? "in the lobby" : "in this meeting"}`);
    switch (message.type) {
      case "admit":
        // Someone waiting has no attendance yet, so a sign-out meanwhile did not reach this room (ADR 0029): checked now.
        if (!(await sessionIsOpen(this.env, target.state!.sessionId))) {
          target.setState({ ...target.state!, status: "gone" });
          target.close(MEETING_CLOSE.signedOut, "Signed out");
          return this.#tellHostsLobby();
        }
        send(target, { type: "admitted" });
        await this.#admit(target, target.state!);
        return this.#tellHostsLobby();
      case "deny":
        send(target, { type: "denied" });
        target.setState({ ...target.state!, status: "gone" });
        target.close(MEETING_CLOSE.denied, "Not admitted");
        this.#tellHostsLobby();
        return recordDenial(this.env, this.#person(seat), target.state?.userId ?? "");
      case "mute":
        return send(target, { type: "muted", by: connection.id });
      case "remove":
        send(target, { type: "removed" });
        await this.#depart(target, "removed");
        target.close(MEETING_CLOSE.removed, "Removed by the host");
        return recordRemoval(this.env, this.#person(seat), target.state?.userId ?? "");
    }
  }

  async #admit(connection: Conn, seat: Seat) {
    const before = keyDistributor(this.#admitted().map(view));
    const joinedAt = new Date();
    const topology = await this.#topology(seat.topology);
    const admitted: Seat = { ...seat, status: "admitted", joinedAt: joinedAt.toISOString(), attendanceId: crypto.randomUUID(), topology };
    connection.setState(admitted);
    const everyone = this.#admitted().map(view);
    const distributor = keyDistributor(everyone);
    // A new distributor (the host arriving) hands out a fresh key: the old one was someone else's to give.
    const epoch = before !== null && distributor !== before ? await this.#nextEpoch() : await this.#currentEpoch();
    const e2ee = e2eeSummary(everyone);
    send(connection, {
      type: "welcome",
      you: connection.id,
      role: admitted.role,
      meetingId: this.name,
      participants: everyone,
      ...(admitted.role === "host" ? { lobby: this.#lobby() } : {}),
      e2ee,
      meshLimit: MESH_LIMIT,
      topology,
      keyDistributor: distributor,
      epoch,
      recording: (await this.ctx.storage.get<RecordingView>("recording")) ?? null,
    });
    this.#broadcast({ type: "participant-joined", participant: view(connection), e2ee }, connection.id);
    if (before !== null && distributor !== before) this.#broadcast({ type: "rekey", epoch, keyDistributor: distributor });
    await recordJoin(this.env, this.#person(admitted), { id: admitted.attendanceId!, at: joinedAt, e2ee: admitted.e2ee });
  }

  /** Someone leaves (or is made to): the others are told and asked to rotate the key; the lobby and D1 are updated. */
  async #depart(connection: Conn, reason: Departure) {
    const seat = connection.state;
    if (!seat || seat.status === "gone") return;
    connection.setState({ ...seat, status: "gone" });
    if (seat.status === "waiting") return this.#tellHostsLobby();
    if (seat.status !== "admitted") return;
    if (seat.sfuSessionId) this.ctx.waitUntil(closeSfuSession(getConfig(this.env), seat.sfuSessionId));
    const others = this.#admitted();
    if (others.length) {
      const epoch = await this.#nextEpoch();
      const views = others.map(view);
      this.#broadcast({ type: "participant-left", participantId: connection.id, reason, e2ee: e2eeSummary(views) });
      this.#broadcast({ type: "rekey", epoch, keyDistributor: keyDistributor(views) });
    }
    if (seat.attendanceId) {
      await recordLeave(this.env, seat, seat.attendanceId, new Date()).catch((error) => {
        console.error(`Meeting room ${this.name}: leave not recorded`, error);
        captureRoomError(this.#room, "MeetingRoom", error, seat);
      });
    }
  }

  /** Called by the Worker (RPC) when a person's access ends (removed from the workspace): their sockets close now. */
  async endAccess(userId: string): Promise<number> {
    let closed = 0;
    for (const connection of this.#seats()) {
      if (connection.state?.userId !== userId) continue;
      await this.#depart(connection, "access-ended");
      connection.close(MEETING_CLOSE.accessEnded, "Access ended");
      closed++;
    }
    return closed;
  }

  /**
   * Called by the Worker (RPC) when sessions end (signed out, a device signed out, the password changed): the sockets
   * opened with them close now, since the room never looks at the session again once a socket is open.
   */
  async endSessions(sessionIds: string[]): Promise<number> {
    const ended = new Set(sessionIds);
    let closed = 0;
    for (const connection of this.#seats()) {
      if (!ended.has(connection.state?.sessionId ?? "")) continue;
      // To the others it is a departure like any other (the key rotates).
      await this.#depart(connection, "left");
      connection.close(MEETING_CLOSE.signedOut, "Signed out");
      closed++;
    }
    return closed;
  }

  /** Called by the Worker (RPC): the people in the meeting now, once each (the host asks them before recording). */
  presentPeople(): { userId: string; name: string }[] {
    const people = new Map<string, string>();
    for (const connection of this.#admitted()) people.set(connection.state!.userId, connection.state!.name);
    return [...people].map(([userId, name]) => ({ userId, name }));
  }

  /** Called by the Worker (RPC) before it hands relay credentials to someone not invited: admitted now, on this session? */
  isAdmitted(userId: string, sessionId: string): boolean {
    return this.#admitted().some((c) => c.state!.userId === userId && c.state!.sessionId === sessionId);
  }

  /** Called by the Worker (RPC) when a recording changes: everyone is told, and newcomers learn of it on arrival. */
  async announceRecording(recording: RecordingView): Promise<void> {
    if (recording.status === "consent" || recording.status === "recording") await this.ctx.storage.put("recording", recording);
    else await this.ctx.storage.delete("recording");
    this.#broadcast({ type: "recording", recording });
  }

  /** Called by the Worker (RPC) when the host ends the meeting: everyone is told, every socket closes. */
  async endMeeting(): Promise<number> {
    let closed = 0;
    const at = new Date();
    for (const connection of this.getConnections<Seat>()) {
      const seat = connection.state;
      if (seat && seat.status !== "gone") {
        connection.setState({ ...seat, status: "gone" });
        if (seat.attendanceId && seat.status === "admitted") await recordLeave(this.env, seat, seat.attendanceId, at).catch(() => undefined);
        if (seat.sfuSessionId) this.ctx.waitUntil(closeSfuSession(getConfig(this.env), seat.sfuSessionId));
      }
      send(connection, { type: "ended" });
      connection.close(MEETING_CLOSE.ended, "The meeting ended");
      closed++;
    }
    await this.ctx.storage.delete(["epoch", "recording", "topology"]);
    this.#epoch = null;
    return closed;
  }

  /**
   * Called by the Worker (RPC) before each SFU call it makes for a browser (ADR 0030): the participant must be
   * admitted here now, on the same signed-in session as the HTTP call. Returns their SFU session, if they have one.
   */
  sfuParticipant(participantId: string, authSessionId: string): { userId: string; sfuSessionId: string | null } | null {
    const seat = this.#sfuSeat(participantId, authSessionId);
    return seat ? { userId: seat.userId, sfuSessionId: seat.sfuSessionId } : null;
  }

  /** Called by the Worker (RPC) once it made the participant's SFU session: later calls must use that one. */
  sfuBind(participantId: string, authSessionId: string, sfuSessionId: string): boolean {
    const connection = this.#admitted().find((c) => c.id === participantId);
    const seat = this.#sfuSeat(participantId, authSessionId);
    if (!connection || !seat || (seat.sfuSessionId && seat.sfuSessionId !== sfuSessionId)) return false;
    connection.setState({ ...seat, sfuSessionId });
    return true;
  }

  /** Called by the Worker (RPC) when the SFU took a participant's tracks: everyone else is told, to pull them. */
  sfuPublished(participantId: string, authSessionId: string, tracks: PublishedTrack[]): boolean {
    const connection = this.#admitted().find((c) => c.id === participantId);
    const seat = this.#sfuSeat(participantId, authSessionId);
    if (!connection || !seat) return false;
    const byName = new Map([...seat.tracks, ...tracks].map((t) => [t.trackName, t]));
    const published = [...byName.values()].slice(-8);
    connection.setState({ ...seat, tracks: published });
    this.#broadcast({ type: "tracks", participantId, tracks: published }, participantId);
    return true;
  }

  /** Called by the Worker (RPC): whose SFU session to pull `fromId`'s tracks from; only between two admitted participants. */
  sfuSource(participantId: string, authSessionId: string, fromId: string): { sessionId: string; tracks: PublishedTrack[] } | null {
    if (!this.#sfuSeat(participantId, authSessionId) || participantId === fromId) return null;
    const source = this.#admitted().find((c) => c.id === fromId)?.state;
    return source?.sfuSessionId && source.tracks.length ? { sessionId: source.sfuSessionId, tracks: [...source.tracks] } : null;
  }

  #sfuSeat(participantId: string, authSessionId: string): Seat | null {
    const seat: Seat | null | undefined = this.#admitted().find((c) => c.id === participantId)?.state;
    return seat && seat.sessionId === authSessionId && seat.topology === "sfu" ? seat : null;
  }

  /** The meeting's topology is the first admitted person's: people never end up split between the mesh and the SFU. */
  async #topology(offered: MeetingTopology): Promise<MeetingTopology> {
    const kept = await this.ctx.storage.get<MeetingTopology>("topology");
    if (kept) return kept;
    await this.ctx.storage.put("topology", offered);
    return offered;
  }

  *#seats(): Generator<Conn> {
    for (const connection of this.getConnections<Seat>()) if (connection.state && connection.state.status !== "gone") yield connection;
  }

  #admitted(): Conn[] {
    return [...this.#seats()].filter((c) => c.state?.status === "admitted");
  }

  #lobby(): WaitingView[] {
    return [...this.#seats()]
      .filter((c) => c.state?.status === "waiting")
      .map((c) => ({ id: c.id, userId: c.state!.userId, name: c.state!.name, since: c.state!.since }));
  }

  #tellHostsLobby() {
    const waiting = this.#lobby();
    for (const connection of this.#admitted()) if (connection.state?.role === "host") send(connection, { type: "lobby", waiting });
  }

  #broadcast(message: MeetingServerMessage, except?: string) {
    const payload = JSON.stringify(message);
    for (const connection of this.#admitted()) if (connection.id !== except) sendText(connection, payload);
  }

  #person(seat: Seat): RoomPerson {
    return { meetingId: this.name, workspaceId: seat.workspaceId, userId: seat.userId, name: seat.name };
  }

  async #currentEpoch(): Promise<number> {
    this.#epoch ??= (await this.ctx.storage.get<number>("epoch")) ?? 0;
    return this.#epoch;
  }

  async #nextEpoch(): Promise<number> {
    const next = (await this.#currentEpoch()) + 1;
    this.#epoch = next;
    await this.ctx.storage.put("epoch", next);
    return next;
  }

  /** A flood is refused with one error per window, then the connection is closed; signalling never comes near it. */
  #withinRate(connection: Conn): boolean {
    const now = Date.now();
    let window = this.#rates.get(connection.id);
    if (!window || now - window.startedAt > MEETING_MESSAGE_RATE.windowMs) {
      window = { startedAt: now, count: 0 };
      this.#rates.set(connection.id, window);
    }
    window.count++;
    if (window.count > MEETING_MESSAGE_RATE.closeAfter) {
      connection.close(MEETING_CLOSE.flood, "Too many messages");
      return false;
    }
    if (window.count > MEETING_MESSAGE_RATE.max) {
      if (window.count === MEETING_MESSAGE_RATE.max + 1) fail(connection, "rate-limited", "Too many messages: slow down");
      return false;
    }
    return true;
  }
}

function view(connection: Conn): ParticipantView {
  const seat = connection.state!;
  return {
    id: connection.id,
    userId: seat.userId,
    name: seat.name,
    role: seat.role,
    joinedAt: seat.joinedAt ?? seat.since,
    e2ee: seat.e2ee,
    publicKey: seat.publicKey,
    media: seat.media,
    hand: seat.hand,
    tracks: [...seat.tracks],
  };
}

function send(connection: Connection, message: MeetingServerMessage) {
  sendJson(connection, message);
}

function fail(connection: Connection, code: MeetingErrorCode, message: string) {
  send(connection, { type: "error", code, message });
}
