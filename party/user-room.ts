import { Server, type Connection, type ConnectionContext } from "partyserver";
import {
  parseClientMessage,
  type ServerMessage,
  VERIFIED_USER_ID_HEADER,
  VERIFIED_USER_NAME_HEADER,
} from "./protocol";

interface ConnectionState {
  userId: string;
  userName: string;
  authenticated: boolean;
  threads: readonly string[];
}

/**
 * One room per user, named by the user id. The Worker lets only that user's signed-in browsers in;
 * the room then checks that `authenticate` names the same user. Connection state lives in the socket
 * attachment, so subscriptions survive hibernation.
 */
export class UserRoom extends Server<Env> {
  static options = { hibernate: true };

  onConnect(connection: Connection<ConnectionState>, ctx: ConnectionContext) {
    const userId = ctx.request.headers.get(VERIFIED_USER_ID_HEADER);
    if (!userId || userId !== this.name) {
      connection.close(1008, "Not allowed");
      return;
    }
    connection.setState({
      userId,
      userName: ctx.request.headers.get(VERIFIED_USER_NAME_HEADER) ?? "",
      authenticated: false,
      threads: [],
    });
  }

  onMessage(connection: Connection<ConnectionState>, raw: string | ArrayBuffer | ArrayBufferView) {
    const state = connection.state;
    if (!state) return;
    const parsed = typeof raw === "string" ? parseClientMessage(raw) : ({ ok: false, error: "Binary messages are not supported" } as const);
    if (!parsed.ok) return send(connection, { type: "error", message: parsed.error });
    const message = parsed.message;
    switch (message.type) {
      case "authenticate":
        if (message.userId !== state.userId) {
          return send(connection, { type: "error", message: "Authentication failed: this connection belongs to another user" });
        }
        connection.setState({ ...state, authenticated: true });
        return send(connection, { type: "authenticated", userName: state.userName });
      case "ping":
        return;
      case "subscribe_thread":
        if (!state.authenticated) return send(connection, { type: "error", message: "Authenticate first" });
        connection.setState({ ...state, threads: [...new Set([...state.threads, message.threadId])] });
        return send(connection, { type: "subscribed", threadId: message.threadId });
      case "unsubscribe_thread":
        if (!state.authenticated) return send(connection, { type: "error", message: "Authenticate first" });
        connection.setState({ ...state, threads: state.threads.filter((t) => t !== message.threadId) });
        return send(connection, { type: "unsubscribed", threadId: message.threadId });
    }
  }
}

function send(connection: Connection, message: ServerMessage) {
  connection.send(JSON.stringify(message));
}
