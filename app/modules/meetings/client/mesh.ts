/**
 * The browser side of a peer-to-peer meeting (issue 20, ADR 0027): one RTCPeerConnection per other participant,
 * negotiated with the "perfect negotiation" pattern over the meeting room's `signal` messages, so either side may
 * offer at any time (a new camera, a screen share) without the two offers colliding. The politer peer (the larger
 * participant id) gives way. When the network changes, ICE is restarted instead of the call being dropped.
 */

export interface SignalOut {
  type: "signal";
  to: string;
  description?: RTCSessionDescriptionInit;
  candidate?: RTCIceCandidateInit;
}

export interface SignalIn {
  from: string;
  description?: RTCSessionDescriptionInit | null;
  candidate?: RTCIceCandidateInit | null;
}

export type LinkQuality = "good" | "fair" | "poor" | "connecting" | "lost";

/** How encryption attaches to each sender and receiver; absent for a meeting without end-to-end encryption. */
export interface FrameTransforms {
  /** Chromium's older insertable streams need the connection created with this flag. */
  connectionConfig: Record<string, unknown>;
  attachSender(sender: RTCRtpSender): void;
  attachReceiver(receiver: RTCRtpReceiver): void;
}

export interface MeshOptions {
  self: string;
  iceServers: RTCIceServer[];
  send: (message: SignalOut) => void;
  onStream: (peerId: string, stream: MediaStream) => void;
  onQuality: (peerId: string, quality: LinkQuality) => void;
  /** Encryption for the link to one peer: only when both browsers can (the other one's frames are plain otherwise). */
  transformsFor?: (peerId: string) => FrameTransforms | undefined;
}

interface Link {
  pc: RTCPeerConnection;
  transforms: FrameTransforms | undefined;
  polite: boolean;
  makingOffer: boolean;
  ignoreOffer: boolean;
  /** The senders and receivers already piped through the transforms (each may be piped only once). */
  transformed: WeakSet<RTCRtpSender | RTCRtpReceiver>;
}

export class Mesh {
  private links = new Map<string, Link>();
  private tracks: { track: MediaStreamTrack; stream: MediaStream }[] = [];
  private statsTimer: ReturnType<typeof setInterval> | null = null;

  constructor(private readonly options: MeshOptions) {}

  get peers(): string[] {
    return [...this.links.keys()];
  }

  /** The tracks every peer receives; replaces what was sent before (a new device, the screen). */
  setLocalTracks(stream: MediaStream | null) {
    const next = stream ? stream.getTracks().map((track) => ({ track, stream })) : [];
    this.tracks = next;
    for (const link of this.links.values()) this.syncTracks(link);
  }

  /** Opens (or returns) the connection to a participant. */
  connect(peerId: string): Link {
    const existing = this.links.get(peerId);
    if (existing) return existing;
    const transforms = this.options.transformsFor?.(peerId);
    const pc = new RTCPeerConnection({ iceServers: this.options.iceServers, ...transforms?.connectionConfig } as RTCConfiguration);
    const link: Link = { pc, transforms, polite: this.options.self > peerId, makingOffer: false, ignoreOffer: false, transformed: new WeakSet() };
    this.links.set(peerId, link);
    pc.onnegotiationneeded = async () => {
      try {
        link.makingOffer = true;
        await pc.setLocalDescription();
        if (pc.localDescription) this.options.send({ type: "signal", to: peerId, description: pc.localDescription.toJSON() });
      } catch (error) {
        console.warn("Negotiation failed", peerId, error);
      } finally {
        link.makingOffer = false;
      }
    };
    pc.onicecandidate = ({ candidate }) => {
      if (candidate) this.options.send({ type: "signal", to: peerId, candidate: candidate.toJSON() });
    };
    pc.ontrack = ({ track, streams, transceiver }) => {
      // A transceiver the remote description is making right now; the others were piped when they were made.
      this.transform(link, transceiver);
      this.options.onStream(peerId, streams[0] ?? new MediaStream([track]));
    };
    pc.oniceconnectionstatechange = () => {
      // A changed network (Wi-Fi to mobile) fails the old candidates: gather new ones rather than hang up.
      if (pc.iceConnectionState === "failed") pc.restartIce();
      this.options.onQuality(peerId, pc.iceConnectionState === "failed" || pc.iceConnectionState === "disconnected" ? "lost" : "connecting");
    };
    // Something to negotiate even without a camera or microphone, so the other side's media still arrive.
    if (this.tracks.length === 0) {
      this.transform(link, pc.addTransceiver("audio", { direction: "recvonly" }));
      this.transform(link, pc.addTransceiver("video", { direction: "recvonly" }));
    }
    this.syncTracks(link);
    this.watchQuality();
    return link;
  }

