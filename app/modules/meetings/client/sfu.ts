/**
 * The browser side of a meeting carried by Cloudflare Realtime's SFU (issue 20, ADR 0030): one RTCPeerConnection to
 * the SFU instead of one per participant. This browser publishes its microphone and camera once; for each other
 * participant who publishes, it pulls their tracks. Every call goes through the Worker (POST /api/meetings/{id}/sfu),
 * which holds the app secret and asks the room whether this participant is still in the meeting. Negotiations run one
 * after another: the SFU's pc is shared, so two offers must never overlap. Frames pass through the same end-to-end
 * encryption as in the mesh, so the SFU forwards frames it cannot read.
 */
import { apiFetch } from "~/platform/api-fetch";
import type { PublishedTrack } from "../../../../party/meeting-protocol";
import { linkQuality, type FrameTransforms, type LinkQuality } from "./mesh";

export interface SfuOptions {
  meetingId: string;
  self: string;
  iceServers: RTCIceServer[];
  /** The meeting's encryption: every sender and receiver is piped through it (absent when this browser cannot). */
  transforms?: FrameTransforms;
  onStream: (participantId: string, stream: MediaStream) => void;
  onQuality: (participantId: string, quality: LinkQuality) => void;
  onError: (message: string) => void;
}

type Kind = PublishedTrack["kind"];
interface PulledTrack {
  mid?: string;
  trackName?: string;
  kind?: Kind;
  from: string;
  errorCode?: string;
}

export class SfuLink {
  private readonly pc: RTCPeerConnection;
  private queue: Promise<unknown> = Promise.resolve();
  private local: MediaStream | null = null;
  /** Our sending transceiver per kind, once published. */
  private sending = new Map<Kind, RTCRtpTransceiver>();
  /** Who sends what arrives on each mid, and what we pulled from whom (names, so a republish pulls only what is new). */
  private owners = new Map<string, string>();
  private pulled = new Map<string, { mids: string[]; names: Set<string> }>();
  private streams = new Map<string, MediaStream>();
  private transformed = new WeakSet<RTCRtpSender | RTCRtpReceiver>();
  private statsTimer: ReturnType<typeof setInterval> | null = null;
  private closed = false;

  constructor(private readonly options: SfuOptions) {
    this.pc = new RTCPeerConnection({
      iceServers: options.iceServers,
      bundlePolicy: "max-bundle",
      ...options.transforms?.connectionConfig,
    } as RTCConfiguration);
    this.pc.ontrack = ({ transceiver, track }) => {
      this.transform(transceiver);
      const owner = this.owners.get(transceiver.mid ?? "");
      if (!owner) return;
      const stream = this.streams.get(owner) ?? new MediaStream();
      for (const old of stream.getTracks()) if (old.kind === track.kind && old !== track) stream.removeTrack(old);
      stream.addTrack(track);
      this.streams.set(owner, stream);
      this.options.onStream(owner, stream);
    };
    this.pc.oniceconnectionstatechange = () => {
      if (this.pc.iceConnectionState === "failed") this.pc.restartIce();
    };
    this.watchQuality();
  }

  /** The media to publish: a new device or the screen replaces what was sent, a first track is published. */
  setLocalTracks(stream: MediaStream | null) {
    this.local = stream;
    this.run(async () => {
      const fresh: { transceiver: RTCRtpTransceiver; kind: Kind }[] = [];
      for (const kind of ["audio", "video"] as const) {
        const track = this.local?.getTracks().find((t) => t.kind === kind) ?? null;
        const existing = this.sending.get(kind);
        if (existing) {
          if (existing.sender.track !== track) await existing.sender.replaceTrack(track);
        } else if (track) {
          const transceiver = this.pc.addTransceiver(track, { direction: "sendonly", streams: this.local ? [this.local] : [] });
          this.transform(transceiver);
          this.sending.set(kind, transceiver);
          fresh.push({ transceiver, kind });
        }
      }
      if (!fresh.length) return;
      await this.pc.setLocalDescription(await this.pc.createOffer());
      const offer = this.pc.localDescription!;
      const answer = await this.call<{ answer: RTCSessionDescriptionInit | null }>({
        action: "publish",
        offer: { type: "offer", sdp: offer.sdp },
        tracks: fresh.map(({ transceiver, kind }) => ({ mid: transceiver.mid!, trackName: kind, kind })),
      });
      if (answer.answer) await this.pc.setRemoteDescription(answer.answer);
    });
  }

