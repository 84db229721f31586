import { DurableObject } from "cloudflare:workers";
import { pushThreadEvent } from "../app/modules/notifications/service.server";
import { closePoll, pollThreadId } from "../app/modules/polls/closing.server";

/** Tally updates of one poll are sent at most this often, however many ballots arrive. */
export const TALLY_PUSH_INTERVAL_MS = 500;

/**
 * One object per open poll, named by the poll id.
 * - Its alarm closes the poll at its closing time, computes the result and tells everyone eligible.
 *   The cron trigger closes any poll whose alarm was lost.
 * - It coalesces live tally updates: every ballot tells it who should hear about it, and it pushes
 *   one `thread_event` per interval to those people's rooms. Without it, N ballots would make N × N
 *   pushes; with it, a burst of ballots costs one push per person per interval.
 */
export class PollTimer extends DurableObject<Env> {
  #audience = new Set<string>();
  #flushing: Promise<void> | null = null;

  /** Sets (or moves) the alarm for a poll. */
  async schedule(pollId: string, closesAt: number): Promise<void> {
    await this.ctx.storage.put("pollId", pollId);
    await this.ctx.storage.setAlarm(closesAt);
  }

  /** The poll was closed by hand: the alarm has nothing left to do. */
  async cancel(): Promise<void> {
    await this.ctx.storage.deleteAlarm();
  }

  /** A ballot was cast: these people's open poll pages should refresh their tally soon. */
  ballotCast(pollId: string, userIds: string[]): void {
    for (const id of userIds) this.#audience.add(id);
    if (this.#flushing) return;
    this.#flushing = new Promise<void>((resolve) => setTimeout(resolve, TALLY_PUSH_INTERVAL_MS)).then(async () => {
      const audience = [...this.#audience];
      this.#audience.clear();
      this.#flushing = null;
      await pushThreadEvent(this.env, audience, pollThreadId(pollId), { kind: "ballot", pollId }).catch((error) =>
        console.warn("Could not push a tally update for poll", pollId, error),
      );
    });
    this.ctx.waitUntil(this.#flushing);
  }

  async alarm(): Promise<void> {
    const pollId = await this.ctx.storage.get<string>("pollId");
    if (pollId) await closePoll(this.env, pollId, { closedBy: null });
  }
}
