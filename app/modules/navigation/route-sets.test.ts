import { describe, expect, it } from "vitest";
import { areaName, isSignedInPath } from "./route-sets";

describe("signed-in route set (spec section 2)", () => {
  it.each(["/", "/dashboard", "/chat", "/documents", "/documents/abc", "/channel/general", "/beneficiary-portal", "/compliance", "/chat/"])(
    "%s is a signed-in page",
    (path) => expect(isSignedInPath(path)).toBe(true),
  );
  it.each(["/nope", "/documents/a/b", "/auth", "/sales", "/chatty"])("%s is not", (path) => expect(isSignedInPath(path)).toBe(false));
  it("names an area from its path", () => expect(areaName("/trust-banking")).toBe("Trust banking"));
});
