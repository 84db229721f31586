import { describe, expect, it } from "vitest";
import { DASHBOARD_MODULES, moduleRoute, QUICK_ACTIONS } from "./modules";

describe("dashboard modules", () => {
  it("maps each module to the spec's route", () => {
    expect(DASHBOARD_MODULES.map((m) => moduleRoute(m.name))).toEqual([
      "/documents",
      "/trust-administration",
      "/chat",
      "/compliance-health",
      "/financial",
      "/video-meetings",
    ]);
  });

  it("sends any other module to /modules", () => {
    expect(moduleRoute("Tax Administration")).toBe("/modules");
    expect(moduleRoute("")).toBe("/modules");
  });

  it("has the six quick actions of the spec", () => {
    expect(QUICK_ACTIONS.map((a) => a.to)).toEqual(["/documents#upload", "/chat", "/scanner", "/video-meetings", "/language-demo", "/modules"]);
  });
});
