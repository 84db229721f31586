import { describe, expect, it } from "vitest";
import { tallyPoll, type PollType, type TallyInput, type TallyOption } from "./tally";
import { YES_NO, options, voters, weightedVoters, ballot, tally, votesOf, sharesOf, roundsOf } from "./tally-fixtures";

describe("tallyPoll: quorum", () => {
  it("is not met at 50% when 1 of 3 votes; counts are still reported", () => {
    // Turnout 1/3 ≈ 33.3% < 50% → no_quorum, no winner, but yes 1 still shows.
    const result = tally({
      type: "yes_no",
      options: YES_NO,
      voters: voters("a", "b", "c"),
      ballots: [ballot("a", "yes")],
      quorumPercent: 50,
    });
    expect(result.turnoutShare).toBeCloseTo(1 / 3, 12);
    expect(result.quorumMet).toBe(false);
    expect(result.outcome).toBe("no_quorum");
    expect(result.winnerOptionIds).toEqual([]);
    expect(votesOf(result)).toEqual({ yes: 1, no: 0, abstain: 0 });
  });

  it("still runs ranked rounds when quorum is not met", () => {
    // 1 of 4 votes (25% < 50%): round 1 A 1, B 0 → A would win, but the outcome is no_quorum.
    const result = tally({
      type: "ranked",
      options: options("A", "B"),
      voters: voters("a", "b", "c", "d"),
      ballots: [ballot("a", "A", "B")],
      quorumPercent: 50,
    });
    expect(roundsOf(result)).toEqual([{ round: 1, counts: { A: 1, B: 0 }, eliminated: [], exhausted: 0, activeVotes: 1 }]);
    expect(result.outcome).toBe("no_quorum");
    expect(result.winnerOptionIds).toEqual([]);
  });

  it("is met exactly at the boundary", () => {
    // 2 of 4 = 50% ≥ 50% → met; yes 1 vs no 1 → tie.
    const result = tally({
      type: "yes_no",
      options: YES_NO,
      voters: voters("a", "b", "c", "d"),
      ballots: [ballot("a", "yes"), ballot("b", "no")],
      quorumPercent: 50,
    });
    expect(result.turnoutShare).toBe(0.5);
    expect(result.quorumMet).toBe(true);
    expect(result.outcome).toBe("tie");
  });

  it("is measured by weight when weighted, including the exact boundary", () => {
    // 40/40/20 family; a (4000) and c (2000) vote → turnout 6000/10000 = 60%.
    // Quorum 60 → met (yes wins 6000 to 0); quorum 61 → not met.
    const input: TallyInput = {
      type: "yes_no",
      options: YES_NO,
      voters: weightedVoters({ a: 4000, b: 4000, c: 2000 }),
      ballots: [ballot("a", "yes"), ballot("c", "yes")],
      weighted: true,
      quorumPercent: 60,
    };
    const met = tallyPoll(input);
    expect(met).toMatchObject({ turnoutWeight: 6000, turnoutShare: 0.6, quorumMet: true, outcome: "winner", winnerOptionIds: ["yes"] });
    expect(tallyPoll({ ...input, quorumPercent: 61 })).toMatchObject({ quorumMet: false, outcome: "no_quorum", winnerOptionIds: [] });
  });

  it("does not fall foul of floating point at the boundary", () => {
    // 29 of 100 vote with a 29% quorum: met exactly (in floating point 0.29 * 100 = 28.999…). 28 of 100 is not.
    const ids = Array.from({ length: 100 }, (_, i) => `v${i}`);
    const input = (voting: number): TallyInput => ({
      type: "yes_no",
      options: YES_NO,
      voters: voters(...ids),
      ballots: ids.slice(0, voting).map((id) => ballot(id, "yes")),
      weighted: false,
      quorumPercent: 29,
    });
    expect(tallyPoll(input(29)).quorumMet).toBe(true);
    expect(tallyPoll(input(28)).quorumMet).toBe(false);
  });

  it("cannot be met when there is nobody eligible, unless it is 0", () => {
    // eligibleWeight 0 → turnoutShare 0 → 0 ≥ 10 is false; 0 ≥ 0 is true.
    expect(tally({ type: "single", options: options("A"), quorumPercent: 10 }).quorumMet).toBe(false);
    expect(tally({ type: "single", options: options("A"), quorumPercent: 0 }).quorumMet).toBe(true);
  });
});

