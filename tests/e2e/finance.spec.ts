import { expect, test, type Browser, type Page } from "@playwright/test";
import { axeCheck, clientAddressHeaders, hydrated, isolateClientAddress, signInAsDemo } from "./support";

isolateClientAddress();

async function signedIn(browser: Browser, email?: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.context().setExtraHTTPHeaders(clientAddressHeaders(`10.79.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`));
  await signInAsDemo(page, email ? { email } : {});
  return page;
}

test.describe("trust finances", () => {
  test("a trustee puts a distribution to the family's weighted vote; two members vote in their browsers; the poll's result approves it", async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const purpose = `Dental checkup ${Date.now().toString(36)}`;
    // An amount no bank transaction has, so the payment search honestly finds nothing.
    const amount = `${300 + Math.floor(Math.random() * 600)}.${String(Math.floor(Math.random() * 99)).padStart(2, "0")}`;
    const owner = await signedIn(browser);
    await hydrated(owner, "/financial");
    await expect(owner.getByRole("heading", { name: "Financial Management", level: 1 })).toBeVisible();
    // The demo's own history: Margaret's support, approved by the weighted vote and paid by the September transfer.
    const margaret = owner.getByTestId("distribution").filter({ hasText: "Margaret A. Hartwell-Chen" });
    await expect(margaret.getByTestId("distribution-status")).toHaveText("Paid");
    await expect(margaret).toContainText("Decided by the family's vote");
    await expect(margaret).toContainText("Article Four, Section 4.1 Health, Education, Maintenance and Support");

    // The form checks before anything is sent.
    const form = owner.getByRole("region", { name: "Request a distribution" });
    await form.getByLabel("For").selectOption({ label: "Daniel Hartwell" });
    await form.getByLabel("Amount (USD)").fill("-5");
    await form.getByLabel("Purpose").fill(purpose);
    await form.getByRole("button", { name: "Send the request" }).click();
    await expect(form.getByText("Enter an amount greater than zero.")).toBeVisible();
    await expect(form.getByText("Choose the clause of the trust that allows this distribution.")).toBeVisible();
    await form.getByLabel("Amount (USD)").fill(amount);
    await form.getByLabel("Clause that allows it").selectOption({ label: "Article Four, Section 4.1 · Health, Education, Maintenance and Support" });
    await expect(form.getByTestId("chosen-clause")).toContainText("health, education, maintenance and support");
    await form.getByLabel("Who approves it").selectOption("poll");
    await form.getByLabel("Weigh the family's votes by beneficial interest").check();
    await form.getByRole("button", { name: "Send the request" }).click();
    await expect(owner.getByText("The request is sent to the trustees.")).toBeVisible();
    const card = owner.getByTestId("distribution").filter({ hasText: purpose });
    await expect(card.getByTestId("distribution-status")).toHaveText("Requested");
    // The instrument names Daniel R. Hartwell with 40%.
    await expect(card).toContainText("The trust gives Daniel R. Hartwell a share of 40%.");
    const pollLink = card.getByRole("link", { name: /The family is voting/ });
    const pollPath = (await pollLink.getAttribute("href"))!;

    // James (40%) and Sophie (20%) vote yes in their own browsers: 60% of the interest.
    for (const email of ["james@hartwell.example", "sophie@hartwell.example"]) {
      const voter = await signedIn(browser, email);
      await hydrated(voter, pollPath);
      await voter.getByRole("radio", { name: "Yes" }).check();
      await voter.getByRole("button", { name: "Cast my vote" }).click();
      await expect(voter.getByTestId("my-ballot")).toContainText("You voted: Yes.");
      await voter.context().close();
    }
    await hydrated(owner, pollPath);
    await owner.getByRole("button", { name: "Close now" }).click();
    await owner.getByRole("dialog").getByRole("button", { name: "Close and count" }).click();
    await expect(owner.getByTestId("poll-result")).toContainText("Approved");
    await expect
      .poll(async () => {
        await hydrated(owner, "/financial");
        return owner.getByTestId("distribution").filter({ hasText: purpose }).getByTestId("distribution-status").textContent();
      })
      .toBe("Approved");
    const approved = owner.getByTestId("distribution").filter({ hasText: purpose });
    await expect(approved).toContainText("Decided by the family's vote");
    await approved.getByRole("button", { name: "Find the payment" }).click();
    await expect(approved.getByText("No bank transaction of this amount is waiting.", { exact: false })).toBeVisible();
    await owner.context().close();
  });

  test("a beneficiary sees only her own distributions, never another's, and asks for herself", async ({ browser }) => {
    const sophie = await signedIn(browser, "sophie@hartwell.example");
    await hydrated(sophie, "/financial");
    await expect(sophie.getByRole("heading", { name: "Your distributions" })).toBeVisible();
    await expect(sophie.getByTestId("distribution").filter({ hasText: "Fall tuition" })).toBeVisible();
    await expect(sophie.getByText("Monthly support")).toHaveCount(0);
    await expect(sophie.getByText("Dental treatment", { exact: false })).toHaveCount(0);
    await expect(sophie.getByRole("heading", { name: "Assets and liabilities" })).toHaveCount(0);
    // Not even in the page's data.
    const data = await (await sophie.request.get("/financial.data")).text();
    expect(data).not.toContain("Monthly support");
    expect(data).not.toContain("Dental treatment");
    const form = sophie.getByRole("region", { name: "Request a distribution" });
    await expect(form.getByLabel("For").locator("option")).toHaveText(["Sophie Hartwell"]);
    await expect(form.getByLabel("Who approves it")).toHaveCount(0);
    const results = await axeCheck(sophie).analyze();
    expect(results.violations.map((v) => v.id)).toEqual([]);
    await sophie.context().close();
  });

  test("the trustee reads the trust's net worth, principal and income, and this year's accounting; the lawyer reads it too", async ({ page }) => {
    await signInAsDemo(page);
    await hydrated(page, "/financial");
    await expect(page.getByTestId("finance-net-worth")).toContainText("$");
    await expect(page.getByTestId("asset").filter({ hasText: "Cedar Crest residence" })).toContainText("Current value $1,585,000.00");
    await page.getByText("Show the figures as a table").click();
    await expect(page.getByRole("table", { name: "Net worth, principal cash and income cash at each month's end" })).toBeVisible();
    await expect(page.getByTestId("allocation-table").getByRole("row", { name: /Trustee compensation/ })).toContainText("50%");
    await expect(page.getByTestId("accounting-summary")).toContainText("Property on hand at the end");
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download" }).click()]);
    expect(download.suggestedFilename()).toMatch(/^fiduciary-accounting-\d{4}-01-01-\d{4}-\d{2}-\d{2}\.pdf$/);
    const results = await axeCheck(page).analyze();
    expect(results.violations.map((v) => v.id)).toEqual([]);
  });
});