  /** Someone published: pull the tracks of theirs not pulled yet. */
  pull(participantId: string, tracks: readonly PublishedTrack[]) {
    this.run(async () => {
      const had = this.pulled.get(participantId) ?? { mids: [], names: new Set<string>() };
      const wanted = tracks.map((t) => t.trackName).filter((name) => !had.names.has(name));
      if (!wanted.length) return;
      const answer = await this.call<{ offer: RTCSessionDescriptionInit | null; requiresImmediateRenegotiation: boolean; tracks: PulledTrack[] }>({
        action: "pull",
        from: participantId,
        tracks: wanted,
      });
      for (const track of answer.tracks) {
        if (!track.mid || track.errorCode) continue;
        this.owners.set(track.mid, participantId);
        had.mids.push(track.mid);
        if (track.trackName) had.names.add(track.trackName);
      }
      this.pulled.set(participantId, had);
      if (!answer.offer) return;
      await this.pc.setRemoteDescription(answer.offer);
      // The receivers the offer just made are piped before any frame arrives.
      for (const transceiver of this.pc.getTransceivers()) this.transform(transceiver);
      await this.pc.setLocalDescription(await this.pc.createAnswer());
      if (answer.requiresImmediateRenegotiation) await this.call({ action: "renegotiate", answer: { type: "answer", sdp: this.pc.localDescription!.sdp } });
    });
  }

  /** Someone left: their tracks are closed here and on the SFU (which closes them anyway when the room says so). */
  drop(participantId: string) {
    const had = this.pulled.get(participantId);
    this.pulled.delete(participantId);
    this.streams.delete(participantId);
    if (!had?.mids.length) return;
    this.run(async () => {
      for (const transceiver of this.pc.getTransceivers()) if (transceiver.mid && had.mids.includes(transceiver.mid)) transceiver.stop();
      for (const mid of had.mids) this.owners.delete(mid);
      await this.pc.setLocalDescription(await this.pc.createOffer());
      const answer = await this.call<{ answer: RTCSessionDescriptionInit | null }>({
        action: "close",
        mids: had.mids,
        offer: { type: "offer", sdp: this.pc.localDescription!.sdp },
      });
      if (answer.answer) await this.pc.setRemoteDescription(answer.answer);
    });
  }

  close() {
    this.closed = true;
    if (this.statsTimer) clearInterval(this.statsTimer);
    this.statsTimer = null;
    this.pc.close();
  }

  /** One negotiation at a time; a failure is said once and the next one still runs. */
  private run(step: () => Promise<void>) {
    this.queue = this.queue.then(async () => {
      if (this.closed) return;
      try {
        await step();
      } catch (error) {
        if (this.closed) return;
        console.warn("SFU negotiation failed", error);
        const message = (error as { body?: { error?: string } }).body?.error;
        this.options.onError(typeof message === "string" ? message : String((error as Error).message ?? error));
        // A half-made offer would block every later negotiation.
        if (this.pc.signalingState === "have-local-offer") await this.pc.setLocalDescription({ type: "rollback" }).catch(() => undefined);
      }
    });
  }

  private call<T = unknown>(body: Record<string, unknown>): Promise<T> {
    return apiFetch<T>(`/api/meetings/${encodeURIComponent(this.options.meetingId)}/sfu`, {
      method: "POST",
      body: { ...body, participantId: this.options.self },
    });
  }

  private transform(transceiver: RTCRtpTransceiver) {
    const transforms = this.options.transforms;
    if (!transforms) return;
    if (!this.transformed.has(transceiver.sender)) {
      this.transformed.add(transceiver.sender);
      transforms.attachSender(transceiver.sender);
    }
    if (!this.transformed.has(transceiver.receiver)) {
      this.transformed.add(transceiver.receiver);
      transforms.attachReceiver(transceiver.receiver);
    }
  }

  /** One round trip for the SFU link, and each sender's loss from the stats of the mids that carry them. */
  private watchQuality() {
    this.statsTimer = setInterval(async () => {
      if (this.pc.iceConnectionState !== "connected" && this.pc.iceConnectionState !== "completed") {
        const lost = this.pc.iceConnectionState === "failed" || this.pc.iceConnectionState === "disconnected";
        for (const owner of this.pulled.keys()) this.options.onQuality(owner, lost ? "lost" : "connecting");
        return;
      }
      const stats = await this.pc.getStats().catch(() => null);
      if (!stats) return;
      let rtt = 0;
      const loss = new Map<string, { lost: number; received: number }>();
      stats.forEach((report: Record<string, unknown>) => {
        if (report.type === "candidate-pair" && report.nominated) rtt = Number(report.currentRoundTripTime ?? 0);
        if (report.type === "inbound-rtp") {
          const owner = this.owners.get(String(report.mid ?? ""));
          if (!owner) return;
          const sum = loss.get(owner) ?? { lost: 0, received: 0 };
          sum.lost += Number(report.packetsLost ?? 0);
          sum.received += Number(report.packetsReceived ?? 0);
          loss.set(owner, sum);
        }
      });
      for (const owner of this.pulled.keys()) {
        const sum = loss.get(owner);
        this.options.onQuality(owner, linkQuality(rtt, sum && sum.lost + sum.received > 0 ? sum.lost / (sum.lost + sum.received) : 0));
      }
    }, 3000);
  }
}
