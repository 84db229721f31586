import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ClientMessage, ServerMessage } from "../../../party/protocol";
import { PING_INTERVAL_MS, RealtimeConnection, defaultRealtimeUrl, type ConnectionStatus, type RealtimeOptions } from "./connection";

/**
 * A browser-like WebSocket that never touches the network. partysocket reads readyState against its own 0..3
 * constants, sets binaryType, wires itself with add/removeEventListener and calls close() on the way out; the test
 * drives open/message/error/close by hand. Error events are plain Events, as in browsers (partysocket's Node event
 * cloning would choke on an `error` property).
 */
class FakeWebSocket extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  static instances: FakeWebSocket[] = [];

  readonly createdAt = Date.now();
  readyState = FakeWebSocket.CONNECTING;
  binaryType = "blob";
  bufferedAmount = 0;
  extensions = "";
  protocol = "";
  readonly sent: string[] = [];

  constructor(readonly url: string) {
    super();
    FakeWebSocket.instances.push(this);
  }

  send(data: string): void {
    if (this.readyState !== FakeWebSocket.OPEN) throw new Error("send on a socket that is not open");
    this.sent.push(data);
  }

  close(): void {
    this.readyState = FakeWebSocket.CLOSED;
  }

  messages(): ClientMessage[] {
    return this.sent.map((data) => JSON.parse(data) as ClientMessage);
  }

  serverOpens(): void {
    this.readyState = FakeWebSocket.OPEN;
    this.dispatchEvent(new Event("open"));
  }

  serverSends(data: unknown): void {
    this.dispatchEvent(new MessageEvent("message", { data: typeof data === "string" ? data : JSON.stringify(data) }));
  }

  serverCloses(code = 1006): void {
    this.readyState = FakeWebSocket.CLOSED;
    this.dispatchEvent(Object.assign(new Event("close"), { code, reason: "" }));
  }

  /** What a browser does when the handshake is refused: error, then close. */
  serverRefuses(): void {
    this.readyState = FakeWebSocket.CLOSED;
    this.dispatchEvent(new Event("error"));
    this.dispatchEvent(Object.assign(new Event("close"), { code: 1006, reason: "" }));
  }
}

const sockets = () => FakeWebSocket.instances;
const latest = () => FakeWebSocket.instances[FakeWebSocket.instances.length - 1];

function connect(extra: Partial<RealtimeOptions> = {}) {
  const statuses: ConnectionStatus[] = [];
  const messages: ServerMessage[] = [];
  const log = { warn: vi.fn(), error: vi.fn() };
  const connection = new RealtimeConnection({
    userId: "user-1",
    url: "wss://example.test/ws",
    WebSocket: FakeWebSocket as unknown as typeof globalThis.WebSocket,
    onStatus: (status) => statuses.push(status),
    onMessage: (message) => messages.push(message),
    log,
    ...extra,
  });
  return { connection, statuses, messages, log };
}

/** Let partysocket's timers and promise chains run. */
const advance = (ms: number) => vi.advanceTimersByTimeAsync(ms);

/** Waits exactly `delay` ms for the next attempt, checking it does not come a millisecond earlier. */
async function expectNextAttemptAfter(delay: number): Promise<FakeWebSocket> {
  const before = sockets().length;
  await advance(delay - 1);
  expect(sockets().length).toBe(before);
  await advance(1);
  expect(sockets().length).toBe(before + 1);
  return latest();
}

let connection: RealtimeConnection | undefined;

beforeEach(() => {
  vi.useFakeTimers();
  FakeWebSocket.instances = [];
});

afterEach(() => {
  connection?.close();
  connection = undefined;
  vi.useRealTimers();
});

