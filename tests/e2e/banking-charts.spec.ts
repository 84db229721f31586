import { expect, test, type Page } from "@playwright/test";
import { axeCheck, hydrated, isolateClientAddress, signInAsDemo } from "./support";

isolateClientAddress();

const axeOfCharts = async (page: Page) =>
  (await axeCheck(page).include('[data-testid="banking-charts"]').analyze()).violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
  );

test.describe("banking charts at 360 px wide", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("the demo family's September as a balance line and money in and out by category, each with its table, in light and dark", async ({ page }) => {
    test.setTimeout(60_000);
    await signInAsDemo(page);
    await hydrated(page, "/trust-banking");
    const balance = page.getByRole("img", { name: "Balance over time" });
    const flow = page.getByRole("img", { name: "Money in and out by category" });
    await expect(balance).toBeVisible();
    await expect(flow).toBeVisible();
    // The plots arrive with the page's HTML; once their code has loaded they are drawn to the box's width.
    await expect(balance.locator("svg")).toHaveAttribute("viewBox", /^0 0 (2|3)\d\d /);
    await expect(page.getByTestId("balance-chart")).toContainText("Hartwell Trust Checking");
    await expect(page.getByTestId("flow-chart")).toContainText("Other categories");

    // The figures as tables, headed by what each cell is.
    await page.getByTestId("balance-chart").getByText("Show as table").click();
    const balanceTable = page.getByTestId("balance-table").getByRole("table");
    await expect(balanceTable.getByRole("columnheader", { name: "Date" })).toBeVisible();
    await expect(balanceTable.getByRole("rowheader", { name: "Sep 30, 2026" })).toBeVisible();
    // The books' balance: the statement's closing balance with the two entries not yet on a statement.
    await expect(balanceTable.getByRole("row", { name: /Sep 30, 2026/ })).toContainText("$59,083.83");
    await page.getByTestId("flow-chart").getByText("Show as table").click();
    const flowTable = page.getByTestId("flow-table").getByRole("table");
    await expect(flowTable.getByRole("row", { name: /Dividends/ })).toContainText("$1,240.18");
    await expect(flowTable.getByRole("row", { name: /Professional fees/ })).toContainText("$3,150.00");

    const width = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    expect(width[0]).toBeLessThanOrEqual(width[1]);
    expect(await axeOfCharts(page)).toEqual([]);
    await page.getByTestId("banking-charts").screenshot({ path: "test-results/banking-charts-light.png" });

    await page.evaluate(() => {
      localStorage.setItem("darkMode", "true");
      document.cookie = "darkMode=true; path=/";
    });
    await hydrated(page, "/trust-banking");
    await expect(page.locator("html")).toHaveClass(/dark/);
    await expect(page.getByRole("img", { name: "Balance over time" }).locator("svg")).toBeVisible();
    expect(await axeOfCharts(page)).toEqual([]);
    await page.getByTestId("banking-charts").screenshot({ path: "test-results/banking-charts-dark.png" });
  });
});
