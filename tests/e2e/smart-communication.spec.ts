import { expect, test } from "@playwright/test";
import { axeCheck, hydrated, isolateClientAddress, signInAsDemo } from "./support";

isolateClientAddress();

test.describe("smart communication", () => {
  test("a trustee previews a built-in template for a member, schedules it to a channel and cancels it", async ({ page }) => {
    await signInAsDemo(page);
    await hydrated(page, "/smart-communication");
    await expect(page.getByRole("heading", { name: "Smart communication", level: 1 })).toBeVisible();
    const axe = await axeCheck(page).include("main").analyze();
    expect(axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);

    const templates = page.getByTestId("templates");
    await templates.getByRole("button", { name: "Distribution approved" }).click();
    await templates.getByLabel("Preview for").selectOption({ label: "Sophie Hartwell" });
    await templates.getByRole("button", { name: "Preview", exact: true }).click();
    const preview = page.getByTestId("template-preview");
    await expect(preview).toContainText("Dear Sophie,");
    await expect(preview).toContainText("The trustees of The Hartwell Family Trust approved your distribution of $");
    await expect(preview).not.toContainText("{{");

    await templates.getByRole("button", { name: "Meeting reminder" }).click();
    await templates.getByRole("button", { name: "Use this template" }).click();
    const form = page.getByTestId("schedule-form");
    await expect(form.getByLabel("Message")).toHaveValue(/our family meeting “\{\{meeting\.title\}\}”/);
    await form.getByRole("button", { name: "Schedule message" }).click();
    await expect(page.getByTestId("schedule-status")).toHaveText("Scheduled. It will be sent once, at that time.");
    const item = page.getByTestId("scheduled-item").first();
    await expect(item).toHaveAttribute("data-status", "scheduled");
    await expect(item).toContainText("To #");
    await item.getByRole("button", { name: "Cancel" }).click();
    await expect(item).toHaveAttribute("data-status", "cancelled");
    await expect(page.getByText("The message was cancelled and will not be sent.")).toBeVisible();
  });

  test("drafting help suggests replies to the family chat as drafts and summarises it citing the messages", async ({ page }) => {
    await signInAsDemo(page);
    await hydrated(page, "/smart-communication");
    const assist = page.getByTestId("assist");
    await assist.getByLabel("Tone").selectOption("warm");
    await assist.getByRole("button", { name: "Suggest replies" }).click();
    await expect(page.getByTestId("suggestions-engine")).toHaveText("Written by the offline engine's templates: no AI model is configured.");
    await expect(page.getByTestId("suggestions").getByRole("listitem")).toHaveCount(3);
    await page.getByTestId("suggestions").getByRole("button", { name: "Use this draft" }).first().click();
    await expect(page.getByTestId("schedule-form").getByLabel("Message")).toHaveValue(/^Thanks, \w+! I'll look into it and get back to you soon\.$/);
    await assist.getByRole("button", { name: "Summarise the thread" }).click();
    await expect(page.getByTestId("summary")).toContainText(/Summary of \d+ messages/);
    await expect(page.getByTestId("summary").getByRole("link").first()).toHaveText(/^\(Messages #\d+\)$/);
  });

  test("a template with an unknown merge field is refused with its name, and markup is taken out", async ({ page }) => {
    await signInAsDemo(page);
    await hydrated(page, "/smart-communication");
    const templates = page.getByTestId("templates");
    await templates.getByLabel("Name").fill("Quarterly note");
    await templates.getByLabel("Message", { exact: true }).fill("Dear {{recipient.frstName}}, see {{link.documents}}");
    await templates.getByRole("button", { name: "Save template" }).click();
    await expect(page.getByTestId("templates-status")).toHaveText(
      "{{recipient.frstName}} is not a merge field. Use one of the fields listed under the message.",
    );
    await templates.getByLabel("Message", { exact: true }).fill("Dear <b>{{recipient.firstName}}</b>, see {{link.documents}}");
    await templates.getByRole("button", { name: "Save template" }).click();
    await expect(page.getByTestId("templates-status")).toHaveText("Template saved. Templates are plain text, so the markup was taken out.");
    await expect(page.getByTestId("template-detail")).toContainText("Dear {{recipient.firstName}}, see {{link.documents}}");
    await page.getByRole("button", { name: "Delete template" }).click();
    await expect(page.getByTestId("templates-status")).toHaveText("Template deleted.");
  });

  test("in the chat a trustee puts a template, filled with the trust's values, in the box as a draft; a beneficiary has no templates", async ({
    page,
    browser,
  }) => {
    await signInAsDemo(page);
    await hydrated(page, "/chat");
    await page.getByTestId("composer-templates").click();
    await page.getByRole("list", { name: "Templates" }).getByRole("button", { name: "Documents needed for the tax return" }).click();
    const box = page.getByTestId("composer-body");
    await expect(box).toHaveValue(/To prepare the \d{4} tax return of The Hartwell Family Trust, please upload/);
    await expect(box).not.toHaveValue(/\{\{/);
    await box.fill("");

    const sophie = await browser.newPage();
    await signInAsDemo(sophie, { email: "sophie@hartwell.example" });
    await hydrated(sophie, "/chat");
    await expect(sophie.getByTestId("composer-body")).toBeVisible();
    await expect(sophie.getByTestId("composer-templates")).toHaveCount(0);
    await sophie.close();
  });

  test("a beneficiary is told who writes to the family from here", async ({ page }) => {
    await signInAsDemo(page, { email: "sophie@hartwell.example" });
    await hydrated(page, "/smart-communication");
    await expect(page.getByTestId("communication-not-allowed")).toHaveText(
      "Only owners, trustees and the family's lawyer use message templates and scheduled messages; ask one of them to write to the family.",
    );
  });
});
