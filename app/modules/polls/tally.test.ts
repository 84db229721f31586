import { describe, expect, it } from "vitest";
import { tallyPoll, type PollType, type TallyBallot, type TallyInput, type TallyOption, type TallyResult, type TallyVoter } from "./tally";

// ---------------------------------------------------------------------------
// Builders: every expectation below is worked out by hand in the comment next to it.

const YES_NO: TallyOption[] = [
  { id: "yes", text: "Yes", position: 0, role: "yes" },
  { id: "no", text: "No", position: 1, role: "no" },
  { id: "abstain", text: "Abstain", position: 2, role: "abstain" },
];

/** Options named by id, positioned in the order given. */
function options(...ids: string[]): TallyOption[] {
  return ids.map((id, position) => ({ id, text: `Option ${id}`, position }));
}

/** Unweighted voters (weight 1 each). */
function voters(...ids: string[]): TallyVoter[] {
  return ids.map((userId) => ({ userId, weight: 1 }));
}

/** Voters with weights in basis points, e.g. { a: 4000, b: 6000 }. */
function weightedVoters(weights: Record<string, number>): TallyVoter[] {
  return Object.entries(weights).map(([userId, weight]) => ({ userId, weight }));
}

function ballot(voterId: string, ...choices: string[]): TallyBallot {
  return { voterId, choices };
}

function tally(input: Pick<TallyInput, "type" | "options"> & Partial<TallyInput>): TallyResult {
  return tallyPoll({ voters: [], ballots: [], weighted: false, quorumPercent: 0, ...input });
}

function votesOf(result: TallyResult): Record<string, number> {
  return Object.fromEntries(result.counts.map((c) => [c.optionId, c.votes]));
}

function sharesOf(result: TallyResult): Record<string, number> {
  return Object.fromEntries(result.counts.map((c) => [c.optionId, c.share]));
}

/** Rounds without the derived shares, to compare against the hand-written tables. */
function roundsOf(result: TallyResult) {
  return result.rounds.map((r) => ({
    round: r.round,
    counts: Object.fromEntries(r.counts.map((c) => [c.optionId, c.votes])),
    eliminated: r.eliminated,
    exhausted: r.exhausted,
    activeVotes: r.activeVotes,
  }));
}

// ---------------------------------------------------------------------------

