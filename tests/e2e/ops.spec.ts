// /system-health and /error-reporting (issue 21) in a real browser: the pages' words, an uncaught error reaching its
// group, and "Report a problem" from the header with the session's errors attached, followed on /error-reporting.
import { expect, test } from "@playwright/test";
import { hydrated, isolateClientAddress, signInAsDemo, startFamily } from "./support";

isolateClientAddress();

test("the demo owner sees every service's status, the audit chain, the scheduled jobs and the week's history", async ({ page }) => {
  await signInAsDemo(page);
  await hydrated(page, "/system-health");
  await expect(page.getByRole("heading", { name: "System health", level: 1 })).toBeVisible();
  await expect(page.getByText("Your workspace: e-mail, text messages and the audit chain are counted for it alone.")).toBeVisible();
  for (const service of [
    "Database (D1)",
    "File storage (R2)",
    "Job queue",
    "Live rooms",
    "AI engine",
    "E-mail",
    "Text messages (SMS)",
    "Scheduled jobs",
    "Audit chain",
  ]) {
    await expect(
      page
        .getByRole("listitem")
        .filter({ has: page.getByText(service, { exact: true }) })
        .first(),
    ).toBeVisible();
  }
  await expect(page.getByTestId("probe-d1")).toContainText("Healthy");
  await expect(page.getByTestId("probe-ai")).toContainText("Engine in use: offline");
  await expect(page.getByRole("heading", { name: "The last 7 days" })).toBeVisible();
  // Configuration is the operators' alone.
  await expect(page.getByTestId("config-problems")).toHaveCount(0);
});

test("an uncaught error is grouped, resolved, and a report with the session's errors is followed to its status", async ({ page }) => {
  test.setTimeout(90_000);
  await startFamily(page, "The Error Reporting Trust");
  await hydrated(page, "/error-reporting");
  await expect(page.getByRole("heading", { name: "Error reporting", level: 1 })).toBeVisible();
  await expect(page.getByText("No errors recorded.")).toBeVisible();
  await expect(page.getByText("You have not reported a problem.")).toBeVisible();

  // An error nothing catches reaches the store with the next batch (and its e-mail never does).
  await page.evaluate(() =>
    setTimeout(() => {
      throw new Error("E2E widget failed for rosa@example.com");
    }),
  );
  await expect
    .poll(async () => JSON.stringify(await (await page.request.get("/api/errors/groups")).json()), { timeout: 20_000 })
    .toContain("E2E widget failed for [email]");

  // "Report a problem" beside help, with the session's errors attached.
  await page.getByTestId("report-problem-button").click();
  const dialog = page.getByRole("dialog", { name: "Report a problem" });
  await dialog.getByLabel("What happened?").fill("The widget on this page went blank.");
  await dialog.getByLabel("Attach the last errors of this session").check();
  await dialog.getByRole("button", { name: "Send report" }).click();
  await expect(dialog.getByText("Thank you: your report was received.")).toBeVisible();
  await page.keyboard.press("Escape");

  await hydrated(page, "/error-reporting");
  const group = page.getByTestId("error-group").filter({ hasText: "E2E widget failed for [email]" });
  await expect(group).toContainText("Occurrences: 1 · people affected: 1 · from the browser");
  await expect(group).toContainText("Open");
  await group.getByRole("button", { name: "Resolve" }).click();
  await expect(page.getByText("The status was changed.")).toBeVisible();
  await expect(group).toHaveAttribute("data-status", "resolved");
  const mine = page.getByTestId("my-reports").getByTestId("problem-report");
  await expect(mine).toContainText("The widget on this page went blank.");
  await expect(mine.getByTestId("report-status")).toHaveText("Received");
});