describe("RealtimeConnection", () => {
  it("connects to the given url and reports connecting, then connected", async () => {
    const ctx = connect();
    connection = ctx.connection;
    expect(connection.status).toBe("connecting");
    await advance(0);
    expect(sockets()).toHaveLength(1);
    expect(latest().url).toBe("wss://example.test/ws");
    latest().serverOpens();
    expect(connection.status).toBe("connected");
    expect(ctx.statuses).toEqual(["connecting", "connected"]);
  });

  it("retries after 1, 2, 4, 8 and 16 s, then gives up disconnected", async () => {
    const ctx = connect();
    connection = ctx.connection;
    await advance(0);
    latest().serverOpens();
    latest().serverCloses();
    expect(connection.status).toBe("connecting");

    for (const delay of [1000, 2000, 4000, 8000, 16000]) {
      const attempt = await expectNextAttemptAfter(delay);
      attempt.serverCloses();
    }
    expect(sockets()).toHaveLength(6);
    expect(connection.status).toBe("disconnected");

    await advance(10 * 60_000);
    expect(sockets()).toHaveLength(6);
    expect(connection.status).toBe("disconnected");
  });

  it("follows the same schedule when the browser reports error then close, and ends disconnected", async () => {
    const ctx = connect();
    connection = ctx.connection;
    await advance(0);
    latest().serverRefuses();
    expect(connection.status).toBe("error");
    for (const delay of [1000, 2000, 4000, 8000, 16000]) {
      (await expectNextAttemptAfter(delay)).serverRefuses();
    }
    await advance(10 * 60_000);
    expect(sockets()).toHaveLength(6);
    expect(connection.status).toBe("disconnected");
  });

  it("resets the backoff after a successful open", async () => {
    const ctx = connect();
    connection = ctx.connection;
    await advance(0);
    latest().serverCloses();
    (await expectNextAttemptAfter(1000)).serverCloses();
    const third = await expectNextAttemptAfter(2000);
    third.serverOpens();
    // partysocket accepts the open on a 0 ms timer (minUptime 0); a close in the same task would not reset.
    await advance(0);
    third.serverCloses();
    expect(connection.status).toBe("connecting");
    await expectNextAttemptAfter(1000);
  });

  it("authenticates first, then re-subscribes every remembered thread, on each open", async () => {
    const ctx = connect();
    connection = ctx.connection;
    connection.subscribeThread("t-1");
    connection.subscribeThread("t-2");
    await advance(0);
    latest().serverOpens();
    expect(latest().messages()).toEqual([
      { type: "authenticate", userId: "user-1" },
      { type: "subscribe_thread", threadId: "t-1" },
      { type: "subscribe_thread", threadId: "t-2" },
    ]);

    connection.unsubscribeThread("t-1");
    latest().serverCloses();
    (await expectNextAttemptAfter(1000)).serverOpens();
    expect(latest().messages()).toEqual([
      { type: "authenticate", userId: "user-1" },
      { type: "subscribe_thread", threadId: "t-2" },
    ]);
  });

  it("sends subscribe and unsubscribe at once while open, and only remembers them while closed", async () => {
    const ctx = connect();
    connection = ctx.connection;
    await advance(0);
    const first = latest();
    first.serverOpens();
    connection.subscribeThread("t-1");
    connection.unsubscribeThread("t-1");
    connection.subscribeThread("t-2");
    expect(first.messages().slice(1)).toEqual([
      { type: "subscribe_thread", threadId: "t-1" },
      { type: "unsubscribe_thread", threadId: "t-1" },
      { type: "subscribe_thread", threadId: "t-2" },
    ]);

    first.serverCloses();
    connection.subscribeThread("t-3");
    connection.unsubscribeThread("t-2");
    expect(first.sent).toHaveLength(4);

    const second = await expectNextAttemptAfter(1000);
    expect(second.sent).toEqual([]);
    second.serverOpens();
    expect(second.messages()).toEqual([
      { type: "authenticate", userId: "user-1" },
      { type: "subscribe_thread", threadId: "t-3" },
    ]);
  });

  it("pings every 30 s only while open", async () => {
    const ctx = connect();
    connection = ctx.connection;
    await advance(0);
    const first = latest();
    first.serverOpens();
    const pings = (socket: FakeWebSocket) => socket.messages().filter((m) => m.type === "ping").length;

    await advance(PING_INTERVAL_MS - 1);
    expect(pings(first)).toBe(0);
    await advance(1);
    expect(pings(first)).toBe(1);
    await advance(PING_INTERVAL_MS);
    expect(pings(first)).toBe(2);

    first.serverCloses();
    const second = await expectNextAttemptAfter(1000);
    // Still connecting well past the reconnect: no pings, and none thrown at a socket that is not open.
    await advance(3000);
    expect(pings(first)).toBe(2);
    expect(second.sent).toEqual([]);

    second.serverOpens();
    await advance(PING_INTERVAL_MS);
    expect(pings(second)).toBe(1);

    connection.close();
    await advance(5 * PING_INTERVAL_MS);
    expect(pings(second)).toBe(1);
  });

  it("passes valid server messages to onMessage", async () => {
    const ctx = connect();
    connection = ctx.connection;
    await advance(0);
    latest().serverOpens();
    latest().serverSends({ type: "authenticated", userName: "Ada" });
    latest().serverSends({ type: "vote_cast", voterName: "Bo", optionText: "Yes", pollTitle: "Trustee" });
    expect(ctx.messages).toEqual([
      { type: "authenticated", userName: "Ada" },
      { type: "vote_cast", voterName: "Bo", optionText: "Yes", pollTitle: "Trustee" },
    ]);
    expect(connection.status).toBe("connected");
    expect(ctx.log.warn).not.toHaveBeenCalled();
  });

  it.each([
    ["not JSON", "{nope"],
    ["an unknown type", JSON.stringify({ type: "surprise" })],
    ["a known type with bad fields", JSON.stringify({ type: "vote_required" })],
  ])("logs a message that is %s and sets status error", async (_label, data) => {
    const ctx = connect();
    connection = ctx.connection;
    await advance(0);
    latest().serverOpens();
    latest().serverSends(data);
    expect(ctx.messages).toEqual([]);
    expect(ctx.log.warn).toHaveBeenCalledTimes(1);
    expect(ctx.log.error).not.toHaveBeenCalled();
    expect(connection.status).toBe("error");
  });

  it("reports a socket error as error", async () => {
    const ctx = connect();
    connection = ctx.connection;
    await advance(0);
    latest().serverOpens();
    latest().dispatchEvent(new Event("error"));
    expect(connection.status).toBe("error");
    expect(ctx.log.warn).toHaveBeenCalled();
    // partysocket still retries after an error.
    await expectNextAttemptAfter(1000);
  });

  it("reports a socket that cannot be created as error", async () => {
    const Throwing = class {
      constructor() {
        throw new Error("blocked");
      }
    };
    const ctx = connect({ WebSocket: Throwing as unknown as typeof globalThis.WebSocket });
    connection = ctx.connection;
    await advance(0);
    expect(connection.status).toBe("error");
    expect(ctx.log.warn).toHaveBeenCalled();
  });

  it("close() stops reconnecting and reports disconnected", async () => {
    const ctx = connect();
    connection = ctx.connection;
    await advance(0);
    latest().serverOpens();
    connection.close();
    expect(connection.status).toBe("disconnected");
    expect(latest().readyState).toBe(FakeWebSocket.CLOSED);
    await advance(10 * 60_000);
    expect(sockets()).toHaveLength(1);
    expect(ctx.statuses).toEqual(["connecting", "connected", "disconnected"]);
  });

  it.each([4001, 4003])("stays closed when the server ends the access (code %i) and says so once", async (code) => {
    const ended: number[] = [];
    const ctx = connect({ onAccessEnded: (c) => ended.push(c) });
    connection = ctx.connection;
    await advance(0);
    latest().serverOpens();
    latest().serverCloses(code);
    await advance(10 * 60_000);
    expect(sockets()).toHaveLength(1);
    expect(ended).toEqual([code]);
    expect(connection.status).toBe("disconnected");
  });

  it("close() during a backoff cancels the pending attempt", async () => {
    const ctx = connect();
    connection = ctx.connection;
    await advance(0);
    latest().serverCloses();
    await advance(500);
    connection.close();
    await advance(10 * 60_000);
    expect(sockets()).toHaveLength(1);
    expect(connection.status).toBe("disconnected");
  });
});

describe("defaultRealtimeUrl", () => {
  it("uses the page host, /ws, and wss only for https pages", () => {
    expect(defaultRealtimeUrl({ protocol: "https:", host: "app.example:8443" })).toBe("wss://app.example:8443/ws");
    expect(defaultRealtimeUrl({ protocol: "http:", host: "localhost:5173" })).toBe("ws://localhost:5173/ws");
  });
});