describe("tallyPoll: yes/no proposals", () => {
  it("passes with a simple majority", () => {
    // 5 voters: 3 yes, 2 no → yes 3/5 = 0.6, no 2/5 = 0.4; abstain 0 of turnout 5 = 0.
    const result = tally({
      type: "yes_no",
      options: YES_NO,
      voters: voters("a", "b", "c", "d", "e"),
      ballots: [ballot("a", "yes"), ballot("b", "yes"), ballot("c", "yes"), ballot("d", "no"), ballot("e", "no")],
    });
    expect(result.counts).toEqual([
      { optionId: "yes", text: "Yes", votes: 3, share: 0.6 },
      { optionId: "no", text: "No", votes: 2, share: 0.4 },
      { optionId: "abstain", text: "Abstain", votes: 0, share: 0 },
    ]);
    expect(result).toMatchObject({
      eligibleCount: 5,
      eligibleWeight: 5,
      ballotsCast: 5,
      turnoutWeight: 5,
      turnoutShare: 1,
      quorumMet: true,
      outcome: "winner",
      winnerOptionIds: ["yes"],
      rounds: [],
    });
  });

  it("leaves abstentions out of the decision but counts them for turnout and quorum, and reports a tie", () => {
    // 6 voters: a,b yes; c,d no; e abstains; f does not vote.
    // Decision: yes 2 vs no 2 → tie; shares 2/(2+2) = 0.5 each. Abstain share = 1 / turnout 5 = 0.2.
    // Turnout 5/6 ≈ 83.3% ≥ 80% quorum, thanks to the abstention (4/6 ≈ 66.7% would miss it).
    const input: TallyInput = {
      type: "yes_no",
      options: YES_NO,
      voters: voters("a", "b", "c", "d", "e", "f"),
      ballots: [ballot("a", "yes"), ballot("b", "yes"), ballot("c", "no"), ballot("d", "no"), ballot("e", "abstain")],
      weighted: false,
      quorumPercent: 80,
    };
    const result = tallyPoll(input);
    expect(votesOf(result)).toEqual({ yes: 2, no: 2, abstain: 1 });
    expect(sharesOf(result)).toEqual({ yes: 0.5, no: 0.5, abstain: 0.2 });
    expect(result.ballotsCast).toBe(5);
    expect(result.turnoutShare).toBeCloseTo(5 / 6, 12);
    expect(result.quorumMet).toBe(true);
    expect(result.outcome).toBe("tie");
    expect(result.winnerOptionIds).toEqual(["yes", "no"]);

    // Without e's abstention: 4/6 < 80% → no quorum, though the counts are still reported.
    const withoutAbstention = tallyPoll({ ...input, ballots: input.ballots.slice(0, 4) });
    expect(withoutAbstention.quorumMet).toBe(false);
    expect(withoutAbstention.outcome).toBe("no_quorum");
    expect(votesOf(withoutAbstention)).toEqual({ yes: 2, no: 2, abstain: 0 });
  });

  it("is no_votes when everyone abstains (yes + no = 0)", () => {
    // 2 abstentions: turnout 2/2, but nothing counted for the decision → no_votes, yes/no shares 0; abstain 2/2 = 1.
    const result = tally({
      type: "yes_no",
      options: YES_NO,
      voters: voters("a", "b"),
      ballots: [ballot("a", "abstain"), ballot("b", "abstain")],
    });
    expect(result.ballotsCast).toBe(2);
    expect(sharesOf(result)).toEqual({ yes: 0, no: 0, abstain: 1 });
    expect(result.outcome).toBe("no_votes");
    expect(result.winnerOptionIds).toEqual([]);
  });

  it("counts only the first valid choice of a proposal ballot", () => {
    // a's ballot says yes then no: only yes counts → yes 1, no 1 (from b) → tie.
    const result = tally({
      type: "yes_no",
      options: YES_NO,
      voters: voters("a", "b"),
      ballots: [ballot("a", "yes", "no"), ballot("b", "no")],
    });
    expect(votesOf(result)).toEqual({ yes: 1, no: 1, abstain: 0 });
    expect(result.outcome).toBe("tie");
  });
});

describe("tallyPoll: weighted yes/no (beneficial interest in basis points)", () => {
  const family = weightedVoters({ a: 4000, b: 4000, c: 2000 }); // 40% / 40% / 20%

  it("lets the 20% member decide between two 40% members", () => {
    // a yes (4000), b no (4000), c yes (2000) → yes 6000, no 4000 → shares 0.6 / 0.4 → yes.
    const cWithA = tally({
      type: "yes_no",
      options: YES_NO,
      voters: family,
      weighted: true,
      ballots: [ballot("a", "yes"), ballot("b", "no"), ballot("c", "yes")],
    });
    expect(votesOf(cWithA)).toEqual({ yes: 6000, no: 4000, abstain: 0 });
    expect(sharesOf(cWithA)).toEqual({ yes: 0.6, no: 0.4, abstain: 0 });
    expect(cWithA).toMatchObject({ eligibleCount: 3, eligibleWeight: 10000, ballotsCast: 3, turnoutWeight: 10000, turnoutShare: 1 });
    expect(cWithA.winnerOptionIds).toEqual(["yes"]);

    // c sides with b instead → no 6000 vs yes 4000 → no.
    const cWithB = tally({
      type: "yes_no",
      options: YES_NO,
      voters: family,
      weighted: true,
      ballots: [ballot("a", "yes"), ballot("b", "no"), ballot("c", "no")],
    });
    expect(votesOf(cWithB)).toEqual({ yes: 4000, no: 6000, abstain: 0 });
    expect(cWithB.winnerOptionIds).toEqual(["no"]);
  });

  it("lets weight beat a majority of members, and ignores weights when the poll is not weighted", () => {
    // Weights 2000, 2000, 6000: two members yes (4000) vs one member no (6000) → no wins, 0.4 / 0.6.
    const input: TallyInput = {
      type: "yes_no",
      options: YES_NO,
      voters: weightedVoters({ a: 2000, b: 2000, c: 6000 }),
      ballots: [ballot("a", "yes"), ballot("b", "yes"), ballot("c", "no")],
      weighted: true,
      quorumPercent: 0,
    };
    const weighted = tallyPoll(input);
    expect(votesOf(weighted)).toEqual({ yes: 4000, no: 6000, abstain: 0 });
    expect(sharesOf(weighted)).toEqual({ yes: 0.4, no: 0.6, abstain: 0 });
    expect(weighted.outcome).toBe("winner");
    expect(weighted.winnerOptionIds).toEqual(["no"]);

    // Same ballots, weighted: false → every voter weighs 1 → yes 2 vs no 1 → yes.
    const unweighted = tallyPoll({ ...input, weighted: false });
    expect(votesOf(unweighted)).toEqual({ yes: 2, no: 1, abstain: 0 });
    expect(unweighted).toMatchObject({ eligibleWeight: 3, turnoutWeight: 3, winnerOptionIds: ["yes"] });
  });
});

