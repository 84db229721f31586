/**
 * The host's recording (issue 20, docs/decisions/0028): the streams of those who agreed, mixed in this browser (a
 * canvas grid of their videos, their voices through one audio graph), recorded by MediaRecorder in two-second chunks
 * that are sent in order while recording. Works with end-to-end encryption on: what is mixed is what this browser
 * decrypted. A closed tab loses only the chunk in flight; the server finishes the rest.
 */
import { readWebmStart } from "../recordings/webm-structure";

export const CHUNK_MS = 2000;
/** How much of a recording's beginning is kept while its header is incomplete (a header is a few hundred bytes). */
const FIRST_CHUNK_HOLD_BYTES = 1024 * 1024;
const FRAME_RATE = 15;
const WIDTH = 1280;
const HEIGHT = 720;
const MIME_TYPES = ["video/webm;codecs=vp8,opus", "video/webm;codecs=vp9,opus", "video/webm"];

export interface RecordedSource {
  id: string;
  name: string;
  stream: MediaStream;
}

export interface RecorderProgress {
  chunksSent: number;
  bytesSent: number;
  elapsedMs: number;
  /** A chunk could not be sent after retries (the network is down): recording goes on, sending resumes. */
  failing: boolean;
}

export function canRecord(): boolean {
  return typeof MediaRecorder !== "undefined" && MIME_TYPES.some((type) => MediaRecorder.isTypeSupported(type));
}

export class MeetingRecorder {
  private canvas = document.createElement("canvas");
  private audio = new AudioContext();
  private destination = this.audio.createMediaStreamDestination();
  private videos = new Map<string, { element: HTMLVideoElement; name: string }>();
  private voices = new Map<string, MediaStreamAudioSourceNode>();
  private recorder: MediaRecorder | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;
  private queue: Promise<void> = Promise.resolve();
  private seq = 0;
  private startedAt = 0;
  private progress: RecorderProgress = { chunksSent: 0, bytesSent: 0, elapsedMs: 0, failing: false };
  private stopped = false;
  private refused = false;
  private gone = false;
  /** The beginning of the recording while it does not yet hold the whole header. */
  private firstBytes: Blob | null = null;

  constructor(
    private readonly uploadPath: string,
    private readonly onProgress: (progress: RecorderProgress) => void,
    private readonly onFatal: (message: string) => void,
  ) {
    this.canvas.width = WIDTH;
    this.canvas.height = HEIGHT;
  }

  /** Who is in the recording now: only those who agreed (the caller decides); others are dropped at once. */
  setSources(sources: readonly RecordedSource[]) {
    const wanted = new Set(sources.map((s) => s.id));
    for (const [id, video] of this.videos) {
      if (wanted.has(id)) continue;
      video.element.srcObject = null;
      this.videos.delete(id);
    }
    for (const [id, voice] of this.voices) {
      if (wanted.has(id)) continue;
      voice.disconnect();
      this.voices.delete(id);
    }
    for (const source of sources) {
      if (!this.videos.has(source.id) && source.stream.getVideoTracks().length) {
        const element = document.createElement("video");
        element.muted = true;
        element.playsInline = true;
        element.srcObject = source.stream;
        void element.play().catch(() => undefined);
        this.videos.set(source.id, { element, name: source.name });
      }
      if (!this.voices.has(source.id) && source.stream.getAudioTracks().length) {
        const voice = this.audio.createMediaStreamSource(source.stream);
        voice.connect(this.destination);
        this.voices.set(source.id, voice);
      }
    }
  }

  start() {
    const mimeType = MIME_TYPES.find((type) => MediaRecorder.isTypeSupported(type));
    const video = this.canvas.captureStream(FRAME_RATE).getVideoTracks();
    const stream = new MediaStream([...video, ...this.destination.stream.getAudioTracks()]);
    this.recorder = new MediaRecorder(stream, { mimeType, videoBitsPerSecond: 1_500_000 });
    this.recorder.ondataavailable = (event) => {
      if (event.data.size > 0) this.enqueue(event.data);
    };
    this.timer = setInterval(() => this.draw(), 1000 / FRAME_RATE);
    this.startedAt = performance.now();
    this.recorder.start(CHUNK_MS);
  }

