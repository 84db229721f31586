import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { PRODUCT_MODULES } from "~/modules/help/topics";
import { currentArea, NAV_AREAS, NAV_GROUPS, navigationFor } from "./areas";
import { SIGNED_IN_PATHS } from "./route-sets";

const LOCALES = ["en", "es", "fr", "de", "ja", "zh"];
const load = (lng: string, ns: string) => JSON.parse(readFileSync(`public/locales/${lng}/${ns}.json`, "utf8")) as Record<string, string>;

describe("navigation areas", () => {
  it("reach every signed-in page except the dashboard's short address", () => {
    for (const path of SIGNED_IN_PATHS.filter((p) => p !== "/")) {
      expect(currentArea(path), path).not.toBeNull();
    }
    // Each area is listed once, under a known group.
    expect(new Set(NAV_AREAS.map((a) => a.path)).size).toBe(NAV_AREAS.length);
    for (const a of NAV_AREAS) expect(NAV_GROUPS).toContain(a.group);
  });

  it("say which areas are built, as the /modules page does", () => {
    for (const m of PRODUCT_MODULES) {
      expect(NAV_AREAS.find((a) => a.path === m.path)?.ready, m.path).toBe(m.ready);
    }
  });

  it("have a name and group heading in every language", () => {
    for (const lng of LOCALES) {
      const common = load(lng, "common");
      const help = load(lng, "help");
      for (const a of NAV_AREAS) {
        const [ns, key] = a.labelKey.includes(":") ? a.labelKey.split(":") : ["common", a.labelKey];
        expect((ns === "help" ? help : common)[key], `${lng} ${a.labelKey}`).toBeTruthy();
      }
      for (const g of NAV_GROUPS) expect(common[`nav.group.${g}`], `${lng} ${g}`).toBeTruthy();
    }
  });

  it("mark detail pages and aliases with their area", () => {
    expect(currentArea("/documents/abc")?.path).toBe("/documents");
    expect(currentArea("/channel/abc")?.path).toBe("/chat");
    expect(currentArea("/polling/abc")?.path).toBe("/polling");
    expect(currentArea("/compliance")?.path).toBe("/compliance-health");
    expect(currentArea("/compliance-notifications")?.path).toBe("/compliance-notifications");
    expect(currentArea("/")?.path).toBe("/dashboard");
    expect(currentArea("/nowhere")).toBeNull();
  });

  it("show administration only to those who administer", () => {
    const paths = (role: Parameters<typeof navigationFor>[0]) => navigationFor(role).flatMap((g) => g.areas.map((a) => a.path));
    expect(paths("owner")).toContain("/admin");
    expect(paths("trustee")).toContain("/system-health");
    expect(paths("beneficiary")).not.toContain("/admin");
    expect(paths("viewer")).not.toContain("/system-health");
    expect(paths("beneficiary")).toContain("/documents");
    expect(navigationFor("owner").map((g) => g.id)).toEqual([...NAV_GROUPS]);
  });

  it("open a beneficiary's navigation with her portal, and leave other roles' order alone", () => {
    const first = (role: Parameters<typeof navigationFor>[0]) => navigationFor(role)[0].areas[0].path;
    expect(first("beneficiary")).toBe("/beneficiary-portal");
    expect(navigationFor("beneficiary")[0].id).toBe("money");
    expect(first("owner")).toBe("/documents");
    expect(first("family_member")).toBe("/documents");
    expect(navigationFor("trustee").map((g) => g.id)).toEqual([...NAV_GROUPS]);
  });
});
