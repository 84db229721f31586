import { expect, test, type Browser, type Page } from "@playwright/test";
import { axeCheck, clientAddressHeaders, hydrated, isolateClientAddress, signInAsDemo } from "./support";

isolateClientAddress();

async function signedIn(browser: Browser, email?: string, viewport = { width: 1280, height: 900 }): Promise<Page> {
  const page = await (await browser.newContext({ viewport })).newPage();
  await page.context().setExtraHTTPHeaders(clientAddressHeaders());
  await signInAsDemo(page, email ? { email } : {});
  return page;
}

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await axeCheck(page).include("main").analyze();
  return results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`);
}

/** The demo's other people: Margaret's support, Daniel's dental request and his 40% must never reach Sophie. */
const OTHERS = ["Monthly support", "Dental treatment", "Margaret", "Daniel Hartwell"];

test.describe("beneficiary portal", () => {
  test("a beneficiary is led to her portal, reads where she stands, asks for a distribution and sees it waiting", async ({ browser }) => {
    test.setTimeout(120_000);
    const sophie = await signedIn(browser, "sophie@hartwell.example");
    await hydrated(sophie, "/dashboard");
    // Her navigation opens with the portal, and her dashboard leads there first.
    await expect(sophie.getByTestId("sidebar-nav").getByRole("link").first()).toHaveAttribute("data-area", "/beneficiary-portal");
    const lead = sophie.getByTestId("portal-lead");
    await expect(lead).toContainText("Your share of The Hartwell Family Trust is 20%.");
    await lead.getByRole("link", { name: "Open your portal" }).click();
    await sophie.waitForURL("**/beneficiary-portal");
    await expect(sophie.getByRole("heading", { name: "Your portal", level: 1 })).toBeVisible();
    const summary = sophie.getByTestId("portal-summary");
    await expect(summary).toContainText("Your share of The Hartwell Family Trust is 20%.");
    await expect(summary).toContainText("you have received $7,420.00 for Fall tuition at California State University.");
    await expect(sophie.getByTestId("portal-documents")).toContainText("The Hartwell Family Revocable Living Trust");
    await expect(sophie.getByTestId("portal-polls")).toContainText("Replace the Cedar Crest roof before winter?");
    const data = await (await sophie.request.get("/beneficiary-portal.data")).text();
    for (const other of OTHERS) {
      expect(data).not.toContain(other);
      await expect(sophie.getByText(other, { exact: false })).toHaveCount(0);
    }
    expect(await seriousViolations(sophie)).toEqual([]);

    // The request is the finances page's own form; back on the portal it is waiting.
    const purpose = `Textbooks ${Date.now().toString(36)}`;
    await sophie.getByTestId("request-distribution").click();
    await sophie.waitForURL(/\/financial#distribution-request$/);
    const form = sophie.getByRole("region", { name: "Request a distribution" });
    await form.getByLabel("Amount (USD)").fill("145.50");
    await form.getByLabel("Purpose").fill(purpose);
    await form.getByLabel("Clause that allows it").selectOption({ label: "Article Four, Section 4.1 · Health, Education, Maintenance and Support" });
    await form.getByRole("button", { name: "Send the request" }).click();
    await expect(sophie.getByTestId("distribution").filter({ hasText: purpose })).toBeVisible();
    await hydrated(sophie, "/beneficiary-portal");
    const mine = sophie.getByTestId("portal-distribution").filter({ hasText: purpose });
    await expect(mine.getByTestId("portal-distribution-status")).toHaveText("Waiting");
    await expect(mine).toContainText("$145.50");
    await expect(sophie.getByTestId("portal-summary")).toContainText("waiting for the trustees");
    await sophie.context().close();
  });

  test("fits a 360 px screen without sideways scrolling", async ({ browser }) => {
    const sophie = await signedIn(browser, "sophie@hartwell.example", { width: 360, height: 800 });
    await hydrated(sophie, "/beneficiary-portal");
    await expect(sophie.getByTestId("portal-summary")).toBeVisible();
    expect(await sophie.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(await seriousViolations(sophie)).toEqual([]);
    await sophie.context().close();
  });

  test("the owner previews a beneficiary's portal and may show the trust-wide totals", async ({ browser }) => {
    const owner = await signedIn(browser);
    await hydrated(owner, "/beneficiary-portal");
    await expect(owner.getByTestId("totals-state")).toHaveText("Beneficiaries do not see the trust-wide totals.");
    // The owner's switch, turned on and back off (the demo keeps totals hidden).
    await owner.getByRole("button", { name: "Show trust-wide totals to beneficiaries" }).click();
    await expect(owner.getByTestId("totals-state")).toHaveText("Beneficiaries see the trust-wide totals.");
    await expect(owner.getByRole("status").filter({ hasText: "Beneficiaries now see the trust-wide totals." })).toBeVisible();
    await owner.getByRole("button", { name: "Hide trust-wide totals from beneficiaries" }).click();
    await expect(owner.getByTestId("totals-state")).toHaveText("Beneficiaries do not see the trust-wide totals.");
    await owner.getByRole("link", { name: "See Sophie Hartwell's portal" }).click();
    await expect(owner.getByRole("heading", { name: "Sophie Hartwell's portal", level: 1 })).toBeVisible();
    await expect(owner.getByTestId("preview-note")).toContainText("You are previewing what Sophie Hartwell sees.");
    await expect(owner.getByTestId("portal-summary")).toContainText("Your share of The Hartwell Family Trust is 20%.");
    await expect(owner.getByTestId("request-distribution")).toHaveCount(0);
    expect(await seriousViolations(owner)).toEqual([]);
    await owner.context().close();
  });
});