describe("tallyPoll: single choice", () => {
  it("elects the plurality winner even without a majority", () => {
    // 7 ballots: A from a,b,c (c also lists B, ignored: first choice only); B from d,e; C from f,g.
    // A 3/7, B 2/7, C 2/7 → A wins with less than half.
    const result = tally({
      type: "single",
      options: options("A", "B", "C"),
      voters: voters("a", "b", "c", "d", "e", "f", "g"),
      ballots: [
        ballot("a", "A"),
        ballot("b", "A"),
        ballot("c", "A", "B"),
        ballot("d", "B"),
        ballot("e", "B"),
        ballot("f", "C"),
        ballot("g", "C"),
      ],
    });
    expect(votesOf(result)).toEqual({ A: 3, B: 2, C: 2 });
    expect(sharesOf(result)).toEqual({ A: 3 / 7, B: 2 / 7, C: 2 / 7 });
    expect(result.outcome).toBe("winner");
    expect(result.winnerOptionIds).toEqual(["A"]);
  });

  it("reports a tie between the leaders, in position order", () => {
    // A 2, B 2, C 1 → A and B share the top → tie [A, B]; shares 2/5, 2/5, 1/5.
    const result = tally({
      type: "single",
      options: options("A", "B", "C"),
      voters: voters("a", "b", "c", "d", "e"),
      ballots: [ballot("a", "B"), ballot("b", "A"), ballot("c", "B"), ballot("d", "A"), ballot("e", "C")],
    });
    expect(votesOf(result)).toEqual({ A: 2, B: 2, C: 1 });
    expect(sharesOf(result)).toEqual({ A: 0.4, B: 0.4, C: 0.2 });
    expect(result.outcome).toBe("tie");
    expect(result.winnerOptionIds).toEqual(["A", "B"]);
  });

  it("lists counts in position order whatever order the options arrive in", () => {
    const result = tally({
      type: "single",
      options: [
        { id: "C", text: "Third", position: 2 },
        { id: "A", text: "First", position: 0 },
        { id: "B", text: "Second", position: 1 },
      ],
      voters: voters("a"),
      ballots: [ballot("a", "C")],
    });
    expect(result.counts.map((c) => c.optionId)).toEqual(["A", "B", "C"]);
    expect(result.winnerOptionIds).toEqual(["C"]);
  });
});

