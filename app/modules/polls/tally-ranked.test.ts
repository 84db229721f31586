import { describe, expect, it } from "vitest";
import { tallyPoll, type TallyInput } from "./tally";
import { options, voters, weightedVoters, ballot, tally, votesOf, sharesOf, roundsOf } from "./tally-fixtures";

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
