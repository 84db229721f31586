import WebSocket from "ws";
import { insertMembers } from "../../scripts/direct-members.mjs";
import { Client } from "./client";

/** A test client for /ws that keeps every message, so a test can wait for the one it expects. */
export class SocketClient {
  readonly messages: Record<string, any>[] = [];
  #waiters: { match: (m: Record<string, any>) => boolean; resolve: (m: Record<string, any>) => void }[] = [];
  closed: { code: number; reason: string } | null = null;

  private constructor(readonly ws: WebSocket) {
    ws.on("message", (data) => {
      const message = JSON.parse(String(data));
      const waiter = this.#waiters.find((w) => w.match(message));
      if (waiter) {
        this.#waiters.splice(this.#waiters.indexOf(waiter), 1);
        waiter.resolve(message);
      } else this.messages.push(message);
    });
    ws.on("close", (code, reason) => (this.closed = { code, reason: String(reason) }));
  }

  /** Opens `path` (the user room at /ws unless said; a meeting's room at /meetings/{id}/ws). */
  static open(baseUrl: string, headers: Record<string, string>, path = "/ws"): Promise<{ socket?: SocketClient; status?: number }> {
    return new Promise((resolve) => {
      const ws = new WebSocket(`${baseUrl.replace(/^http/, "ws")}${path}`, { headers });
      ws.on("open", () => resolve({ socket: new SocketClient(ws) }));
      ws.on("unexpected-response", (_req, res) => resolve({ status: res.statusCode }));
      ws.on("error", () => resolve({ status: -1 }));
    });
  }

  /** Opens a socket with a client's session cookie and our own Origin. */
  static async connect(client: Client, path = "/ws") {
    const { socket, status } = await SocketClient.open(client.baseUrl, { Origin: client.origin, Cookie: client.cookieHeader() }, path);
    if (!socket) throw new Error(`upgrade refused: ${status}`);
    return socket;
  }

  /** Opens, authenticates, and collects the pending notifications that follow. */
  static async signedIn(client: Client, userId: string) {
    const socket = await SocketClient.connect(client);
    socket.send({ type: "authenticate", userId });
    await socket.next("authenticated");
    const pending = await socket.next("pending_notifications");
    return { socket, pending: pending.notifications as { id: string; type: string; metadata: Record<string, any>; createdAt: string }[] };
  }

  send(message: unknown) {
    this.ws.send(typeof message === "string" ? message : JSON.stringify(message));
  }

  /** The next message of a type (or matching a predicate), whether it already arrived or not. */
  next(type: string | ((m: Record<string, any>) => boolean), timeoutMs = 10_000): Promise<Record<string, any>> {
    const match = typeof type === "string" ? (m: Record<string, any>) => m.type === type : type;
    const index = this.messages.findIndex(match);
    if (index >= 0) return Promise.resolve(this.messages.splice(index, 1)[0]);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no ${typeof type === "string" ? type : "matching"} message within ${timeoutMs} ms; got ${JSON.stringify(this.messages)}`)),
        timeoutMs,
      );
      this.#waiters.push({ match, resolve: (m) => (clearTimeout(timer), resolve(m)) });
    });
  }

  /** Waits a little and returns what arrived meanwhile of a type (to prove that nothing did). */
  async drain(type: string, waitMs = 600) {
    await new Promise((r) => setTimeout(r, waitMs));
    const found = this.messages.filter((m) => m.type === type);
    this.messages.splice(0, this.messages.length, ...this.messages.filter((m) => m.type !== type));
    return found;
  }

  close() {
    this.ws.close();
  }
}

/** Many signed-in members at once, written straight into local D1 (see scripts/direct-members.mjs). */
export function addMembersDirectly(baseUrl: string, persistTo: string, workspaceId: string, count: number, role = "beneficiary") {
  return insertMembers(persistTo, workspaceId, count, { role, tag: "Voter" }).map((p: { id: string; token: string; name: string }) => {
    const client = new Client(baseUrl);
    client.cookies.set("session", p.token);
    return { client, userId: p.id, name: p.name };
  });
}
