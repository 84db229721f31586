import { createHash, randomBytes, randomUUID } from "node:crypto";
import WebSocket from "ws";
import { Client } from "./client";
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

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

  static open(baseUrl: string, headers: Record<string, string>): Promise<{ socket?: SocketClient; status?: number }> {
    return new Promise((resolve) => {
      const ws = new WebSocket(`${baseUrl.replace(/^http/, "ws")}/ws`, { headers });
      ws.on("open", () => resolve({ socket: new SocketClient(ws) }));
      ws.on("unexpected-response", (_req, res) => resolve({ status: res.statusCode }));
      ws.on("error", () => resolve({ status: -1 }));
    });
  }

  /** Opens a socket with a client's session cookie and our own Origin. */
  static async connect(client: Client) {
    const { socket, status } = await SocketClient.open(client.baseUrl, { Origin: client.origin, Cookie: client.cookieHeader() });
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
      const timer = setTimeout(() => reject(new Error(`no ${typeof type === "string" ? type : "matching"} message within ${timeoutMs} ms; got ${JSON.stringify(this.messages)}`)), timeoutMs);
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

/**
 * Many members at once, written straight into local D1 with a session each (hashing 200 passwords
 * through the sign-up would take minutes). Returns signed-in clients.
 */
export function addMembersDirectly(baseUrl: string, persistTo: string, workspaceId: string, count: number, role = "beneficiary") {
  const now = Date.now();
  const people = Array.from({ length: count }, (_, i) => {
    const token = randomBytes(32).toString("base64url");
    return { id: randomUUID(), token, name: `Voter ${i + 1} ${randomBytes(2).toString("hex")}` };
  });
  const q = (v: string) => `'${v.replace(/'/g, "''")}'`;
  const statements = people.flatMap((p) => [
    `INSERT INTO users (id, email, username, name, first_name, last_name, password_hash, email_verified_at, created_at, updated_at) VALUES (${q(p.id)}, ${q(`${p.id}@example.com`)}, ${q(`u${p.id.replace(/-/g, "").slice(0, 20)}`)}, ${q(p.name)}, 'Voter', ${q(p.name)}, 'x', ${now}, ${now}, ${now});`,
    `INSERT INTO memberships (id, workspace_id, user_id, role, created_at) VALUES (${q(randomUUID())}, ${q(workspaceId)}, ${q(p.id)}, ${q(role)}, ${now});`,
    `INSERT INTO sessions (id, token_hash, user_id, workspace_id, remember, created_at, last_seen_at, expires_at) VALUES (${q(randomUUID())}, ${q(createHash("sha256").update(p.token).digest("hex"))}, ${q(p.id)}, ${q(workspaceId)}, 1, ${now}, ${now}, ${now + 86_400_000});`,
  ]);
  // Hundreds of statements exceed a command line: they go through a file.
  const dir = mkdtempSync(join(tmpdir(), "members-"));
  const file = join(dir, "members.sql");
  writeFileSync(file, statements.join("\n"));
  const result = spawnSync("node_modules/.bin/wrangler", ["d1", "execute", "DB", "--local", "--persist-to", persistTo, "--file", file], {
    encoding: "utf8",
    env: { ...process.env, WRANGLER_SEND_METRICS: "false" },
  });
  rmSync(dir, { recursive: true, force: true });
  if (result.status !== 0) throw new Error(`adding members failed: ${result.stderr}`);
  return people.map((p) => {
    const client = new Client(baseUrl);
    client.cookies.set("session", p.token);
    return { client, userId: p.id, name: p.name };
  });
}
