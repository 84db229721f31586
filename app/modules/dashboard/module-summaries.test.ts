import { describe, expect, it } from "vitest";
import { moduleSummaries } from "./module-summaries";
import type { DashboardData } from "./service.server";

function data(overrides: Partial<DashboardData> = {}): DashboardData {
  return {
    scope: "workspace",
    documents: { total: 0, completed: 0, analyzing: 0, pending: 0, error: 0, recent: [] },
    members: { total: 1, trustees: 1, beneficiaries: 0, family: 0, legal: 0, pendingInvitations: 0 },
    compliance: { total: 0, completed: 0, overdue: 0, onTrackPercent: null, upcoming: [], today: "2026-11-25" },
    activity: { windowDays: 30, count: 0, recent: [] },
    ...overrides,
  };
}

describe("module summaries", () => {
  it("shows no invented figures for an empty workspace", () => {
    const byId = Object.fromEntries(moduleSummaries(data()).map((m) => [m.id, m]));
    expect(byId["legal-documents"].progress).toBeNull();
    expect(byId["legal-documents"].statusKey).toBe("empty");
    expect(byId["compliance-monitoring"].progress).toBeNull();
    expect(byId["financial-management"].statusKey).toBe("notStarted");
    expect(byId["video-meetings"].stats).toEqual([]);
  });

  it("follows the workspace's documents and compliance items", () => {
    const summaries = moduleSummaries(
      data({
        documents: { total: 4, completed: 3, analyzing: 1, pending: 0, error: 0, recent: [] },
        compliance: { total: 5, completed: 2, overdue: 1, onTrackPercent: 80, upcoming: [], today: "2026-11-25" },
      }),
    );
    const byId = Object.fromEntries(summaries.map((m) => [m.id, m]));
    expect(byId["legal-documents"].progress).toBe(75);
    expect(byId["legal-documents"].statusKey).toBe("inProgress");
    expect(byId["compliance-monitoring"].progress).toBe(80);
    expect(byId["compliance-monitoring"].statusKey).toBe("attention");
  });

  it("hides invitation figures from members who cannot see them", () => {
    const summaries = moduleSummaries(data({ members: { total: 3, trustees: 1, beneficiaries: 1, family: 1, legal: 0, pendingInvitations: null } }));
    const team = summaries.find((m) => m.id === "team-collaboration");
    expect(team?.stats.map((s) => s.key)).toEqual(["members"]);
    expect(team?.progress).toBeNull();
  });
});
