import { describe, expect, it } from "vitest";
import { answerWithin } from "./answer-within";

describe("answerWithin", () => {
  it("passes on an answer that comes in time", async () => {
    await expect(answerWithin(Promise.resolve(7), 50, "the room")).resolves.toBe(7);
  });

  it("passes on a refusal that comes in time", async () => {
    await expect(answerWithin(Promise.reject(new Error("no")), 50, "the room")).rejects.toThrow("no");
  });

  it("gives up on a call that never answers, saying which", async () => {
    await expect(answerWithin(new Promise(() => {}), 20, "meeting room m1")).rejects.toThrow("meeting room m1 did not answer within 20 ms");
  });
});
