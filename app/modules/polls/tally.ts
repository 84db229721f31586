/**
 * Poll results: turns the eligible voters and their ballots into a TallyResult.
 *
 * Pure and dependency-free: the same function runs when a poll closes (the result is stored
 * on `polls.result`) and in unit tests. Votes are sums of integer weights, so they stay exact;
 * only shares are fractions.
 */

export type PollType = "yes_no" | "single" | "multiple" | "ranked";
export type OptionRole = "yes" | "no" | "abstain"; // only for yes_no polls

export interface TallyOption {
  id: string;
  text: string;
  position: number;
  role?: OptionRole | null;
}

/** An eligible voter. Weight is an integer: 1 when not weighted, basis points of beneficial interest when weighted. */
export interface TallyVoter {
  userId: string;
  weight: number;
}

/** Option ids; for ranked polls in order of preference (first = most preferred). */
export interface TallyBallot {
  voterId: string;
  choices: string[];
}

export interface TallyInput {
  type: PollType;
  options: TallyOption[];
  voters: TallyVoter[];
  ballots: TallyBallot[];
  weighted: boolean;
  /** 0..100: share of the eligible voters (by weight when weighted) who must cast a ballot. */
  quorumPercent: number;
}

/** votes = sum of weights; share = votes / total counted for the decision, 0..1 (0 when nothing counted). */
export interface OptionCount {
  optionId: string;
  text: string;
  votes: number;
  share: number;
}

/** One instant-runoff round. `share` (added) is votes / activeVotes. */
export interface RankedRound {
  round: number;
  counts: { optionId: string; votes: number; share: number }[];
  eliminated: string[];
  exhausted: number;
  activeVotes: number;
}

export interface TallyResult {
  type: PollType;
  weighted: boolean;
  eligibleCount: number;
  eligibleWeight: number;
  ballotsCast: number;
  turnoutWeight: number;
  turnoutShare: number;
  quorumPercent: number;
  quorumMet: boolean;
  /** Every option, in `position` order (for ranked: first preferences, i.e. round 1). */
  counts: OptionCount[];
  outcome: "winner" | "tie" | "no_votes" | "no_quorum";
  /** The winner, or the tied leaders when outcome is "tie"; [] for no_votes / no_quorum. */
  winnerOptionIds: string[];
  /** Ranked-choice rounds; [] for other types. */
  rounds: RankedRound[];
}

/** A ballot that counts: from an eligible voter, with at least one valid choice. */
interface CountedBallot {
  weight: number;
  choices: string[]; // valid option ids, first occurrence only, in the voter's order
}

/** What the votes decide, before quorum is applied. */
interface Decision {
  outcome: "winner" | "tie" | "no_votes";
  winnerOptionIds: string[];
}

interface TypeTally {
  counts: OptionCount[];
  rounds: RankedRound[];
  decision: Decision;
}

const NO_VOTES: Decision = { outcome: "no_votes", winnerOptionIds: [] };

export function tallyPoll(input: TallyInput): TallyResult {
  const options = sortByPosition(input.options);
  const weights = eligibleWeights(input.voters, input.weighted);
  const ballots = countedBallots(input.ballots, weights, new Set(options.map((o) => o.id)));

  const eligibleWeight = sum(weights.values());
  const turnoutWeight = sum(ballots.map((b) => b.weight));
  const quorumMet = meetsQuorum(turnoutWeight, eligibleWeight, input.quorumPercent);
  const { counts, rounds, decision } = tallyByType(input.type, options, ballots, turnoutWeight);

  return {
    type: input.type,
    weighted: input.weighted,
    eligibleCount: weights.size,
    eligibleWeight,
    ballotsCast: ballots.length,
    turnoutWeight,
    turnoutShare: ratio(turnoutWeight, eligibleWeight),
    quorumPercent: input.quorumPercent,
    quorumMet,
    counts,
    // Counts and rounds are still reported without quorum, so people can see how close it was.
    outcome: quorumMet ? decision.outcome : "no_quorum",
    winnerOptionIds: quorumMet ? decision.winnerOptionIds : [],
    rounds,
  };
}

// ---------------------------------------------------------------------------
// Input normalisation

function sortByPosition(options: TallyOption[]): TallyOption[] {
  return [...options].sort((a, b) => a.position - b.position);
}

/** userId → weight. Unweighted polls weigh everyone 1, whatever the stored weight says. */
function eligibleWeights(voters: TallyVoter[], weighted: boolean): Map<string, number> {
  const weights = new Map<string, number>();
  for (const voter of voters) weights.set(voter.userId, weighted ? wholeWeight(voter.weight) : 1);
  return weights;
}