describe("tallyPoll: ballot validity", () => {
  it("ignores a ballot from someone who is not an eligible voter", () => {
    // Eligible a, b. mallory's two "no" ballots don't count → yes 1, no 0; ballotsCast 1 of 2 eligible.
    const result = tally({
      type: "yes_no",
      options: YES_NO,
      voters: voters("a", "b"),
      ballots: [ballot("a", "yes"), ballot("mallory", "no"), ballot("mallory", "no")],
    });
    expect(votesOf(result)).toEqual({ yes: 1, no: 0, abstain: 0 });
    expect(result).toMatchObject({ eligibleCount: 2, ballotsCast: 1, turnoutShare: 0.5, winnerOptionIds: ["yes"] });
  });

  it("ignores unknown option ids, and a ballot left with no valid choice does not count at all", () => {
    // a: "other-poll-option" ignored, then "no" → no 1.  b: only unknown ids → not counted (no turnout).
    // So ballotsCast 1, turnout 1/2; no wins 1 to 0.
    const result = tally({
      type: "yes_no",
      options: YES_NO,
      voters: voters("a", "b"),
      ballots: [ballot("a", "other-poll-option", "no"), ballot("b", "nope", "")],
    });
    expect(votesOf(result)).toEqual({ yes: 0, no: 1, abstain: 0 });
    expect(result).toMatchObject({ ballotsCast: 1, turnoutWeight: 1, turnoutShare: 0.5, winnerOptionIds: ["no"] });
  });

  it("drops unknown ids from ranked ballots before counting preferences", () => {
    // a ranks X (unknown), B, A → effectively B, A. b ranks A. c ranks B.
    // Round 1: A 1, B 2; 2 > 1.5 → B wins.
    const result = tally({
      type: "ranked",
      options: options("A", "B"),
      voters: voters("a", "b", "c"),
      ballots: [ballot("a", "X", "B", "A"), ballot("b", "A"), ballot("c", "B")],
    });
    expect(roundsOf(result)).toEqual([{ round: 1, counts: { A: 1, B: 2 }, eliminated: [], exhausted: 0, activeVotes: 3 }]);
    expect(result.winnerOptionIds).toEqual(["B"]);
  });

  it("keeps only the last ballot from a voter who appears more than once", () => {
    // a votes yes, then no → only "no" counts: no 1 (+ b's yes 1) → tie; a counted once in turnout.
    const result = tally({
      type: "yes_no",
      options: YES_NO,
      voters: voters("a", "b"),
      ballots: [ballot("a", "yes"), ballot("b", "yes"), ballot("a", "no")],
    });
    expect(votesOf(result)).toEqual({ yes: 1, no: 1, abstain: 0 });
    expect(result.ballotsCast).toBe(2);
    expect(result.outcome).toBe("tie");
  });

  it("lets a later empty ballot withdraw the voter's earlier vote", () => {
    // a votes yes, then sends a ballot with no valid choice → a has no counted ballot: turnout 0 → no_votes.
    const result = tally({
      type: "yes_no",
      options: YES_NO,
      voters: voters("a"),
      ballots: [ballot("a", "yes"), ballot("a")],
    });
    expect(result.ballotsCast).toBe(0);
    expect(result.outcome).toBe("no_votes");
  });
});

describe("tallyPoll: empty and zero-weight polls", () => {
  const optionsFor: Record<PollType, TallyOption[]> = {
    yes_no: YES_NO,
    single: options("A", "B"),
    multiple: options("A", "B"),
    ranked: options("A", "B"),
  };

  it.each(["yes_no", "single", "multiple", "ranked"] as const)("%s with no ballots and quorum 0 is no_votes", (type) => {
    const result = tally({ type, options: optionsFor[type], voters: voters("a", "b") });
    expect(result).toMatchObject({
      eligibleCount: 2,
      eligibleWeight: 2,
      ballotsCast: 0,
      turnoutWeight: 0,
      turnoutShare: 0,
      quorumMet: true,
      outcome: "no_votes",
      winnerOptionIds: [],
    });
    expect(result.counts.every((c) => c.votes === 0 && c.share === 0)).toBe(true);
    expect(result.counts).toHaveLength(optionsFor[type].length);
  });

  it("records one empty round for a ranked poll with no ballots", () => {
    expect(roundsOf(tally({ type: "ranked", options: options("A", "B") }))).toEqual([
      { round: 1, counts: { A: 0, B: 0 }, eliminated: [], exhausted: 0, activeVotes: 0 },
    ]);
  });

  it("counts a zero-weight voter's ballot in ballotsCast but adds no weight", () => {
    // a 10000 yes, z 0 no → ballotsCast 2, turnoutWeight 10000; yes 10000 vs no 0 → yes, shares 1 / 0.
    const result = tally({
      type: "yes_no",
      options: YES_NO,
      voters: weightedVoters({ a: 10000, z: 0 }),
      weighted: true,
      ballots: [ballot("a", "yes"), ballot("z", "no")],
    });
    expect(votesOf(result)).toEqual({ yes: 10000, no: 0, abstain: 0 });
    expect(sharesOf(result)).toEqual({ yes: 1, no: 0, abstain: 0 });
    expect(result).toMatchObject({ eligibleCount: 2, eligibleWeight: 10000, ballotsCast: 2, turnoutWeight: 10000, turnoutShare: 1 });
    expect(result.winnerOptionIds).toEqual(["yes"]);
  });

  it("is no_votes when only zero-weight voters vote", () => {
    // z (0) votes alone: ballotsCast 1, turnoutWeight 0 → nothing counted → no_votes (quorum 0).
    // With quorum 10: 0 / 10000 < 10% → no_quorum.
    const input: TallyInput = {
      type: "single",
      options: options("A", "B"),
      voters: weightedVoters({ a: 10000, z: 0 }),
      ballots: [ballot("z", "A")],
      weighted: true,
      quorumPercent: 0,
    };
    expect(tallyPoll(input)).toMatchObject({ ballotsCast: 1, turnoutWeight: 0, outcome: "no_votes", winnerOptionIds: [] });
    expect(tallyPoll({ ...input, quorumPercent: 10 }).outcome).toBe("no_quorum");
  });

  it("does not modify its input", () => {
    const input: TallyInput = {
      type: "ranked",
      options: [...options("A", "B", "C")].reverse(),
      voters: voters("a", "b"),
      ballots: [ballot("a", "C", "C", "A"), ballot("b", "B")],
      weighted: false,
      quorumPercent: 0,
    };
    const snapshot = structuredClone(input);
    tallyPoll(input);
    expect(input).toEqual(snapshot);
  });
});
