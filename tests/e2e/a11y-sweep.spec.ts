import { expect, test } from "@playwright/test";
import { SIGNED_IN_PATHS } from "../../app/modules/navigation/route-sets";
import { applyLook, axeCheck, hydrated, isolateClientAddress, signInAsDemo } from "./support";

// Every signed-in page of the spec, whole (header, navigation and all), as the demo owner, in three looks: no serious
// or critical axe finding anywhere. One test per look; each collects every page's findings before failing, so one run
// names them all.
isolateClientAddress();

const LOOKS = [
  ["light", { theme: "legal", darkMode: "false", "preferred-language": "en" }],
  ["dark", { theme: "legal", darkMode: "true", "preferred-language": "en" }],
  ["Arabic", { "preferred-language": "ar", theme: "black-white", darkMode: "false" }],
] as const;

for (const [look, settings] of LOOKS) {
  test(`every signed-in page in ${look} has no serious or critical axe finding`, async ({ page }) => {
    test.setTimeout(SIGNED_IN_PATHS.length * 12_000);
    await signInAsDemo(page);
    await applyLook(page, settings);
    const findings: string[] = [];
    for (const path of SIGNED_IN_PATHS) {
      await hydrated(page, path);
      // The page's own heading is there: the sweep checks what a person sees, not a half-drawn page.
      await expect(page.locator("main h1, main [role=heading][aria-level='1']").first()).toBeVisible();
      // The e-mail preview is the mail as a mail app shows it, in a frame without scripts: not the page's own markup.
      const { violations } = await axeCheck(page).exclude("iframe[sandbox]").analyze();
      for (const v of violations.filter((x) => x.impact === "serious" || x.impact === "critical")) {
        findings.push(`${path}: ${v.id} (${v.impact}) at ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
      }
      if (!(await page.title())) findings.push(`${path}: the page has no title`);
    }
    expect(findings).toEqual([]);
  });
}
