/** What a room needs of a socket to write to it (partyserver's Connection is one). */
export interface Writable {
  readonly readyState: number;
  send(message: string): void;
}

/** WebSocket.OPEN: the only state in which the runtime accepts a write. */
const OPEN = 1;

/**
 * Writes a message to a socket that is still open, and drops it for one that has closed. A room's answer often comes
 * after an await (a D1 read); the socket may have closed meanwhile (a sign-out ends the person's sockets, a tab shuts),
 * and the runtime throws on a write after close. Nobody is left to read that answer, so dropping it loses nothing.
 * Returns whether the message was written.
 */
export function sendJson(connection: Writable, message: unknown): boolean {
  return sendText(connection, JSON.stringify(message));
}

/** sendJson for a message already written out, as a broadcast writes it once for every socket. */
export function sendText(connection: Writable, text: string): boolean {
  if (connection.readyState !== OPEN) return false;
  connection.send(text);
  return true;
}