  /** A description or candidate from the room. */
  async receive(message: SignalIn) {
    const link = this.connect(message.from);
    const { pc } = link;
    if (message.description) {
      const description = message.description;
      const collision = description.type === "offer" && (link.makingOffer || pc.signalingState !== "stable");
      link.ignoreOffer = !link.polite && collision;
      if (link.ignoreOffer) return;
      await pc.setRemoteDescription(description);
      // And any it made without a track yet (a camera the other side turns on later), piped before the answer.
      for (const transceiver of pc.getTransceivers()) this.transform(link, transceiver);
      if (description.type === "offer") {
        await pc.setLocalDescription();
        if (pc.localDescription) this.options.send({ type: "signal", to: message.from, description: pc.localDescription.toJSON() });
      }
    } else if (message.candidate) {
      try {
        await pc.addIceCandidate(message.candidate);
      } catch (error) {
        if (!link.ignoreOffer) console.warn("Could not add a candidate", error);
      }
    }
  }

  disconnect(peerId: string) {
    this.links.get(peerId)?.pc.close();
    this.links.delete(peerId);
  }

  close() {
    for (const peerId of this.peers) this.disconnect(peerId);
    if (this.statsTimer) clearInterval(this.statsTimer);
    this.statsTimer = null;
  }

  /**
   * Pipes a transceiver's sender and receiver through the encryption as soon as the transceiver exists, both at once.
   * Chromium (156) sends the frames of a sender or receiver around a transform set once the transceiver has been
   * negotiated (a receiver's in `ontrack`, or a sender reusing a receive-only transceiver): they skip the worker, so
   * video went out unencrypted or arrived still encrypted, and nothing was ever counted as decrypted.
   */
  private transform(link: Link, transceiver: RTCRtpTransceiver) {
    if (!link.transforms) return;
    if (!link.transformed.has(transceiver.sender)) {
      link.transformed.add(transceiver.sender);
      link.transforms.attachSender(transceiver.sender);
    }
    if (!link.transformed.has(transceiver.receiver)) {
      link.transformed.add(transceiver.receiver);
      link.transforms.attachReceiver(transceiver.receiver);
    }
  }

  private syncTracks(link: Link) {
    const senders = link.pc.getSenders();
    for (const { track, stream } of this.tracks) {
      const same = senders.find((s) => s.track?.kind === track.kind);
      if (same) {
        if (same.track !== track) void same.replaceTrack(track);
      } else {
        const sender = link.pc.addTrack(track, stream);
        const transceiver = link.pc.getTransceivers().find((t) => t.sender === sender);
        if (transceiver) this.transform(link, transceiver);
      }
    }
    for (const sender of senders) {
      if (sender.track && !this.tracks.some((t) => t.track.kind === sender.track!.kind)) void sender.replaceTrack(null);
    }
  }

  /** Round trip and loss on each link every few seconds, as a word the page shows next to the person. */
  private watchQuality() {
    if (this.statsTimer) return;
    this.statsTimer = setInterval(async () => {
      for (const [peerId, { pc }] of this.links) {
        if (pc.iceConnectionState !== "connected" && pc.iceConnectionState !== "completed") continue;
        const stats = await pc.getStats().catch(() => null);
        if (!stats) continue;
        let rtt = 0;
        let lost = 0;
        let received = 0;
        stats.forEach((report: Record<string, unknown>) => {
          if (report.type === "candidate-pair" && report.nominated) rtt = Number(report.currentRoundTripTime ?? 0);
          if (report.type === "inbound-rtp") {
            lost += Number(report.packetsLost ?? 0);
            received += Number(report.packetsReceived ?? 0);
          }
        });
        this.options.onQuality(peerId, linkQuality(rtt, received + lost > 0 ? lost / (received + lost) : 0));
      }
    }, 3000);
  }
}

/** Good below 150 ms and 2 % loss; poor above 400 ms or 8 %. */
export function linkQuality(roundTripSeconds: number, lossRatio: number): LinkQuality {
  if (roundTripSeconds > 0.4 || lossRatio > 0.08) return "poor";
  if (roundTripSeconds > 0.15 || lossRatio > 0.02) return "fair";
  return "good";
}
