import { tallyPoll, type TallyBallot, type TallyInput, type TallyOption, type TallyResult, type TallyVoter } from "./tally";

/** Builders for the tally tests: every expectation there is worked out by hand in the comment next to it. */

export const YES_NO: TallyOption[] = [
  { id: "yes", text: "Yes", position: 0, role: "yes" },
  { id: "no", text: "No", position: 1, role: "no" },
  { id: "abstain", text: "Abstain", position: 2, role: "abstain" },
];

/** Options named by id, positioned in the order given. */
export function options(...ids: string[]): TallyOption[] {
  return ids.map((id, position) => ({ id, text: `Option ${id}`, position }));
}

/** Unweighted voters (weight 1 each). */
export function voters(...ids: string[]): TallyVoter[] {
  return ids.map((userId) => ({ userId, weight: 1 }));
}

/** Voters with weights in basis points, e.g. { a: 4000, b: 6000 }. */
export function weightedVoters(weights: Record<string, number>): TallyVoter[] {
  return Object.entries(weights).map(([userId, weight]) => ({ userId, weight }));
}

export function ballot(voterId: string, ...choices: string[]): TallyBallot {
  return { voterId, choices };
}

export function tally(input: Pick<TallyInput, "type" | "options"> & Partial<TallyInput>): TallyResult {
  return tallyPoll({ voters: [], ballots: [], weighted: false, quorumPercent: 0, ...input });
}

export function votesOf(result: TallyResult): Record<string, number> {
  return Object.fromEntries(result.counts.map((c) => [c.optionId, c.votes]));
}

export function sharesOf(result: TallyResult): Record<string, number> {
  return Object.fromEntries(result.counts.map((c) => [c.optionId, c.share]));
}

/** Rounds without the derived shares, to compare against the hand-written tables. */
export function roundsOf(result: TallyResult) {
  return result.rounds.map((r) => ({
    round: r.round,
    counts: Object.fromEntries(r.counts.map((c) => [c.optionId, c.votes])),
    eliminated: r.eliminated,
    exhausted: r.exhausted,
    activeVotes: r.activeVotes,
  }));
}
