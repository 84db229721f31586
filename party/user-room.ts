import { Server, type Connection, type ConnectionContext } from "partyserver";
import { getConfig } from "../app/platform/env.server";
import { captureRoomError, type Room } from "./capture";
import { sendJson, sendText } from "./send";
import {
  ACCESS_ENDED_CLOSE,
  MAX_CLIENT_MESSAGE_BYTES,
  MESSAGE_RATE,
  parseClientMessage,
  type ServerMessage,
  type ThreadEvent,
  VERIFIED_SESSION_ID_HEADER,
  VERIFIED_USER_ID_HEADER,
  VERIFIED_USER_NAME_HEADER,
  VERIFIED_WORKSPACE_ID_HEADER,
} from "./protocol";

interface ConnectionState {
  userId: string;
  userName: string;
  /** Absent on sockets opened before these were recorded: a sign-out or removal closes them too. */
  sessionId?: string;
  workspaceId?: string;
  authenticated: boolean;
  threads: readonly string[];
}

interface StoredNotification {
  id: string;
  type: string;
  metadata: Record<string, unknown>;
  createdAt: string;
}

/** Message counts per connection for the flood limit; kept in memory (a hibernated room starts afresh). */
interface RateWindow {
  startedAt: number;
  count: number;
}

/**
 * One room per user, named by the user id. The Worker lets only that user's signed-in browsers in;
 * the room then checks that `authenticate` names the same user. Connection state lives in the socket
 * attachment, so subscriptions survive hibernation.
 *
 * Notifications are stored in D1 before they reach the room. A notification is claimed once (see
 * #claim), either when it is pushed to a live, authenticated connection or when a connection
 * authenticates and collects what is pending: whichever comes first sends it, the other finds it
 * claimed, so nothing is delivered twice or lost.
 */
export class UserRoom extends Server<Env> {
  static options = { hibernate: true };

  #rates = new Map<string, RateWindow>();
  #lastPrune = 0;

