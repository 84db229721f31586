import { describe, expect, it } from "vitest";
import { quietHoursSchema } from "./validation";

const t = (key: string) => key;
const parse = (value: unknown) => quietHoursSchema(t).safeParse(value);
const messages = (value: unknown) => {
  const result = parse(value);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join("."), i.message]));
};

describe("quiet hours input", () => {
  it("accepts a zone and a window that wraps midnight, and no zone while off", () => {
    expect(parse({ timeZone: "Europe/Paris", quietHours: { enabled: true, start: "21:00", end: "08:00" } }).success).toBe(true);
    expect(parse({ timeZone: null, quietHours: { enabled: false, start: "21:00", end: "08:00" } }).success).toBe(true);
    expect(parse({ timeZone: "", quietHours: { enabled: false, start: "21:00", end: "08:00" } }).data?.timeZone).toBeNull();
  });

  it("names each bad field with its own message", () => {
    expect(messages({ timeZone: "Mars/Base", quietHours: { enabled: false, start: "21:00", end: "08:00" } })).toEqual({ timeZone: "quiet.errors.timeZone" });
    expect(messages({ timeZone: "UTC", quietHours: { enabled: true, start: "9pm", end: "24:00" } })).toEqual({
      "quietHours.start": "quiet.errors.start",
      "quietHours.end": "quiet.errors.end",
    });
    expect(messages({ timeZone: "UTC", quietHours: { enabled: true, start: "21:00", end: "21:00" } })).toEqual({ "quietHours.end": "quiet.errors.same" });
    expect(messages({ timeZone: null, quietHours: { enabled: true, start: "21:00", end: "08:00" } })).toEqual({ timeZone: "quiet.errors.zoneNeeded" });
    expect(messages({ timeZone: "UTC", quietHours: { enabled: 1, start: "21:00", end: "08:00" } })).toEqual({ "quietHours.enabled": "quiet.errors.enabled" });
    expect(messages({ timeZone: "UTC" })).toEqual({ quietHours: "quiet.errors.quietHours" });
    expect(messages({ quietHours: { enabled: false, start: "21:00", end: "08:00" } })).toEqual({ timeZone: "quiet.errors.timeZone" });
  });
});