test.describe("tax administration", () => {
  test("the 2026 calendar with its rolled dates and done marks, a K-1 worksheet, and the safe harbour", async ({ page }) => {
    await signInAsDemo(page);
    await hydrated(page, "/tax-administration?year=2026");
    await expect(page.getByRole("heading", { name: "Tax Administration", level: 1 })).toBeVisible();
    await expect(page.getByTestId("tax-item").filter({ hasText: "Estimated tax for 2026, payment 3 of 4" })).toHaveAttribute("data-status", "done");
    const form1041 = page.getByTestId("tax-item").and(page.locator('[data-key="1041-2026"]'));
    await expect(form1041).toContainText("Apr 15, 2027");
    await expect(form1041.getByRole("link", { name: /26 U\.S\.C\. §6072/ })).toBeVisible();
    // Marked done, then not done again (the demo stays as it was).
    await form1041.getByRole("button", { name: "Mark done: Form 1041 for 2026: the trust's income tax return" }).click();
    await expect(page.getByText("Marked done.")).toBeVisible();
    await expect(form1041).toHaveAttribute("data-status", "done");
    await form1041.getByRole("button", { name: /Mark not done/ }).click();
    await expect(form1041).not.toHaveAttribute("data-status", "done");

    await expect(page.getByText("EIN on file: ••-•••7265")).toBeVisible();
    const worksheet = page.getByTestId("k1-worksheet").filter({ hasText: "Margaret A. Hartwell-Chen" });
    await worksheet.locator("summary").click();
    await expect(worksheet.getByRole("row", { name: /Interest income/ })).toBeVisible();

    const harbour = page.getByRole("region", { name: "Estimated tax: the safe harbour" });
    await harbour.getByLabel("This year's expected tax").fill("20000");
    await harbour.getByLabel("Last year's tax (empty if there was no return)").fill("15000");
    await harbour.getByLabel("Last year's adjusted gross income").fill("200000");
    await harbour.getByRole("button", { name: "Work it out" }).click();
    await expect(page.getByTestId("harbour-result")).toHaveText("Pay $16,500.00 this year (110% of last year's tax): $4,125.00 per installment.");
    const results = await axeCheck(page).analyze();
    expect(results.violations.map((v) => v.id)).toEqual([]);
  });
});