/** Weights are stored as integers; guard anyway so a bad row can never make votes negative or fractional. */
function wholeWeight(weight: number): number {
  return Number.isFinite(weight) && weight > 0 ? Math.floor(weight) : 0;
}

function countedBallots(ballots: TallyBallot[], weights: Map<string, number>, optionIds: Set<string>): CountedBallot[] {
  // The last ballot per voter replaces earlier ones even if it ends up empty: it is the voter's latest word.
  const latest = new Map<string, TallyBallot>();
  for (const ballot of ballots) if (weights.has(ballot.voterId)) latest.set(ballot.voterId, ballot);

  const counted: CountedBallot[] = [];
  for (const [voterId, ballot] of latest) {
    const choices = validChoices(ballot.choices, optionIds);
    if (choices.length > 0) counted.push({ weight: weights.get(voterId) ?? 0, choices });
  }
  return counted;
}

/** Drops unknown option ids and repeats, keeping the voter's order. */
function validChoices(choices: string[], optionIds: Set<string>): string[] {
  const seen = new Set<string>();
  for (const id of choices) if (optionIds.has(id)) seen.add(id); // a Set keeps first-insertion order
  return [...seen];
}

function meetsQuorum(turnoutWeight: number, eligibleWeight: number, quorumPercent: number): boolean {
  if (quorumPercent <= 0) return true;
  if (eligibleWeight === 0) return false;
  // Cross-multiplied rather than turnoutShare * 100 >= quorumPercent: in floating point 29/100 * 100
  // is 28.999…, which would wrongly fail a 29% quorum met exactly.
  return turnoutWeight * 100 >= quorumPercent * eligibleWeight;
}

// ---------------------------------------------------------------------------
// Per-type tallies

function tallyByType(type: PollType, options: TallyOption[], ballots: CountedBallot[], turnoutWeight: number): TypeTally {
  switch (type) {
    case "yes_no":
      return tallyYesNo(options, ballots, turnoutWeight);
    case "single":
      return tallySingle(options, ballots);
    case "multiple":
      return tallyMultiple(options, ballots, turnoutWeight);
    case "ranked":
      return tallyRanked(options, ballots);
    default: {
      const unknown: never = type;
      throw new Error(`Unknown poll type: ${String(unknown)}`);
    }
  }
}

function tallySingle(options: TallyOption[], ballots: CountedBallot[]): TypeTally {
  const votes = firstChoiceVotes(ballots);
  const counts = optionCounts(options, votes, () => sum(votes.values()));
  return { counts, rounds: [], decision: pluralityDecision(counts) };
}

/** Approval voting: every choice gets the voter's full weight, so shares are of turnout and may sum past 1. */
function tallyMultiple(options: TallyOption[], ballots: CountedBallot[], turnoutWeight: number): TypeTally {
  const votes = new Map<string, number>();
  for (const ballot of ballots) for (const id of ballot.choices) addTo(votes, id, ballot.weight);
  const counts = optionCounts(options, votes, () => turnoutWeight);
  return { counts, rounds: [], decision: pluralityDecision(counts) };
}

/**
 * Proposals: yes and no decide; abstentions (and, defensively, any option without a yes/no role)
 * count toward turnout only, so their share is of turnout.
 */
function tallyYesNo(options: TallyOption[], ballots: CountedBallot[], turnoutWeight: number): TypeTally {
  const votes = firstChoiceVotes(ballots);
  const idsWithRole = (role: OptionRole) => options.filter((o) => o.role === role).map((o) => o.id);
  const yesIds = idsWithRole("yes");
  const noIds = idsWithRole("no");
  const votesFor = (ids: string[]) => sum(ids.map((id) => votes.get(id) ?? 0));
  const yes = votesFor(yesIds);
  const no = votesFor(noIds);

  const counts = optionCounts(options, votes, (o) => (o.role === "yes" || o.role === "no" ? yes + no : turnoutWeight));
  let decision: Decision;
  if (yes + no === 0) decision = NO_VOTES;
  else if (yes === no) decision = { outcome: "tie", winnerOptionIds: [...yesIds, ...noIds] };
  else decision = { outcome: "winner", winnerOptionIds: yes > no ? yesIds : noIds };
  return { counts, rounds: [], decision };
}

/** Instant runoff; `counts` are the first preferences (round 1, where every option is still in). */
function tallyRanked(options: TallyOption[], ballots: CountedBallot[]): TypeTally {
  const { rounds, decision } = instantRunoff(
    options.map((o) => o.id),
    ballots,
  );
  const first = rounds[0];
  const firstVotes = new Map(first.counts.map((c) => [c.optionId, c.votes]));
  const counts = optionCounts(options, firstVotes, () => first.activeVotes);
  return { counts, rounds, decision };
}

