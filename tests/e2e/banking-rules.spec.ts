import { expect, test, type Page } from "@playwright/test";
import { axeCheck, hydrated, isolateClientAddress, startFamily } from "./support";

isolateClientAddress();

const STATEMENT = [
  "Date,Description,Amount,Reference",
  "2026-09-15,PG&E UTILITIES CEDAR CREST,-318.27,R-1",
  "2026-10-15,PG&E UTILITIES CEDAR CREST,-301.10,R-2",
  "2026-10-28,INTEREST PAYMENT,42.77,R-3",
].join("\n");

/** An account with a statement in it, through the API the pages use. */
async function accountWithStatement(page: Page) {
  const headers = { Origin: new URL(page.url()).origin };
  const account = await page.request.post("/api/banking/accounts", {
    data: {
      name: "Trust checking",
      institution: "Pacific Coast Bank",
      type: "checking",
      currency: "USD",
      lastFour: "0932",
      openingBalanceMinor: 0,
      openingOn: "2026-09-01",
    },
    headers,
  });
  expect(account.status()).toBe(201);
  const { id } = (await account.json()) as { id: string };
  const preview = await page.request.post(`/api/banking/accounts/${id}/imports`, {
    multipart: { file: { name: "statement.csv", mimeType: "text/csv", buffer: Buffer.from(STATEMENT) } },
    headers,
  });
  expect(preview.status()).toBe(200);
  const { importId } = (await preview.json()) as { importId: string };
  expect((await page.request.post(`/api/banking/imports/${importId}/commit`, { data: {}, headers })).status()).toBe(200);
}

test.describe("trust banking rules", () => {
  test("create a rule from a transaction, preview it and apply it to the past", async ({ page }) => {
    test.setTimeout(120_000);
    await startFamily(page, "The Rules Family Trust");
    await hydrated(page, "/trust-banking");
    await accountWithStatement(page);

    await hydrated(page, "/transaction-reconciliation");
    const october = page.getByTestId("transaction-row").filter({ hasText: "2026-10-15" });
    const open = () => october.getByRole("button", { name: "PG&E UTILITIES CEDAR CREST" }).click();
    await open();
    const editor = page.getByRole("form", { name: "Account for PG&E UTILITIES CEDAR CREST" });
    await editor.getByLabel("Purpose").fill("Electricity for Cedar Crest");
    await editor.getByLabel("Category").selectOption("utilities");
    await editor.getByRole("button", { name: "Save" }).click();
    await expect(october).toContainText("Electricity for Cedar Crest");

    await open();
    await editor.getByRole("button", { name: "Create a rule from this transaction" }).click();
    const dialog = page.getByRole("dialog", { name: "Create a rule from this transaction" });
    const form = dialog.getByRole("form", { name: "New rule" });
    await expect(form.getByLabel("Name of the rule")).toHaveValue("PG&E UTILITIES CEDAR CREST");
    await expect(form.getByLabel("Looks at").first()).toHaveValue("description.contains");
    await expect(form.getByLabel("Value").first()).toHaveValue("PG&E UTILITIES CEDAR CREST");
    await expect(form.getByLabel("Purpose")).toHaveValue("Electricity for Cedar Crest");
    await form.getByLabel("Name of the rule").fill("Electricity");
    // A condition row added and taken out again; a bad pattern is named before anything is sent.
    await form.getByRole("button", { name: "Add a condition" }).click();
    await form.getByLabel("Looks at").nth(2).selectOption("description.matches");
    await form.getByLabel("Value").nth(2).fill("(CEDAR");
    await form.getByRole("button", { name: "Preview changes" }).click();
    await expect(form.getByText(/^“\(CEDAR” is not a regular expression that can be used/)).toBeVisible();
    await form.getByRole("button", { name: "Remove condition 3" }).click();

    await form.getByRole("button", { name: "Preview changes" }).click();
    const preview = form.getByTestId("rule-preview");
    await expect(preview.getByRole("status")).toHaveText("It would change 1 transaction (2 match its conditions).");
    await expect(preview.getByRole("listitem")).toHaveCount(1);
    await expect(preview.getByRole("listitem")).toContainText("2026-09-15");
    await form.getByRole("button", { name: "Save rule" }).click();

    await expect(dialog.getByText("“Electricity” is saved and fills in future imports.", { exact: false })).toBeVisible();
    await dialog.getByRole("button", { name: "Apply to past transactions" }).click();
    await expect(page.getByTestId("toast")).toContainText("1 transaction changed.");
    await expect(dialog.getByTestId("rule-preview").getByRole("status")).toHaveText("It would change 0 transactions (2 match its conditions).");
    await dialog.getByRole("button", { name: "Done" }).click();

    const september = page.getByTestId("transaction-row").filter({ hasText: "2026-09-15" });
    await expect(september).toContainText("Electricity for Cedar Crest");
    await september.getByRole("button", { name: "PG&E UTILITIES CEDAR CREST" }).click();
    await expect(page.getByTestId("filled-by-rule")).toHaveText("Filled in by the rule “Electricity”.");

    // The rules panel at 360 px: in order, readable, no sideways scrolling, nothing axe objects to.
    await page.setViewportSize({ width: 360, height: 800 });
    await hydrated(page, "/trust-banking");
    const panel = page.getByRole("region", { name: "Rules" });
    await expect(panel.getByTestId("rule-item")).toHaveCount(1);
    await expect(panel.getByTestId("rule-item")).toContainText("Electricity");
    await panel.getByRole("button", { name: "Preview" }).click();
    await expect(panel.getByTestId("rule-preview").getByRole("status")).toHaveText("It would change 0 transactions (2 match its conditions).");
    await panel.getByRole("button", { name: "Edit “Electricity”" }).click();
    await expect(panel.getByRole("form", { name: "Edit rule" }).getByLabel("Name of the rule")).toHaveValue("Electricity");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    const axe = await axeCheck(page).include("main").analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
  });
});
