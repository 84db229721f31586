import { describe, expect, it } from "vitest";
import { describeFailure, encodeFailure } from "./failure-reasons";

const t = (key: string, options?: Record<string, unknown>) => `${key}${options?.mb ? `:${options.mb}` : ""}${options?.status ? `:${options.status}` : ""}`;

describe("failure reasons", () => {
  it("are stored as codes and read as sentences, with their numbers and the retry note", () => {
    expect(describeFailure(t, encodeFailure({ code: "pdf_damaged" }))).toBe("failure.pdf_damaged");
    expect(describeFailure(t, encodeFailure({ code: "too_large_to_read", mb: 25 }))).toBe("failure.too_large_to_read:25");
    expect(describeFailure(t, encodeFailure({ code: "ai_refused", status: 503, retrying: true }))).toBe("failure.ai_refused:503 failure.retrying");
  });

  it("show older plain-text reasons as they are, and nothing when there is no reason", () => {
    expect(describeFailure(t, "The stored file is missing.")).toBe("The stored file is missing.");
    expect(describeFailure(t, '{"code":"made_up"}')).toBe('{"code":"made_up"}');
    expect(describeFailure(t, null)).toBeNull();
  });
});
