import { expect, test } from "@playwright/test";
import { axeCheck, hydrated, isolateClientAddress, signInAsDemo, startFamily } from "./support";

isolateClientAddress();

test.describe("email personalization", () => {
  test("an owner gives the family's e-mails their look, previews them live in German, is told of an unknown field, tests and resets", async ({ page }) => {
    await startFamily(page, "Alvarez Mail Trust");
    await hydrated(page, "/email-personalization");
    await expect(page.getByRole("heading", { name: "Email Personalization", level: 1 })).toBeVisible();
    // The preview is a sandboxed frame without scripts (the mail as a mail app shows it): axe cannot run inside it.
    const axe = await axeCheck(page).include("main").exclude('[data-testid="email-preview-html"]').analyze();
    expect(axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);

    await page.getByLabel("E-mail", { exact: true }).selectOption("notification");
    await page.getByLabel("Family name (shown above every e-mail)").fill("The Alvarez family");
    await page.getByLabel("Greeting").fill("Querida {{recipient.firstName}},");
    await page.getByLabel("Opening paragraph of this e-mail").fill("<b>News</b> from {{family.name}}.<script>alert(1)</script>");
    await page.getByRole("radio", { name: "Mountain" }).check();
    const frame = page.frameLocator('[data-testid="email-preview-html"]');
    await expect(frame.locator("body")).toContainText("THE ALVAREZ FAMILY", { ignoreCase: true });
    await expect(frame.locator("body")).toContainText("Querida Rosa,");
    await expect(frame.locator("b", { hasText: "News" })).toBeVisible();
    await expect(frame.locator("script")).toHaveCount(0);

    await page.getByLabel("Language", { exact: true }).selectOption("de");
    await expect(page.getByTestId("email-preview-html")).toHaveAttribute("srcdoc", /lang="de"/);
    await expect(frame.locator("body")).toContainText("Abbestellen");
    await page.getByLabel("Show the plain-text part").check();
    await expect(page.getByTestId("email-preview-text")).toContainText("News from The Alvarez family.");

    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByTestId("email-editor-status")).toHaveText("Saved. Some markup was removed: only bold, italics, lists and links are kept.");

    await page.getByLabel("Opening paragraph of this e-mail").fill("Hi {{recipient.nickname}}");
    await expect(page.getByRole("alert").first()).toContainText("{{recipient.nickname}} is not a merge field.");
    await expect(page.getByLabel("Opening paragraph of this e-mail")).toHaveAttribute("aria-invalid", "true");

    // A test goes with what is on the screen, so the field is put right first.
    await page.getByLabel("Opening paragraph of this e-mail").fill("Hi {{recipient.firstName}}");
    await expect(page.getByLabel("Opening paragraph of this e-mail")).not.toHaveAttribute("aria-invalid", "true");
    await page.getByRole("button", { name: "Send a test to me" }).click();
    await expect(page.getByTestId("email-editor-status")).toContainText(/A test was sent to \S+@example\.com\./);

    await page.getByLabel("E-mail", { exact: true }).selectOption("reset_password");
    await expect(page.getByRole("note")).toContainText("Security e-mails keep the platform's own words and look");
    await expect(page.getByLabel("Opening paragraph of this e-mail")).toHaveCount(0);

    await page.getByRole("button", { name: "Reset everything to the default" }).click();
    await expect(page.getByTestId("email-editor-status")).toHaveText("Everything is back to the platform's default look.");
  });

  test("every member chooses a daily summary; only owners see the family's e-mails", async ({ page }) => {
    await signInAsDemo(page, { email: "daniel@hartwell.example" });
    await hydrated(page, "/email-personalization");
    await expect(page.getByTestId("email-not-owner")).toHaveText(
      "Only the workspace's owners change how the family's e-mails look. Your own choices are above.",
    );
    await page.getByRole("radio", { name: /A daily summary/ }).check();
    await page.getByRole("button", { name: "Save my choice" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Saved: you will get a daily summary." })).toBeVisible();
    await page.getByRole("radio", { name: /One e-mail per event/ }).check();
    await page.getByRole("button", { name: "Save my choice" }).click();
    await expect(page.getByText("Saved: you will get one e-mail per event.")).toBeVisible();
  });
});