describe("tallyPoll: multiple choice (approval)", () => {
  it("gives every approved option the voter's full weight; shares are of turnout", () => {
    // a: A,B   b: A,C   c: A,A (repeat ignored → A once)   d: B,C
    // A 3, B 2, C 2; turnout 4 → shares 0.75, 0.5, 0.5 (they add up to more than 1 by design).
    const result = tally({
      type: "multiple",
      options: options("A", "B", "C"),
      voters: voters("a", "b", "c", "d"),
      ballots: [ballot("a", "A", "B"), ballot("b", "A", "C"), ballot("c", "A", "A"), ballot("d", "B", "C")],
    });
    expect(votesOf(result)).toEqual({ A: 3, B: 2, C: 2 });
    expect(sharesOf(result)).toEqual({ A: 0.75, B: 0.5, C: 0.5 });
    expect(result.ballotsCast).toBe(4);
    expect(result.turnoutWeight).toBe(4);
    expect(result.outcome).toBe("winner");
    expect(result.winnerOptionIds).toEqual(["A"]);
  });

  it("weighs approvals and reports a tie at the top", () => {
    // a (6000): A,B   b (4000): B,C → A 6000, B 10000, C 4000 of turnout 10000 → B wins, shares 0.6 / 1 / 0.4.
    // If b approves A too: A 10000, B 10000, C 4000 → A and B tie at the top.
    const voterList = weightedVoters({ a: 6000, b: 4000 });
    const winner = tally({
      type: "multiple",
      options: options("A", "B", "C"),
      voters: voterList,
      weighted: true,
      ballots: [ballot("a", "A", "B"), ballot("b", "B", "C")],
    });
    expect(votesOf(winner)).toEqual({ A: 6000, B: 10000, C: 4000 });
    expect(sharesOf(winner)).toEqual({ A: 0.6, B: 1, C: 0.4 });
    expect(winner.winnerOptionIds).toEqual(["B"]);

    const tie = tally({
      type: "multiple",
      options: options("A", "B", "C"),
      voters: voterList,
      weighted: true,
      ballots: [ballot("a", "A", "B"), ballot("b", "A", "B", "C")],
    });
    expect(votesOf(tie)).toEqual({ A: 10000, B: 10000, C: 4000 });
    expect(tie.outcome).toBe("tie");
    expect(tie.winnerOptionIds).toEqual(["A", "B"]);
  });
});

