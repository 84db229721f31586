import { quietHolds, timeZoneOf } from "~/modules/profile/quiet-hours.server";
import { zonedToUtc } from "~/modules/profile/quiet-hours";
import type { Db } from "~/platform/db.server";
import { Refusal } from "~/platform/http.server";
import { SCHEDULE_AHEAD_MAX_MS } from "./validation";

export interface SendTime {
  sendAt: Date;
  /** The wall-clock time chosen with the recipient's-local-time option, else null. */
  localTime: string | null;
  /** The zone it was read in: the recipient's, else the author's (ADR 0033). */
  timeZone: string | null;
}

/**
 * When a scheduled message goes. At an exact instant, as given; at the recipient's local time, the chosen wall-clock
 * time read in the recipient's saved zone, or the author's (saved, else their browser's) when the recipient has none.
 * The instant is resolved now and stored: a zone changed later does not move it.
 */
export async function resolveSendTime(
  db: Db,
  input: { sendAt?: Date | null; localTime: string | null; authorTimeZone: string | null },
  people: { recipientId: string | null; authorId: string },
  now = Date.now(),
): Promise<SendTime | null> {
  if (!input.localTime) return input.sendAt ? { sendAt: input.sendAt, localTime: null, timeZone: null } : null;
  const timeZone =
    (people.recipientId ? await timeZoneOf(db, people.recipientId) : null) ?? (await timeZoneOf(db, people.authorId)) ?? input.authorTimeZone ?? "UTC";
  const sendAt = zonedToUtc(input.localTime, timeZone);
  if (!sendAt) throw new Refusal(400, "errors.localTimeInvalid", undefined, { localTime: "errors.localTimeInvalid" });
  if (sendAt.getTime() <= now) throw new Refusal(400, "errors.sendAtPast", undefined, { localTime: "errors.sendAtPast" });
  if (sendAt.getTime() > now + SCHEDULE_AHEAD_MAX_MS) throw new Refusal(400, "errors.sendAtFar", undefined, { localTime: "errors.sendAtFar" });
  return { sendAt, localTime: input.localTime, timeZone };
}

/** Until when an e-mail to this recipient waits: the end of their quiet hours, unless its author marked it urgent. */
export async function holdFor(db: Db, recipientId: string, urgent: boolean, now: Date): Promise<Date | null> {
  if (urgent) return null;
  return (await quietHolds(db, [recipientId], now)).get(recipientId) ?? null;
}
