/**
 * A call to another object (a room, a timer) that may never answer: it is given up after `ms`. Without a limit, one
 * wedged room holds a sign-out, a vote or a cron run open until the runtime drops it (about 60 s locally), and
 * everything queued behind it waits too. The call itself still runs; only the wait for it ends.
 */
export function answerWithin<T>(call: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([call, limit]).finally(() => clearTimeout(timer));
}

/** How long a best-effort call into a realtime room may take before the caller goes on without it. */
const ROOM_CALL_LIMIT_MS = 5_000;

/** A best-effort call into a realtime room (`room` names it in the error), given up after ROOM_CALL_LIMIT_MS. */
export function roomCall<T>(room: string, call: Promise<T>): Promise<T> {
  return answerWithin(call, ROOM_CALL_LIMIT_MS, `The room of ${room}`);
}