// ---------------------------------------------------------------------------
// Instant runoff

/**
 * `optionIds` in position order. Each round either decides or eliminates exactly one option, so
 * it ends: with two left and no majority they must be equal (a tie), with one left it holds every
 * active vote (a majority), and with no active votes there is nothing to decide.
 */
function instantRunoff(optionIds: string[], ballots: CountedBallot[]): { rounds: RankedRound[]; decision: Decision } {
  let remaining = optionIds;
  const history: Map<string, number>[] = []; // votes per remaining option, one map per round
  const rounds: RankedRound[] = [];

  for (let round = 1; ; round++) {
    const { votes, exhausted } = countRound(remaining, ballots);
    const activeVotes = sum(votes.values());
    history.push(votes);
    const record: RankedRound = {
      round,
      counts: remaining.map((id) => ({ optionId: id, votes: votes.get(id) ?? 0, share: ratio(votes.get(id) ?? 0, activeVotes) })),
      eliminated: [],
      exhausted,
      activeVotes,
    };
    rounds.push(record);

    const decision = roundDecision(remaining, votes, activeVotes);
    if (decision) return { rounds, decision };

    const loser = optionToEliminate(remaining, history);
    record.eliminated = [loser];
    remaining = remaining.filter((id) => id !== loser);
  }
}

/** Each ballot goes, by weight, to its highest-ranked remaining option; with none left it is exhausted. */
function countRound(remaining: string[], ballots: CountedBallot[]): { votes: Map<string, number>; exhausted: number } {
  const inPlay = new Set(remaining);
  const votes = new Map<string, number>(remaining.map((id) => [id, 0]));
  let exhausted = 0;
  for (const ballot of ballots) {
    const top = ballot.choices.find((id) => inPlay.has(id));
    if (top === undefined) exhausted += ballot.weight;
    else addTo(votes, top, ballot.weight);
  }
  return { votes, exhausted };
}

/** The round's decision, or null when another elimination is needed. */
function roundDecision(remaining: string[], votes: Map<string, number>, activeVotes: number): Decision | null {
  if (activeVotes === 0) return NO_VOTES;
  const majority = remaining.find((id) => (votes.get(id) ?? 0) * 2 > activeVotes); // strictly more than half
  if (majority !== undefined) return { outcome: "winner", winnerOptionIds: [majority] };
  if (remaining.length === 2) return { outcome: "tie", winnerOptionIds: [...remaining] }; // no majority of two ⇒ equal
  return null;
}

/**
 * Fewest votes this round; ties go to whoever had fewer in the round before, going back to
 * round 1; still tied, the later option (higher position) goes first.
 */
function optionToEliminate(remaining: string[], history: Map<string, number>[]): string {
  let candidates = remaining;
  for (let r = history.length - 1; r >= 0 && candidates.length > 1; r--) candidates = fewestVotes(candidates, history[r]);
  return candidates[candidates.length - 1]; // `remaining` is in position order and filtering keeps it
}

function fewestVotes(ids: string[], votes: Map<string, number>): string[] {
  const least = Math.min(...ids.map((id) => votes.get(id) ?? 0));
  return ids.filter((id) => (votes.get(id) ?? 0) === least);
}

// ---------------------------------------------------------------------------
// Shared helpers

/** Each ballot's first valid choice gets the voter's weight (single choice and proposals). */
function firstChoiceVotes(ballots: CountedBallot[]): Map<string, number> {
  const votes = new Map<string, number>();
  for (const ballot of ballots) addTo(votes, ballot.choices[0], ballot.weight);
  return votes;
}

function optionCounts(options: TallyOption[], votes: Map<string, number>, shareOf: (option: TallyOption) => number): OptionCount[] {
  return options.map((option) => {
    const optionVotes = votes.get(option.id) ?? 0;
    return { optionId: option.id, text: option.text, votes: optionVotes, share: ratio(optionVotes, shareOf(option)) };
  });
}

/** Most votes wins; several at the top is a tie; nothing counted is no_votes. */
function pluralityDecision(counts: OptionCount[]): Decision {
  const top = Math.max(0, ...counts.map((c) => c.votes));
  if (top === 0) return NO_VOTES;
  const leaders = counts.filter((c) => c.votes === top).map((c) => c.optionId);
  return { outcome: leaders.length === 1 ? "winner" : "tie", winnerOptionIds: leaders };
}

function addTo(totals: Map<string, number>, id: string, amount: number): void {
  totals.set(id, (totals.get(id) ?? 0) + amount);
}

function sum(values: Iterable<number>): number {
  let total = 0;
  for (const value of values) total += value;
  return total;
}

function ratio(part: number, whole: number): number {
  return whole > 0 ? part / whole : 0;
}
