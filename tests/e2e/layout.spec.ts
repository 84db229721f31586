// The signed-in layout (issue 23): one shell for every signed-in page, and its error page inside that shell.
import { expect, test } from "@playwright/test";
import { applyLook, hydrated, isolateClientAddress, signInAsDemo } from "./support";

isolateClientAddress();

const MISSING_DOCUMENT = "/documents/00000000-0000-4000-8000-000000000000";

test("a signed-in 404 shows the shell, the translated sentence and the way back", async ({ page }) => {
  await signInAsDemo(page);
  const response = await page.goto(MISSING_DOCUMENT);
  expect(response?.status()).toBe(404);
  // The shell is there: header, the person's menu, the assistant.
  await expect(page.locator("header").first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Open notification center" })).toBeVisible();
  const errorPage = page.getByTestId("error-page");
  await expect(errorPage).toHaveAttribute("data-status", "404");
  await expect(errorPage.getByRole("heading", { level: 1 })).toHaveText("Page not found");
  // The server's own sentence, not a generic one.
  await expect(errorPage.getByTestId("error-sentence")).toHaveText("Document not found");
  await expect(page.getByText("An unexpected error happened")).toHaveCount(0);
  await errorPage.getByRole("link", { name: "Go to your documents" }).click();
  await page.waitForURL("**/documents");

  // An unknown path signed in: the same page, with the path in the sentence.
  expect((await page.goto("/no-such-page"))?.status()).toBe(404);
  await expect(page.getByTestId("error-page").getByTestId("error-sentence")).toContainText("/no-such-page");
  await page.getByTestId("error-page").getByRole("link", { name: "Go to the dashboard" }).click();
  await page.waitForURL("**/dashboard");
});

test("the error page speaks the person's language", async ({ page }) => {
  await signInAsDemo(page);
  // The choice lives in local storage (spec) and its cookie; a page that hydrated earlier may have stored "en",
  // which would rightly win over a cookie set alone.
  await applyLook(page, { "preferred-language": "de" });
  await hydrated(page, MISSING_DOCUMENT);
  const errorPage = page.getByTestId("error-page");
  await expect(errorPage.getByTestId("error-sentence")).toHaveText("Dokument nicht gefunden");
  await expect(errorPage.getByRole("heading", { level: 1 })).not.toHaveText("Page not found");
});
