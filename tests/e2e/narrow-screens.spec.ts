// The house (shell): every signed-in page at phone width without sideways scrolling, and every area reachable
// from the navigation — the sidebar on a wide screen, the Menu sheet on a phone.
import { expect, test, type Page } from "@playwright/test";
import { SIGNED_IN_PATHS } from "../../app/modules/navigation/route-sets";
import { plannedModule } from "../../app/modules/planned/module";
import { axeCheck, hydrated, isolateClientAddress, signInAsDemo } from "./support";

isolateClientAddress();

// Seeded by scripts/seed.ts.
const TRUST_ID = "c3a6e4f2-0001-4c6e-8d2a-5b7e9f100001";
const GENERAL_CHANNEL_ID = "e5c8a6b4-0001-4c6e-8d2a-5b7e9f100001";
/** Paths that are another address of an area the navigation lists. */
const ALIASES: Record<string, string> = { "/compliance": "/compliance-health" };

async function createPoll(page: Page): Promise<string> {
  const created = await page.request.post("/api/polls", {
    data: {
      title: `A narrow-screen check on the Cedar Crest roof repair quotes ${Date.now().toString(36)}`,
      type: "single",
      options: ["Accept the lower quote from Bay Roofing", "Ask for a third quote", "Wait until spring"],
      closesAt: new Date(Date.now() + 3600_000).toISOString(),
    },
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { poll: { id: string } }).poll.id;
}

/** What makes the page scroll sideways: the document's width, and the elements reaching past the right edge outside a scroller of their own. */
function horizontalOverflow(page: Page) {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const clipped = (el: Element): boolean => {
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        const overflowX = getComputedStyle(p).overflowX;
        if (overflowX !== "visible") return true;
      }
      return false;
    };
    const describe = (el: Element) => {
      const testId = el.getAttribute("data-testid");
      const cls = typeof el.className === "string" ? el.className.split(/\s+/).slice(0, 6).join(".") : "";
      return `${el.tagName.toLowerCase()}${testId ? `[data-testid=${testId}]` : ""}${cls ? `.${cls}` : ""} (${Math.round(el.getBoundingClientRect().right)}px)`;
    };
    const past = (el: Element) => {
      const box = el.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && box.right > width + 1 && getComputedStyle(el).position !== "fixed" && !clipped(el);
    };
    // The innermost elements past the right edge: what to fix, rather than every box around it.
    const wide = [...document.body.querySelectorAll("*")].filter((el) => past(el) && ![...el.children].some(past)).map(describe);
    return { scrollWidth: document.documentElement.scrollWidth, innerWidth: width, wide: wide.slice(0, 8) };
  });
}

test.describe("at 360 px wide", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("every signed-in page fits without scrolling sideways", async ({ page }) => {
    test.setTimeout(240_000);
    await signInAsDemo(page);
    const pollId = await createPoll(page);
    const paths = [
      ...SIGNED_IN_PATHS,
      `/documents/${TRUST_ID}`,
      `/channel/${GENERAL_CHANNEL_ID}`,
      `/polling/${pollId}`,
      `/vote-tracking/${pollId}`,
      `/version-control/${TRUST_ID}`,
    ];
    for (const path of paths) {
      await hydrated(page, path);
      await expect(page.locator("main#main-content")).toBeVisible();
      // Give late content (lists fetched after hydration, the carousel) a moment to arrive.
      await page.waitForTimeout(300);
      const result = await horizontalOverflow(page);
      expect.soft(result.scrollWidth, `${path} scrolls sideways; too wide: ${result.wide.join(" | ")}`).toBeLessThanOrEqual(result.innerWidth);
      expect.soft(result.wide, `${path}: elements wider than the screen`).toEqual([]);
    }
  });
});

test.describe("every area is reachable from the navigation", () => {
  const areaPaths = SIGNED_IN_PATHS.filter((p) => p !== "/").map((p) => ALIASES[p] ?? p);

  test("the sidebar at 1366 px lists each area, grouped, with the current one marked", async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 1366, height: 800 });
    await signInAsDemo(page);
    await hydrated(page, `/documents/${TRUST_ID}`);
    const sidebar = page.getByRole("navigation", { name: "All areas" });
    await expect(sidebar).toBeVisible();
    for (const path of areaPaths) await expect(sidebar.locator(`a[href="${path}"]`), path).toHaveCount(1);
    await expect(sidebar.getByRole("heading")).toHaveText(["Documents", "Conversations", "Decisions", "Money", "Compliance", "Meetings", "Administration"]);
    // A detail page marks its area.
    await expect(sidebar.locator('[aria-current="page"]')).toHaveAttribute("href", "/documents");
    // Only the areas without a domain yet say "Coming soon".
    const comingSoon = await sidebar
      .getByRole("link")
      .filter({ hasText: "Coming soon" })
      .evaluateAll((links) => links.map((link) => link.getAttribute("href")));
    const planned = (plannedModule.areas ?? []).map((a) => a.path);
    expect(comingSoon.filter((href) => !planned.includes(href ?? ""))).toEqual([]);
    await expect(sidebar.getByRole("link", { name: "Video meetings" })).not.toContainText("Coming soon");
    await expect(sidebar.getByRole("link", { name: "Tax administration" })).not.toContainText("Coming soon");
    await expect(sidebar.getByRole("link", { name: "Trust banking" })).not.toContainText("Coming soon");
    await expect(page.getByTestId("menu-button")).toBeHidden();
    const axe = await axeCheck(page).include('[data-testid="sidebar-nav"]').analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
    await sidebar.getByRole("link", { name: "Polling" }).click();
    await page.waitForURL("**/polling");
    await expect(sidebar.locator('[aria-current="page"]')).toHaveAttribute("href", "/polling");
  });

  test("the phone menu at 390 px lists each area, traps focus, closes on Escape and on navigation", async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAsDemo(page);
    await hydrated(page, "/dashboard");
    await expect(page.getByTestId("sidebar-nav")).toBeHidden();
    const menuButton = page.getByRole("button", { name: "Menu" });
    await menuButton.click();
    const sheet = page.getByRole("dialog", { name: "Menu" });
    await expect(sheet).toBeVisible();
    const nav = sheet.getByRole("navigation", { name: "All areas" });
    for (const path of areaPaths) await expect(nav.locator(`a[href="${path}"]`), path).toHaveCount(1);
    await expect(nav.locator('[aria-current="page"]')).toHaveAttribute("href", "/dashboard");
    const axe = await axeCheck(page).include('[data-testid="menu-sheet"]').analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
    // Focus stays in the sheet.
    for (let i = 0; i < 5; i++) await page.keyboard.press("Shift+Tab");
    expect(await sheet.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await page.keyboard.press("Escape");
    await expect(sheet).toBeHidden();
    await expect(menuButton).toBeFocused();
    // Choosing an area goes there and closes the menu.
    await menuButton.click();
    await sheet.getByRole("link", { name: "Vote tracking" }).click();
    await page.waitForURL("**/vote-tracking");
    await expect(sheet).toBeHidden();
    await menuButton.click();
    await expect(page.getByRole("dialog", { name: "Menu" }).locator('[aria-current="page"]')).toHaveAttribute("href", "/vote-tracking");
  });
});
