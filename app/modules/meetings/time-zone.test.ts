import { describe, expect, it } from "vitest";
import { validTimeZone } from "./ics";
import { withTimeZone } from "./time-zone";

describe("the invitation's time zone", () => {
  it("is added to the calendar link as tz, encoded, keeping any query", () => {
    expect(withTimeZone("/api/meetings/m1/invite.ics", "Asia/Tokyo")).toBe("/api/meetings/m1/invite.ics?tz=Asia%2FTokyo");
    expect(withTimeZone("/api/meetings/m1/invite.ics?lng=fr", "America/Argentina/Buenos_Aires")).toBe(
      "/api/meetings/m1/invite.ics?lng=fr&tz=America%2FArgentina%2FBuenos_Aires",
    );
    expect(withTimeZone("/api/meetings/m1/invite.ics", null)).toBe("/api/meetings/m1/invite.ics");
  });

  it("round-trips through the server's check: a real zone is kept, anything else is refused (UTC then)", () => {
    const sent = new URL(withTimeZone("/x.ics", "Europe/Paris"), "https://example.com").searchParams.get("tz");
    expect(validTimeZone(sent)).toBe("Europe/Paris");
    expect(validTimeZone("Mars/Olympus")).toBeNull();
    expect(validTimeZone("x".repeat(65))).toBeNull();
    expect(validTimeZone("")).toBeNull();
  });
});
