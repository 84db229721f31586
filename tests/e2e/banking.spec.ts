import { expect, test } from "@playwright/test";
import { axeCheck, hydrated, isolateClientAddress, signInAsDemo, startFamily } from "./support";

isolateClientAddress();

// A bank's CSV as people download it: a preamble before the header, semicolons, decimal commas,
// day-first dates and separate money-out and money-in columns.
const STATEMENT = [
  "Pacific Coast Bank - Kontoauszug",
  "Konto: ****0932",
  "",
  "Buchungstag;Verwendungszweck;Soll;Haben;Saldo",
  "02.10.2026;DIVIDENDE BAYVIEW SECURITIES;;1.240,18;10.240,18",
  "05.10.2026;GRUNDSTEUER ALAMEDA COUNTY;6.512,40;;3.727,78",
  "28.10.2026;ZINSEN;;42,77;3.770,55",
].join("\n");

test.describe("trust banking", () => {
  test("import a CSV, confirm its columns, account for a transaction with a receipt, reconcile to zero and lock", async ({ page }) => {
    test.setTimeout(120_000);
    await startFamily(page, "The Banking Family Trust");
    await hydrated(page, "/trust-banking");
    await expect(page.getByRole("heading", { name: "Trust Banking", level: 1 })).toBeVisible();
    await expect(page.getByText("No bank accounts yet. Add the trust's first account below.")).toBeVisible();

    // Add the account; the form says what is wrong before anything is saved.
    const form = page.getByRole("region", { name: "Add an account" });
    await form.getByLabel("Account name").fill("Trust checking");
    await form.getByLabel("Bank", { exact: true }).fill("Pacific Coast Bank");
    await form.getByLabel("Currency").fill("EUR");
    await form.getByLabel("Last four digits of the account number").fill("932");
    await form.getByLabel("Opening balance", { exact: true }).fill("9.000,00");
    await form.getByLabel("Opening balance date").fill("2026-10-01");
    await form.getByRole("button", { name: "Add account" }).click();
    await expect(form.getByText("Enter the last four digits of the account number (never the whole number).")).toBeVisible();
    await form.getByLabel("Last four digits of the account number").fill("0932");
    await form.getByRole("button", { name: "Add account" }).click();
    await expect(page.getByTestId("bank-account")).toHaveCount(1);
    await expect(page.getByTestId("bank-account")).toContainText("€9,000.00");

    // Import: the preview shows the columns it read, the person confirms, nothing is in the books before the commit.
    const importer = page.getByRole("region", { name: "Import statements" });
    await importer.getByLabel("or choose files").setInputFiles({ name: "oktober.csv", mimeType: "text/csv", buffer: Buffer.from(STATEMENT, "latin1") });
    const preview = importer.getByRole("article", { name: "oktober.csv" });
    await expect(preview.getByRole("status")).toHaveText("CSV: 3 rows — 3 new, 0 already imported, 0 possible duplicates.");
    await expect(preview.getByLabel("Money out")).toHaveValue("Soll");
    await expect(preview.getByLabel("Money in")).toHaveValue("Haben");
    await expect(preview.locator("tbody tr")).toHaveCount(3);
    await expect(preview.locator("tbody tr").nth(1)).toContainText("2026-10-05");
    await preview.getByRole("button", { name: "Import 3 transactions" }).click();
    await expect(preview.getByText("Imported 3 transactions; 0 skipped as already in the books.")).toBeVisible();
    await expect(page.getByTestId("bank-account")).toContainText("3 transactions, 3 to account for.");

    // Account for the property tax, with its bill.
    await page.getByTestId("bank-account").getByRole("link", { name: "Open transactions" }).click();
    await page.waitForURL("**/transaction-reconciliation?account=*");
    await expect(page.getByRole("heading", { name: "Transaction Reconciliation", level: 1 })).toBeVisible();
    const row = page.getByTestId("transaction-row").filter({ hasText: "GRUNDSTEUER" });
    await row.getByRole("button", { name: "GRUNDSTEUER ALAMEDA COUNTY" }).click();
    const editor = page.getByRole("form", { name: "Account for GRUNDSTEUER ALAMEDA COUNTY" });
    await editor.getByLabel("Purpose").fill("Property tax for Cedar Crest");
    await editor.getByLabel("Responsible party").fill("Alameda County Tax Collector");
    await editor.getByLabel("Category").selectOption("taxes");
    await expect(editor.getByLabel("Principal or income")).toHaveValue("income");
    await editor
      .getByLabel("Attach a receipt (PDF or picture)")
      .setInputFiles({ name: "tax-bill.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4\n% bill\n") });
    await expect(editor.getByText("Receipt attached.")).toBeVisible();
    await expect(editor.getByRole("link", { name: "tax-bill.pdf" })).toBeVisible();
    await editor.getByRole("button", { name: "Save" }).click();
    await expect(row).toContainText("Property tax for Cedar Crest");
    await expect(row).toContainText("Accounted for");

    // Reconcile: the wrong closing balance leaves a difference; the statement's own makes it zero, then lock.
    const reconcile = page.getByRole("region", { name: "Reconcile with the bank statement" });
    await reconcile.getByLabel("Statement end date").fill("2026-10-31");
    await reconcile.getByLabel("Statement closing balance").fill("3.770,00");
    await reconcile.getByRole("button", { name: "Reconcile" }).click();
    await expect(reconcile.getByTestId("reconcile-difference")).toHaveText("-€0.55");
    await expect(reconcile.getByRole("button", { name: "Lock the period" })).toBeDisabled();
    // The paper statement says 3,770.55: correct the balance of the open reconciliation.
    await reconcile.getByLabel("Statement closing balance").fill("3.770,55");
    await reconcile.getByRole("button", { name: "Update the statement balance" }).click();
    await expect(reconcile.getByTestId("reconcile-difference")).toHaveText("€0.00");
    await reconcile.getByRole("button", { name: "Lock the period" }).click();
    await expect(reconcile.getByTestId("reconciliation")).toContainText("Reconciled to 2026-10-31");
    await expect(page.getByTestId("transaction-row").first()).toContainText("Reconciled");

    const axe = await axeCheck(page).include("main").analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
  });

  test("the demo family's September is reconciled and locked, with two entries left to account for", async ({ page }) => {
    test.setTimeout(60_000);
    await signInAsDemo(page);
    await hydrated(page, "/transaction-reconciliation?unaccounted=1");
    await expect(page.getByTestId("transaction-row")).toHaveCount(2);
    await expect(page.getByRole("region", { name: "Reconcile with the bank statement" }).getByTestId("reconciliation")).toContainText(
      "Reconciled to 2026-09-30",
    );
    await hydrated(page, "/dashboard");
    await expect(page.getByTestId("module-financial-management")).toContainText("83% reconciled");
  });

  test("the demo's ledger by keyboard: two entries accounted for at once, a deposit split, the three-way reconciliation signed off", async ({ page }) => {
    test.setTimeout(90_000);
    await signInAsDemo(page);
    await hydrated(page, "/transaction-reconciliation?unaccounted=1");

    // The three figures agree for September (the family's shares make 100%); the owner signs them off.
    const threeWay = page.getByRole("region", { name: "Three-way reconciliation" });
    await expect(threeWay.getByTestId("three-way-status")).toHaveText("All three agree.");
    await expect(threeWay.getByRole("table", { name: "Each beneficiary's sub-ledger" }).locator("tbody tr")).toHaveCount(3);
    await threeWay.getByRole("button", { name: "Sign off" }).click();
    await expect(threeWay.getByTestId("three-way-signed-off")).toContainText("Signed off by Eleanor Hartwell");

    // Keyboard only: move to each row, select it with x, and give both the same purpose.
    const rows = page.getByTestId("transaction-row");
    await expect(rows).toHaveCount(2);
    await rows.first().focus();
    await page.keyboard.press("x");
    await page.keyboard.press("ArrowDown");
    await expect(rows.nth(1)).toBeFocused();
    await page.keyboard.press("x");
    const bulk = page.getByRole("form", { name: "Change 2 selected transactions" });
    await bulk.getByLabel("Purpose").fill("Cedar Crest: roof deposit and September rent");
    await bulk.getByLabel("Category").selectOption("repairs");
    await bulk.getByRole("button", { name: "Change 2 transactions" }).click();
    await expect(page.getByTestId("toast").getByText("2 transactions changed.")).toBeVisible();
    await hydrated(page, "/transaction-reconciliation?q=CEDAR%20CREST%20RENT");
    const rent = page.getByTestId("transaction-row").filter({ hasText: "DEPOSIT CEDAR CREST RENT" });
    await expect(rent).toContainText("Cedar Crest: roof deposit and September rent");

    // The rent deposit is really two things: split it, to the cent.
    await rent.focus();
    await page.keyboard.press("Enter");
    const editor = page.getByRole("form", { name: "Account for DEPOSIT CEDAR CREST RENT SEPTEMBER" });
    await editor.getByText("Split this transaction").click();
    const parts = editor.getByTestId("split-part");
    await parts.nth(0).getByLabel("Amount").fill("2000.00");
    await parts.nth(0).getByLabel("Category").selectOption("rent");
    await expect(editor.getByTestId("split-remaining")).toHaveText("Still to divide: $400.00");
    await parts.nth(1).getByLabel("Amount").fill("400");
    await parts.nth(1).getByLabel("Category").selectOption("contributions");
    await expect(editor.getByTestId("split-remaining")).toHaveText("The parts add up exactly.");
    await editor.getByRole("button", { name: "Save split" }).click();
    await expect(page.getByTestId("toast").getByText("Split saved.")).toBeVisible();
    await expect(rent).toContainText("Split (2 parts)");
  });
});
