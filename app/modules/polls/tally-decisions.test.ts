import { describe, expect, it } from "vitest";
import { tallyPoll, type TallyInput } from "./tally";
import { YES_NO, options, voters, weightedVoters, ballot, tally, votesOf, sharesOf } from "./tally-fixtures";

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
      ballots: [ballot("a", "A"), ballot("b", "A"), ballot("c", "A", "B"), ballot("d", "B"), ballot("e", "B"), ballot("f", "C"), ballot("g", "C")],
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