  /** Stops, sends what is left, then asks the server to finish the file. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    const recorder = this.recorder;
    if (recorder && recorder.state !== "inactive") {
      await new Promise<void>((resolve) => {
        recorder.addEventListener("stop", () => resolve(), { once: true });
        recorder.stop();
      });
    }
    if (this.timer) clearInterval(this.timer);
    await this.queue;
    // Stopped before the header was whole: what there is goes anyway, so the server says what is wrong with it.
    const held = this.firstBytes;
    this.firstBytes = null;
    if (held && this.seq === 0) await this.send(++this.seq, held, Math.round(performance.now() - this.startedAt));
    await fetch(`${this.uploadPath}/complete`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ durationMs: Math.round(performance.now() - this.startedAt) }),
    });
    this.dispose();
  }

  /** The page goes away: nothing more is sent, not even a chunk being retried; the server keeps what arrived. */
  dispose() {
    this.stopped = true;
    this.gone = true;
    if (this.timer) clearInterval(this.timer);
    if (this.recorder?.state === "recording") this.recorder.stop();
    this.setSources([]);
    void this.audio.close().catch(() => undefined);
  }

  private enqueue(blob: Blob) {
    const elapsedMs = Math.round(performance.now() - this.startedAt);
    this.queue = this.queue.then(async () => {
      const chunk = await this.completeFirstChunk(blob);
      if (chunk) await this.send(++this.seq, chunk, elapsedMs);
    });
  }

  /**
   * The server takes a first chunk only when it holds the whole WebM header. Chromium's first piece can end before
   * the first Cluster (nothing was encoded yet in its two seconds, as on a busy machine): it is kept and sent together
   * with what follows. Past a megabyte it is not a header still arriving: it goes, and the server says why it is refused.
   */
  private async completeFirstChunk(blob: Blob): Promise<Blob | null> {
    if (this.seq > 0) return blob;
    const start = this.firstBytes ? new Blob([this.firstBytes, blob], { type: blob.type }) : blob;
    if (start.size > FIRST_CHUNK_HOLD_BYTES || readWebmStart(new Uint8Array(await start.arrayBuffer())) !== "partial") {
      this.firstBytes = null;
      return start;
    }
    this.firstBytes = start;
    return null;
  }

  /** One chunk, retried with a growing pause; the server takes a repeated chunk as already received. */
  private async send(seq: number, blob: Blob, elapsedMs: number) {
    // Refused before (the chunks queued behind it are not sent, so the first reason stays shown), or the page went away.
    for (let attempt = 0; !this.refused && !this.gone; attempt++) {
      try {
        const response = await fetch(`${this.uploadPath}/chunks/${seq}`, {
          method: "PUT",
          headers: { "Content-Type": "video/webm", "X-Recording-Elapsed-Ms": String(elapsedMs) },
          body: blob,
        });
        if (response.ok) {
          this.progress = { chunksSent: seq, bytesSent: this.progress.bytesSent + blob.size, elapsedMs, failing: false };
          return this.onProgress(this.progress);
        }
        if (response.status < 500) {
          const body = (await response.json().catch(() => ({}))) as { error?: string };
          this.refused = true;
          this.dispose();
          return this.onFatal(body.error ?? response.statusText);
        }
      } catch {
        // Offline for a moment: wait and send the same chunk again.
      }
      this.progress = { ...this.progress, failing: attempt >= 2 };
      this.onProgress(this.progress);
      await new Promise((resolve) => setTimeout(resolve, Math.min(10_000, 500 * 2 ** attempt)));
    }
  }

  /** The grid: each person's video kept in proportion, with their name. */
  private draw() {
    const context = this.canvas.getContext("2d");
    if (!context) return;
    context.fillStyle = "#111";
    context.fillRect(0, 0, WIDTH, HEIGHT);
    const tiles = [...this.videos.values()];
    if (tiles.length === 0) return;
    const columns = Math.ceil(Math.sqrt(tiles.length));
    const rows = Math.ceil(tiles.length / columns);
    const tileWidth = WIDTH / columns;
    const tileHeight = HEIGHT / rows;
    tiles.forEach(({ element, name }, index) => {
      const x = (index % columns) * tileWidth;
      const y = Math.floor(index / columns) * tileHeight;
      if (element.videoWidth > 0) {
        const scale = Math.min(tileWidth / element.videoWidth, tileHeight / element.videoHeight);
        const w = element.videoWidth * scale;
        const h = element.videoHeight * scale;
        context.drawImage(element, x + (tileWidth - w) / 2, y + (tileHeight - h) / 2, w, h);
      }
      context.fillStyle = "rgba(0,0,0,0.6)";
      context.fillRect(x + 8, y + tileHeight - 36, Math.min(tileWidth - 16, 16 + name.length * 11), 28);
      context.fillStyle = "#fff";
      context.font = "18px sans-serif";
      context.fillText(name, x + 16, y + tileHeight - 16, tileWidth - 32);
    });
  }
}
