import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { strFromU8, unzipSync } from "fflate";
import { axeCheck, hydrated, isolateClientAddress, startFamily } from "./support";

isolateClientAddress();

const trust = readFileSync(new URL("../fixtures/documents/hartwell-family-trust.txt", import.meta.url), "utf8");

test.describe("document drafting and translation", () => {
  test("a certification pre-filled from the analysis: fill the missing field, the preview follows, download DOCX and PDF, save it as a document", async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await startFamily(page, "The Drafting Family Trust");
    const origin = new URL(page.url()).origin;
    const created = await page.request.post("/api/documents?fileName=trust.txt", {
      data: Buffer.from(trust),
      headers: { "Content-Type": "text/plain", Origin: origin },
    });
    expect(created.status()).toBe(201);
    const { document } = (await created.json()) as { document: { id: string } };
    await expect
      .poll(async () => ((await (await page.request.get(`/api/documents/${document.id}`)).json()) as { document: { status: string } }).document.status, {
        timeout: 20_000,
      })
      .toBe("completed");

    await hydrated(page, "/document-drafting");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Document drafting");
    const preview = page.getByTestId("draft-preview");
    // Pre-filled from the trust as its terms read: its own name, date, settlors, current trustees and governing law.
    await expect(preview).toContainText("The name of the trust is The Hartwell Family Revocable Living Trust.");
    await expect(preview).toContainText("The settlors of the trust: Eleanor M. Hartwell and Thomas J. Hartwell.");
    await expect(preview).toContainText("The currently acting trustees: Eleanor M. Hartwell and Thomas J. Hartwell");
    await expect(preview).toContainText("executed on March 14, 2019");
    await expect(preview).toContainText("governed by the law of California");
    await expect(preview).toContainText(
      "The powers of the trustee: The trustee shall have all powers conferred by California Probate Code sections 16200 through 16249",
    );
    // No model here: the AI button is there but disabled, with the reason.
    await expect(page.getByTestId("ai-unavailable")).toContainText("Drafting with AI needs an AI provider");
    await expect(page.getByTestId("draft-with-ai").getByRole("button", { name: "Draft with AI" })).toBeDisabled();

    // The trustee's address is the one fact nobody knows: exporting asks for it, beside the field.
    await page.getByRole("button", { name: "Download Word (.docx)" }).click();
    await expect(page.getByTestId("drafting-message")).toContainText(
      "Some fields need attention before the document can be exported or saved: Trustee's address.",
    );
    await expect(page.getByTestId("field-trusteeAddress")).toContainText("Trustee's address is required.");
    await page.getByLabel("Trustee's address").fill("12 Cedar Crest Road, Oakland, CA 94611");
    await expect(page.getByTestId("field-trusteeAddress")).not.toContainText("is required");
    await expect(preview).toContainText("whose address is: 12 Cedar Crest Road, Oakland, CA 94611.");

    const [docx] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download Word (.docx)" }).click()]);
    expect(docx.suggestedFilename()).toBe("Certification of Trust - The Hartwell Family Revocable Living Trust.docx");
    const xml = strFromU8(unzipSync(readFileSync((await docx.path())!))["word/document.xml"]);
    expect(xml).toContain("Eleanor M. Hartwell");
    expect(xml).toContain("12 Cedar Crest Road");
    const [pdf] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download PDF" }).click()]);
    expect(pdf.suggestedFilename()).toBe("Certification of Trust - The Hartwell Family Revocable Living Trust.pdf");
    expect(
      readFileSync((await pdf.path())!)
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");

    const axe = await axeCheck(page).analyze();
    expect(axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);

    // Saved as a new document: the pipeline reads the Word file's text.
    const save = page.getByTestId("save-draft");
    await save.getByRole("button", { name: "Save" }).click();
    await expect(page.getByTestId("drafting-message")).toContainText(
      "Saved as the document “Certification of Trust — The Hartwell Family Revocable Living Trust”.",
    );
    await page.getByRole("link", { name: "Open the document" }).click();
    await expect(page.getByTestId("document-status")).toHaveText("Analysis Complete", { timeout: 20_000 });
    await expect(page.getByTestId("document-text")).toContainText("12 Cedar Crest Road");

    // The saved certification is never read back as the trust: the next draft still starts from the instrument.
    await hydrated(page, "/document-drafting");
    await expect(preview).toContainText("The settlors of the trust: Eleanor M. Hartwell and Thomas J. Hartwell.");
    await expect(preview).toContainText("executed on March 14, 2019");
    await expect(preview).not.toContainText("The powers of the trustee: The powers of the trustee");
  });

  test("the translator says it needs a provider, and does not pretend", async ({ page }) => {
    await startFamily(page, "The Lingua Family Trust");
    await hydrated(page, "/translator");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Translator");
    await expect(page.getByTestId("translator-no-provider")).toContainText("Translation needs an AI provider");
    await expect(page.getByTestId("translator-no-provider")).toContainText("AI_BASE_URL");
    await expect(page.getByTestId("authoritative-notice")).toContainText("The original is the authoritative text.");
    await page.getByLabel("Text to translate").fill("The trust is revocable.");
    await expect(page.getByRole("button", { name: "Translate" })).toBeDisabled();
    await expect(page.getByTestId("translation-output")).toHaveCount(0);
  });
});
