import { captureWorkerError } from "../app/modules/ops/capture.server";

/** What a room passes of itself: its state (for waitUntil) and its environment. */
export interface Room {
  ctx: DurableObjectState;
  env: Env;
}

/**
 * A room's error, kept in /error-reporting as the Worker's are (ADR 0031), under "room: <class>" and, when known, the
 * person and workspace of the connection it happened on. The room carries on: this never throws, and the capture
 * runs past the handler's end (waitUntil).
 */
export function captureRoomError(room: Room, roomClass: string, error: unknown, who: { userId?: string | null; workspaceId?: string | null } = {}) {
  const capture = captureWorkerError(room.env, error, { route: `room: ${roomClass}`, userId: who.userId ?? null, workspaceId: who.workspaceId ?? null });
  try {
    room.ctx.waitUntil(capture);
  } catch {
    // A state without waitUntil: the capture still runs while the room lives.
  }
}
