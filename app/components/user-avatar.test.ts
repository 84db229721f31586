import { describe, expect, it } from "vitest";
import { avatarInitials } from "./user-avatar";

describe("avatar fallback chain", () => {
  it("uses first and last initials, then the e-mail's first letter, then U", () => {
    expect(avatarInitials({ firstName: "eleanor", lastName: "Hartwell", email: "e@x.example" })).toBe("EH");
    expect(avatarInitials({ firstName: "Sophie", lastName: null, email: "s@x.example" })).toBe("S");
    expect(avatarInitials({ firstName: null, lastName: null, email: "margaret@chenlaw.example" })).toBe("M");
    expect(avatarInitials({ firstName: null, lastName: null, email: "" })).toBe("U");
    expect(avatarInitials(null)).toBe("U");
  });
});
