import { describe, expect, it } from "vitest";
import { humanizeType } from "./document-type";

describe("humanizeType", () => {
  it("replaces underscores and capitalises every word (spec section 2)", () => {
    expect(humanizeType("power_of_attorney")).toBe("Power Of Attorney");
    expect(humanizeType("healthcare_directive")).toBe("Healthcare Directive");
    expect(humanizeType("trust")).toBe("Trust");
    expect(humanizeType("deed_of_gift")).toBe("Deed Of Gift");
  });
});
