import { WebSocket as ReconnectingWebSocket } from "partysocket";
import { ACCESS_ENDED_CODES, serverMessageSchema, type ClientMessage, type ServerMessage } from "../../../party/protocol";

/**
 * The browser side of /ws (spec sections 4, 7 and 9): one reconnecting socket per signed-in user, framework-free so
 * a React hook (or anything else) can wrap it. partysocket owns the backoff; this class owns the protocol.
 */
export type ConnectionStatus = "disconnected" | "connecting" | "connected" | "error";

export const RECONNECT = { minDelayMs: 1000, growFactor: 2, maxDelayMs: 30000, maxAttempts: 5 } as const;
export const PING_INTERVAL_MS = 30_000;

export interface RealtimeOptions {
  /** The connection starts only when a user id is known: the caller only constructs it then. */
  userId: string;
  /** Defaults to /ws on the page's host, wss when the page is https. */
  url?: string;
  /** Injectable for tests. */
  WebSocket?: typeof globalThis.WebSocket;
  onStatus?: (status: ConnectionStatus) => void;
  /** Every server message that parses against the protocol. */
  onMessage?: (message: ServerMessage) => void;
  /** The server ended this access (signed out elsewhere, removed from the workspace): the socket stays closed. */
  onAccessEnded?: (code: number) => void;
  log?: Pick<Console, "warn" | "error">;
}

/** /ws on the same host as the page; secure when the page is. */
export function defaultRealtimeUrl(location: Pick<Location, "protocol" | "host">): string {
  return `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws`;
}

export class RealtimeConnection {
  private readonly options: RealtimeOptions;
  private readonly log: Pick<Console, "warn" | "error">;
  private readonly threads = new Set<string>();
  private socket: ReconnectingWebSocket | null = null;
  private currentStatus: ConnectionStatus = "disconnected";
  private pingTimer: ReturnType<typeof setInterval> | undefined;
  private stopped = false;
  /** Retries gone: a trailing error event must not turn "disconnected" back into "error". */
  private gaveUp = false;
  /** partysocket's retry count just before it handles a close; see handleClose. */
  private retriesBeforeClose = 0;

  constructor(options: RealtimeOptions) {
    this.options = options;
    this.log = options.log ?? console;
    this.setStatus("connecting");
    try {
      const socket = new ReconnectingWebSocket(options.url ?? defaultRealtimeUrl(window.location), undefined, {
        WebSocket: options.WebSocket,
        minReconnectionDelay: RECONNECT.minDelayMs,
        reconnectionDelayGrowFactor: RECONNECT.growFactor,
        maxReconnectionDelay: RECONNECT.maxDelayMs,
        maxRetries: RECONNECT.maxAttempts,
        // The retry counter resets as soon as an open is accepted, not after a probation period.
        minUptime: 0,
        // Called by partysocket before it decides whether to retry, so we can tell afterwards whether it did.
        shouldReconnectOnClose: () => {
          this.retriesBeforeClose = socket.retryCount;
          return true;
        },
      });
      socket.addEventListener("open", this.handleOpen);
      socket.addEventListener("close", this.handleClose);
      socket.addEventListener("error", this.handleError);
      socket.addEventListener("message", this.handleMessage);
      this.socket = socket;
    } catch (error) {
      this.log.error("[realtime] could not create the socket", error);
      this.setStatus("error");
    }
  }

  get status(): ConnectionStatus {
    return this.currentStatus;
  }

  subscribeThread(threadId: string): void {
    this.threads.add(threadId);
    this.send({ type: "subscribe_thread", threadId });
  }

  unsubscribeThread(threadId: string): void {
    this.threads.delete(threadId);
    this.send({ type: "unsubscribe_thread", threadId });
  }

  close(): void {
    if (this.stopped) return;
    // Set first: partysocket dispatches its close event synchronously from close(), and it must be ignored.
    this.stopped = true;
    this.stopPing();
    this.socket?.close();
    this.setStatus("disconnected");
  }

  private readonly handleOpen = (): void => {
    if (this.stopped) return;
    this.gaveUp = false;
    this.setStatus("connected");
    // The room ignores everything until it knows who we are, so authenticate goes first.
    this.send({ type: "authenticate", userId: this.options.userId });
    for (const threadId of this.threads) this.send({ type: "subscribe_thread", threadId });
    this.stopPing();
    this.pingTimer = setInterval(() => this.send({ type: "ping" }), PING_INTERVAL_MS);
  };

  private readonly handleClose = (event: CloseEvent): void => {
    if (this.stopped || !this.socket) return;
    if (ACCESS_ENDED_CODES.includes(event.code)) {
      this.close();
      this.options.onAccessEnded?.(event.code);
      return;
    }
    this.stopPing();
    // partysocket has already scheduled (or declined) the next attempt; a retry bumps its counter.
    const retrying = this.socket.shouldReconnect && this.socket.retryCount > this.retriesBeforeClose;
    this.gaveUp = !retrying;
    this.setStatus(retrying ? "connecting" : "disconnected");
  };

  private readonly handleError = (event: Event): void => {
    if (this.stopped) return;
    this.stopPing();
    this.log.warn("[realtime] socket error", (event as Event & { message?: string }).message ?? "");
    if (!this.gaveUp) this.setStatus("error");
  };

  private readonly handleMessage = (event: MessageEvent): void => {
    if (this.stopped) return;
    const message = parseServerMessage(event.data);
    if (!message) {
      this.log.warn("[realtime] ignored an invalid server message", event.data);
      this.setStatus("error");
      return;
    }
    this.options.onMessage?.(message);
  };

  /** Only over an open socket: partysocket would queue the rest and flush it before our authenticate. */
  private send(message: ClientMessage): void {
    const socket = this.socket;
    if (this.stopped || !socket || socket.readyState !== socket.OPEN) return;
    socket.send(JSON.stringify(message));
  }

  private stopPing(): void {
    clearInterval(this.pingTimer);
    this.pingTimer = undefined;
  }

  private setStatus(status: ConnectionStatus): void {
    if (status === this.currentStatus) return;
    this.currentStatus = status;
    this.options.onStatus?.(status);
  }
}

function parseServerMessage(data: unknown): ServerMessage | null {
  if (typeof data !== "string") return null;
  try {
    const parsed = serverMessageSchema.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