  /**
   * /system-health's rooms probe, reached by the Worker through partyserver's router as /ws is. The Worker never
   * forwards a plain request from outside (it lets only WebSocket upgrades through), so this answers nothing else.
   */
  onRequest(request: Request): Response {
    const path = new URL(request.url).pathname;
    try {
      if (path === "/ops-ping") return new Response("pong");
      // Development tools only (POST /api/dev/health-faults): the worker tests make the room fail as a bug would.
      const config = getConfig(this.env);
      if (path === "/ops-throw" && config.DEV_TOOLS === "on" && config.APP_ENV !== "production") {
        throw new RangeError(request.headers.get("X-Ops-Message") ?? "room failure");
      }
      return new Response("Not found", { status: 404 });
    } catch (error) {
      captureRoomError(this.#room, "UserRoom", error, { userId: this.name });
      return new Response("Internal error", { status: 500 });
    }
  }

  /** A socket's error, and an exception partyserver reports (its SQL), go to /error-reporting (ADR 0031). */
  onError(connection: Connection<ConnectionState>, error: unknown) {
    console.error(`User room: connection error`, error);
    captureRoomError(this.#room, "UserRoom", error, connection.state ?? {});
  }

  onException(error: unknown) {
    console.error(`User room: exception`, error);
    captureRoomError(this.#room, "UserRoom", error, { userId: this.name });
  }

  get #room(): Room {
    return { ctx: this.ctx, env: this.env };
  }

  onConnect(connection: Connection<ConnectionState>, ctx: ConnectionContext) {
    const userId = ctx.request.headers.get(VERIFIED_USER_ID_HEADER);
    if (!userId || userId !== this.name) {
      connection.close(1008, "Not allowed");
      return;
    }
    connection.setState({
      userId,
      userName: ctx.request.headers.get(VERIFIED_USER_NAME_HEADER) ?? "",
      sessionId: ctx.request.headers.get(VERIFIED_SESSION_ID_HEADER) ?? undefined,
      workspaceId: ctx.request.headers.get(VERIFIED_WORKSPACE_ID_HEADER) || undefined,
      authenticated: false,
      threads: [],
    });
  }

  onClose(connection: Connection) {
    this.#rates.delete(connection.id);
  }

  async onMessage(connection: Connection<ConnectionState>, raw: string | ArrayBuffer | ArrayBufferView) {
    try {
      await this.#onMessage(connection, raw);
    } catch (error) {
      // A failed read (D1 away) must not go unseen: it is captured, and the browser is told.
      console.error("User room: message failed", error);
      captureRoomError(this.#room, "UserRoom", error, connection.state ?? {});
      send(connection, { type: "error", message: "The room could not handle that message; try again" });
    }
  }

  async #onMessage(connection: Connection<ConnectionState>, raw: string | ArrayBuffer | ArrayBufferView) {
    const state = connection.state;
    if (!state) return;
    if (!this.#withinRate(connection)) return;
    if (typeof raw !== "string") return send(connection, { type: "error", message: "Binary messages are not supported" });
    if (raw.length > MAX_CLIENT_MESSAGE_BYTES)
      return send(connection, { type: "error", message: `Message too large (at most ${MAX_CLIENT_MESSAGE_BYTES} bytes)` });
    const parsed = parseClientMessage(raw);
    if (!parsed.ok) return send(connection, { type: "error", message: parsed.error });
    const message = parsed.message;
    switch (message.type) {
      case "authenticate": {
        if (message.userId !== state.userId) {
          return send(connection, { type: "error", message: "Authentication failed: this connection belongs to another user" });
        }
        connection.setState({ ...state, authenticated: true });
        send(connection, { type: "authenticated", userName: state.userName });
        return send(connection, { type: "pending_notifications", notifications: await this.#collectPending() });
      }
      case "ping":
        return;
      case "subscribe_thread":
        if (!state.authenticated) return send(connection, { type: "error", message: "Authenticate first" });
        connection.setState({ ...state, threads: [...new Set([...state.threads, message.threadId])].slice(-200) });
        return send(connection, { type: "subscribed", threadId: message.threadId });
      case "unsubscribe_thread":
        if (!state.authenticated) return send(connection, { type: "error", message: "Authenticate first" });
        connection.setState({ ...state, threads: state.threads.filter((t) => t !== message.threadId) });
        return send(connection, { type: "unsubscribed", threadId: message.threadId });
    }
  }

  /**
   * Called by the Worker (RPC) after it stored a notification for this user. Sends the event to every
   * authenticated connection if it is the first to claim the notification; returns whether it did.
   */
  async deliver(notification: StoredNotification, event: ServerMessage): Promise<boolean> {
    const live = this.#authenticatedConnections();
    if (live.length === 0) return false;
    // The Worker records D1's delivered_at for a whole fan-out in one statement (it knows who said yes).
    if (!(await this.#claim([notification.id], { recordInD1: false })).length) return false;
    const payload = JSON.stringify(event);
    for (const connection of live) sendText(connection, payload);
    return true;
  }

  /** Called by the Worker (RPC): forwards a thread event to this user's connections subscribed to the thread. */
  pushThread(threadId: string, event: ThreadEvent): number {
    const payload = JSON.stringify({ type: "thread_event", threadId, event } satisfies ServerMessage);
    let sent = 0;
    for (const connection of this.#authenticatedConnections()) {
      if (connection.state?.threads.includes(threadId)) {
        if (sendText(connection, payload)) sent++;
      }
    }
    return sent;
  }

  /**
   * Called by the Worker (RPC) when access ends: the sessions signed out (`sessionIds`), or the person removed from
   * a workspace (`workspaceId`: the sockets opened in it). Those sockets close at once with a code that tells the
   * browser not to reconnect as before. Returns how many closed.
   */
  endAccess(ended: { sessionIds?: string[]; workspaceId?: string }): number {
    let closed = 0;
    for (const connection of this.getConnections<ConnectionState>()) {
      const state = connection.state;
      const bySession = ended.sessionIds !== undefined && (!state?.sessionId || ended.sessionIds.includes(state.sessionId));
      const byWorkspace = ended.workspaceId !== undefined && (!state?.workspaceId || state.workspaceId === ended.workspaceId);
      if (!bySession && !byWorkspace) continue;
      connection.close(
        byWorkspace ? ACCESS_ENDED_CLOSE.removedFromWorkspace : ACCESS_ENDED_CLOSE.signedOut,
        byWorkspace ? "Removed from the workspace" : "Signed out",
      );
      closed++;
    }
    return closed;
  }

  #authenticatedConnections(): Connection<ConnectionState>[] {
    return [...this.getConnections<ConnectionState>()].filter((c) => c.state?.authenticated);
  }

  /** Everything stored for this user that no connection has received yet, oldest first. */
  async #collectPending() {
    const { results } = await this.env.DB.prepare(
      "SELECT id, type, metadata, created_at FROM notifications WHERE user_id = ?1 AND delivered_at IS NULL ORDER BY created_at LIMIT 500",
    )
      .bind(this.name)
      .all<{ id: string; type: string; metadata: string; created_at: number }>();
    const claimed = new Set(await this.#claim(results.map((row) => row.id)));
    return results
      .filter((row) => claimed.has(row.id))
      .map((row) => ({ id: row.id, type: row.type, metadata: parseMetadata(row.metadata), createdAt: new Date(row.created_at).toISOString() }));
  }

  /**
   * Marks notifications delivered and returns those that were not yet: the room's own storage is the
   * arbiter (a Durable Object runs one event at a time around storage calls, so two pushes or a push
   * and a sign-in can never both claim one), and D1's `delivered_at` follows without holding the send.
   */
  async #claim(ids: string[], { recordInD1 = true } = {}): Promise<string[]> {
    if (ids.length === 0) return [];
    const keys = ids.map((id) => `delivered:${id}`);
    const known = await this.ctx.storage.get<number>(keys);
    const fresh = ids.filter((_, i) => !known.has(keys[i]));
    if (fresh.length === 0) return [];
    const now = Date.now();
    await this.ctx.storage.put(Object.fromEntries(fresh.map((id) => [`delivered:${id}`, now])));
    if (recordInD1) this.ctx.waitUntil(this.#recordDelivered(fresh, now));
    else this.ctx.waitUntil(this.#prune(now));
    return fresh;
  }

  async #recordDelivered(ids: string[], at: number) {
    try {
      for (let i = 0; i < ids.length; i += 90) {
        const slice = ids.slice(i, i + 90);
        await this.env.DB.prepare(`UPDATE notifications SET delivered_at = ?1 WHERE id IN (${slice.map((_, j) => `?${j + 2}`).join(",")})`)
          .bind(at, ...slice)
          .run();
      }
    } catch (error) {
      console.warn("Could not record delivered notifications", error);
      captureRoomError(this.#room, "UserRoom", error, { userId: this.name });
    }
    await this.#prune(at);
  }

  /** The room's own record is only needed until D1 says the same; a day of it is kept, then pruned. */
  async #prune(now: number) {
    if (now - this.#lastPrune < 3_600_000) return;
    this.#lastPrune = now;
    const old = await this.ctx.storage.list<number>({ prefix: "delivered:", limit: 1000 });
    const stale = [...old].filter(([, when]) => when < now - 86_400_000).map(([key]) => key);
    if (stale.length) await this.ctx.storage.delete(stale.slice(0, 128));
  }

  /** A flood is answered with errors, then the connection is closed; normal use never comes near it. */
  #withinRate(connection: Connection): boolean {
    const now = Date.now();
    let window = this.#rates.get(connection.id);
    if (!window || now - window.startedAt > MESSAGE_RATE.windowMs) {
      window = { startedAt: now, count: 0 };
      this.#rates.set(connection.id, window);
    }
    window.count++;
    if (window.count > MESSAGE_RATE.closeAfter) {
      connection.close(1008, "Too many messages");
      return false;
    }
    if (window.count > MESSAGE_RATE.max) {
      // Only the first refusal of a window is answered, so a flood does not turn into a flood back.
      if (window.count === MESSAGE_RATE.max + 1) send(connection, { type: "error", message: "Too many messages: slow down" });
      return false;
    }
    return true;
  }
}

function parseMetadata(raw: string): Record<string, unknown> {
  try {
    const value = JSON.parse(raw);
    return value && typeof value === "object" ? value : {};
  } catch {
    return {};
  }
}

function send(connection: Connection, message: ServerMessage) {
  sendJson(connection, message);
}
