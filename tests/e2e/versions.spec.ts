import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { axeCheck, hydrated, isolateClientAddress, startFamily } from "./support";

isolateClientAddress();

const v1 = readFileSync(new URL("../fixtures/documents/hartwell-family-trust.txt", import.meta.url), "utf8");
const v2 = `${v1.replace(/spendthrift/gi, "protective")}\n\nARTICLE XX. ROOF RESERVE\nThe Trustee shall keep a pelicanfeather reserve for the Cedar Crest roof.\n`;

test.describe("version control", () => {
  test("upload a new version with a note, compare it with the first, restore the first, and find it at /version-control", async ({ page }) => {
    test.setTimeout(60_000);
    await startFamily(page, "The Versions Family Trust");
    const created = await page.request.post(`/api/documents?fileName=trust.txt`, {
      data: Buffer.from(v1),
      headers: { "Content-Type": "application/octet-stream", Origin: new URL(page.url()).origin },
    });
    expect(created.status()).toBe(201);
    const { document } = (await created.json()) as { document: { id: string } };

    await hydrated(page, `/documents/${document.id}`);
    const panel = page.getByTestId("versions-panel");
    await expect(panel.getByTestId("version-row")).toHaveCount(1);
    await expect(page.getByTestId("document-version")).toHaveText("1");

    // A new version with a note, through the page's form (progress, then the history grows live).
    await panel.getByLabel("File").setInputFiles({ name: "trust-restated.txt", mimeType: "text/plain", buffer: Buffer.from(v2) });
    await panel.getByLabel("Note (what changed and why)").fill("Restated after the 2026 review");
    await panel.getByRole("button", { name: "Upload new version" }).click();
    await expect(panel.getByRole("status")).toHaveText("Version 2 uploaded. Its text is being read and analysed.");
    await expect(panel.getByTestId("version-row")).toHaveCount(2);
    await expect(panel.getByTestId("version-row").first()).toContainText("Version 2");
    await expect(panel.getByTestId("version-row").first()).toContainText("current");
    await expect(panel.getByTestId("version-row").first()).toContainText("Restated after the 2026 review");
    await expect(page.getByTestId("document-version")).toHaveText("2");
    await expect(page.getByTestId("document-status")).toHaveText("Analysis Complete", { timeout: 20_000 });
    await expect(page.getByTestId("document-text")).toContainText("pelicanfeather");

    // Compare: what was removed and added, highlighted.
    await panel.getByRole("link", { name: "Compare versions" }).click();
    await expect(page).toHaveURL(new RegExp(`/version-control/${document.id}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("History of trust");
    await expect(page.getByTestId("diff-summary")).toContainText("From version 1 to version 2");
    await expect(
      page
        .getByTestId("diff-removed")
        .filter({ hasText: /spendthrift/i })
        .first(),
    ).toBeVisible();
    await expect(page.getByTestId("diff-added").filter({ hasText: "pelicanfeather" })).toHaveCount(1);
    const axe = await axeCheck(page).analyze();
    expect(axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);

    // Restore version 1 from the history: it comes back as version 3, nothing is lost.
    const history = page.getByTestId("version-list");
    await history.getByRole("button", { name: "Restore version 1" }).click();
    const dialog = page.getByRole("dialog", { name: "Restore version 1?" });
    await expect(dialog.getByLabel("Note (what changed and why)")).toHaveValue("Restored version 1");
    await dialog.getByRole("button", { name: "Restore as new version" }).click();
    await expect(dialog).toBeHidden();
    await expect(history.getByTestId("version-row")).toHaveCount(3);
    await expect(history.getByTestId("version-row").first()).toContainText("Version 1 restored by Rosa Alvarez");
    const hashes = await history.getByTestId("version-sha256").evaluateAll((nodes) => nodes.map((n) => n.getAttribute("title")));
    expect(hashes[0]).toBe(hashes[2]);
    expect(hashes[1]).not.toBe(hashes[0]);

    // The workspace's version activity lists all three, and the history opens from it.
    await hydrated(page, "/version-control");
    await expect(page.getByTestId("version-activity-row")).toHaveCount(3);
    await expect(page.getByTestId("version-activity-row").first()).toContainText("Version 3");
    await page.getByLabel("Filter documents by title").fill("nothing like it");
    await expect(page.getByTestId("history-documents").getByRole("link")).toHaveCount(0);
    await page.getByLabel("Filter documents by title").fill("tru");
    await page.getByTestId("history-documents").getByRole("link", { name: "trust" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("History of trust");
  });
});