describe("tallyPoll: ranked choice (instant runoff)", () => {
  it("runs three rounds with an exhausted ballot and the position tie-break", () => {
    // Options A, B, C, D (positions 0–3). 9 ballots:
    //   v1 A        v4 B A      v6 C A      v8 D      (v8 exhausts once D is out)
    //   v2 A B      v5 B C      v7 C A      v9 D B
    //   v3 A C
    // Round 1: A 3, B 2, C 2, D 2; active 9, majority needs > 4.5 → none.
    //          B, C, D tie on 2 with no earlier round → the later option, D, is eliminated.
    // Round 2: v8 exhausts, v9 → B. A 3, B 3, C 2; exhausted 1, active 8, needs > 4 → none. C (2) out.
    // Round 3: v6, v7 → A. A 5, B 3; exhausted 1, active 8; 5 > 4 → A wins.
    const result = tally({
      type: "ranked",
      options: options("A", "B", "C", "D"),
      voters: voters("v1", "v2", "v3", "v4", "v5", "v6", "v7", "v8", "v9"),
      ballots: [
        ballot("v1", "A"),
        ballot("v2", "A", "B"),
        ballot("v3", "A", "C"),
        ballot("v4", "B", "A"),
        ballot("v5", "B", "C"),
        ballot("v6", "C", "A"),
        ballot("v7", "C", "A"),
        ballot("v8", "D"),
        ballot("v9", "D", "B"),
      ],
    });
    expect(roundsOf(result)).toEqual([
      { round: 1, counts: { A: 3, B: 2, C: 2, D: 2 }, eliminated: ["D"], exhausted: 0, activeVotes: 9 },
      { round: 2, counts: { A: 3, B: 3, C: 2 }, eliminated: ["C"], exhausted: 1, activeVotes: 8 },
      { round: 3, counts: { A: 5, B: 3 }, eliminated: [], exhausted: 1, activeVotes: 8 },
    ]);
    // Round counts list the remaining options in position order, with shares of the active votes.
    expect(result.rounds[2].counts).toEqual([
      { optionId: "A", votes: 5, share: 5 / 8 },
      { optionId: "B", votes: 3, share: 3 / 8 },
    ]);
    // `counts` are the first preferences: 3/9, 2/9, 2/9, 2/9.
    expect(votesOf(result)).toEqual({ A: 3, B: 2, C: 2, D: 2 });
    expect(sharesOf(result)).toEqual({ A: 3 / 9, B: 2 / 9, C: 2 / 9, D: 2 / 9 });
    expect(result.outcome).toBe("winner");
    expect(result.winnerOptionIds).toEqual(["A"]);
  });

  it("breaks an elimination tie by the previous round before falling back to position", () => {
    // Options A, B, C, D. 10 ballots: A ×4 (A only), C ×3 (C only), B C ×2, D B C ×1.
    // Round 1: A 4, B 2, C 3, D 1; active 10, needs > 5 → none. D (1) out; its ballot → B.
    // Round 2: A 4, B 3, C 3 → B and C tie on 3; in round 1 B had 2 < C's 3 → B is out,
    //          although position alone would have removed C. B's 3 ballots → C.
    // Round 3: A 4, C 6; active 10; 6 > 5 → C wins. (Eliminating C instead would have exhausted
    //          C's ballots and handed A the win, so the rule matters.)
    const result = tally({
      type: "ranked",
      options: options("A", "B", "C", "D"),
      voters: voters("a1", "a2", "a3", "a4", "c1", "c2", "c3", "b1", "b2", "d1"),
      ballots: [
        ...["a1", "a2", "a3", "a4"].map((v) => ballot(v, "A")),
        ...["c1", "c2", "c3"].map((v) => ballot(v, "C")),
        ballot("b1", "B", "C"),
        ballot("b2", "B", "C"),
        ballot("d1", "D", "B", "C"),
      ],
    });
    expect(roundsOf(result)).toEqual([
      { round: 1, counts: { A: 4, B: 2, C: 3, D: 1 }, eliminated: ["D"], exhausted: 0, activeVotes: 10 },
      { round: 2, counts: { A: 4, B: 3, C: 3 }, eliminated: ["B"], exhausted: 0, activeVotes: 10 },
      { round: 3, counts: { A: 4, C: 6 }, eliminated: [], exhausted: 0, activeVotes: 10 },
    ]);
    expect(result.winnerOptionIds).toEqual(["C"]);
  });

  it("goes back more than one round to break an elimination tie", () => {
    // Options A, B, C, D, E. 13 ballots: A ×5, B A ×2, C ×3, D B A ×1, E B A ×1, E C ×1.
    // Round 1: A 5, B 2, C 3, D 1, E 2; active 13, needs > 6.5 → none. D (1) out → B.
    // Round 2: A 5, B 3, C 3, E 2 → E (2) out; one E ballot → B, the other → C.
    // Round 3: A 5, B 4, C 4 → B and C tie; round 2 also tied (3, 3); round 1 B 2 < C 3 → B out.
    // Round 4: B's four ballots (B A ×2, D B A, E B A) → A. A 9, C 4; 9 > 6.5 → A wins.
    const result = tally({
      type: "ranked",
      options: options("A", "B", "C", "D", "E"),
      voters: voters("a1", "a2", "a3", "a4", "a5", "b1", "b2", "c1", "c2", "c3", "d1", "e1", "e2"),
      ballots: [
        ...["a1", "a2", "a3", "a4", "a5"].map((v) => ballot(v, "A")),
        ballot("b1", "B", "A"),
        ballot("b2", "B", "A"),
        ...["c1", "c2", "c3"].map((v) => ballot(v, "C")),
        ballot("d1", "D", "B", "A"),
        ballot("e1", "E", "B", "A"),
        ballot("e2", "E", "C"),
      ],
    });
    expect(roundsOf(result)).toEqual([
      { round: 1, counts: { A: 5, B: 2, C: 3, D: 1, E: 2 }, eliminated: ["D"], exhausted: 0, activeVotes: 13 },
      { round: 2, counts: { A: 5, B: 3, C: 3, E: 2 }, eliminated: ["E"], exhausted: 0, activeVotes: 13 },
      { round: 3, counts: { A: 5, B: 4, C: 4 }, eliminated: ["B"], exhausted: 0, activeVotes: 13 },
      { round: 4, counts: { A: 9, C: 4 }, eliminated: [], exhausted: 0, activeVotes: 13 },
    ]);
    expect(result.winnerOptionIds).toEqual(["A"]);
  });

  it("counts by weight, measuring the majority against active (non-exhausted) votes", () => {
    // Options A, B, C. Weights (bp, total 10000):
    //   p 3000: A      q 2000: B A      u 1000: B      r 2500: C B      s 1500: C
    // Round 1: A 3000, B 3000, C 4000; active 10000, needs > 5000 → none.
    //          A and B tie on 3000 in round 1 → the later option, B, is out. q → A, u exhausts (1000).
    // Round 2: A 5000, C 4000; exhausted 1000, active 9000; 5000 > 4500 → A wins
    //          (5000 is not more than half of all 10000, but it is of the active votes).
    const input: TallyInput = {
      type: "ranked",
      options: options("A", "B", "C"),
      voters: weightedVoters({ p: 3000, q: 2000, u: 1000, r: 2500, s: 1500 }),
      ballots: [ballot("p", "A"), ballot("q", "B", "A"), ballot("u", "B"), ballot("r", "C", "B"), ballot("s", "C")],
      weighted: true,
      quorumPercent: 0,
    };
    const weighted = tallyPoll(input);
    expect(roundsOf(weighted)).toEqual([
      { round: 1, counts: { A: 3000, B: 3000, C: 4000 }, eliminated: ["B"], exhausted: 0, activeVotes: 10000 },
      { round: 2, counts: { A: 5000, C: 4000 }, eliminated: [], exhausted: 1000, activeVotes: 9000 },
    ]);
    expect(sharesOf(weighted)).toEqual({ A: 0.3, B: 0.3, C: 0.4 });
    expect(weighted.outcome).toBe("winner");
    expect(weighted.winnerOptionIds).toEqual(["A"]);

    // Unweighted, the same ballots: A 1 (p), B 2 (q, u), C 2 (r, s); active 5, needs > 2.5 → none; A (1) out, p exhausts.
    // Round 2: B 2, C 2; exhausted 1, active 4; two left and equal → tie [B, C].
    const unweighted = tallyPoll({ ...input, weighted: false });
    expect(roundsOf(unweighted)).toEqual([
      { round: 1, counts: { A: 1, B: 2, C: 2 }, eliminated: ["A"], exhausted: 0, activeVotes: 5 },
      { round: 2, counts: { B: 2, C: 2 }, eliminated: [], exhausted: 1, activeVotes: 4 },
    ]);
    expect(unweighted.outcome).toBe("tie");
    expect(unweighted.winnerOptionIds).toEqual(["B", "C"]);
  });

  it("elects a first-round majority without eliminating anyone", () => {
    // A 2 of 3 > 1.5 → A wins in round 1.
    const result = tally({
      type: "ranked",
      options: options("A", "B"),
      voters: voters("a", "b", "c"),
      ballots: [ballot("a", "A", "B"), ballot("b", "A"), ballot("c", "B", "A")],
    });
    expect(roundsOf(result)).toEqual([{ round: 1, counts: { A: 2, B: 1 }, eliminated: [], exhausted: 0, activeVotes: 3 }]);
    expect(result.winnerOptionIds).toEqual(["A"]);
  });
});

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
