import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { axeCheck, hydrated, isolateClientAddress, startFamily } from "./support";

isolateClientAddress();

const fixture = (name: string) => readFileSync(new URL(`../fixtures/documents/${name}`, import.meta.url));

async function uploadAnalysed(page: Page, name: string) {
  const created = await page.request.post(`/api/documents?fileName=${name}`, {
    data: fixture(name),
    headers: { "Content-Type": "application/octet-stream", Origin: new URL(page.url()).origin },
  });
  expect(created.status()).toBe(201);
  const { document } = (await created.json()) as { document: { id: string } };
  await expect
    .poll(async () => ((await (await page.request.get(`/api/documents/${document.id}`)).json()) as { document: { status: string } }).document.status, {
      timeout: 20_000,
    })
    .toBe("completed");
  return document.id;
}

test.describe("legal intelligence", () => {
  test("shows where the trust and its amendment disagree, opens both passages, and answers a question with citations", async ({ page }) => {
    test.setTimeout(60_000);
    await startFamily(page, "The Hartwell Family Trust");
    const trustId = await uploadAnalysed(page, "hartwell-family-trust.txt");
    const amendmentId = await uploadAnalysed(page, "hartwell-trust-first-amendment.txt");

    await hydrated(page, "/legal-intelligence");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Legal intelligence");
    await expect(page.getByTestId("checks-summary")).toHaveText("Analysed documents checked: 2.");
    const findings = page.getByTestId("finding");
    await expect(findings).toHaveCount(4);
    const successor = findings.filter({ has: page.getByRole("heading", { name: "Successor trustees changed" }) });
    await expect(successor).toContainText("names Daniel R. Hartwell, First Pacific Trust Company as successor trustees, in that order");
    const links = successor.getByRole("link");
    await expect(links).toHaveCount(2);
    await expect(links.nth(0)).toHaveAttribute("href", new RegExp(`^/documents/${trustId}\\?passage=\\d+-\\d+$`));
    await expect(links.nth(1)).toHaveAttribute("href", new RegExp(`^/documents/${amendmentId}\\?passage=\\d+-\\d+$`));
    const axe = await axeCheck(page).analyze();
    expect(axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);

    // The trust's passage: the document opens on it, highlighted in the text and shown with its offsets.
    await links.nth(0).click();
    await expect(page).toHaveURL(new RegExp(`/documents/${trustId}\\?passage=`));
    const panel = page.getByTestId("cited-passage-panel");
    await expect(panel.getByRole("heading", { name: "Cited passage" })).toBeVisible();
    await expect(page.getByTestId("cited-passage-text")).toContainText("Margaret A. Hartwell-Chen shall serve as successor trustee");
    // The scrollable quote can be reached and scrolled by keyboard, and is named.
    await expect(page.getByTestId("cited-passage-text")).toHaveAttribute("tabindex", "0");
    await expect(page.getByTestId("cited-passage-text")).toHaveAccessibleName("Cited passage");
    const highlighted = page.locator("[data-cited]");
    await expect(highlighted.first()).toBeInViewport();
    expect((await highlighted.allTextContents()).join("")).toBe("If both Settlors cease to serve, Margaret A. Hartwell-Chen shall serve as successor trustee.");

    // And the amendment's.
    await page.goBack();
    await page.getByTestId("finding").first().getByRole("link").nth(1).click();
    await expect(page).toHaveURL(new RegExp(`/documents/${amendmentId}\\?passage=`));
    await expect(page.getByTestId("cited-passage-text")).toContainText("Daniel R. Hartwell shall serve as successor trustee");

    // A question across the documents, answered with links to its passages.
    await hydrated(page, "/legal-intelligence");
    await page.getByLabel("Your question").fill("Who are the successor trustees?");
    await page.getByRole("button", { name: "Ask", exact: true }).click();
    const answer = page.getByTestId("legal-answer");
    await expect(answer).toContainText("Daniel R. Hartwell (1)");
    await expect(answer).toContainText("Margaret A. Hartwell-Chen (1)");
    await expect(page.getByTestId("answer-engine")).toHaveText("Answered by the offline engine (quotes, not a generated answer)");
    await expect(page.getByTestId("answer-citation").first().getByRole("link")).toHaveAttribute("href", /^\/documents\/[0-9a-f-]{36}\?passage=\d+-\d+$/);
  });

  test("says honestly when there is nothing to check", async ({ page }) => {
    await startFamily(page, "The Empty Trust");
    await hydrated(page, "/legal-intelligence");
    await expect(page.getByTestId("checks-empty")).toContainText("None of the documents you can read has been analysed yet.");
    await expect(page.getByTestId("finding")).toHaveCount(0);
  });
});
