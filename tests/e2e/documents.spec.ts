import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { PDFDocument, rgb, StandardFonts } from "pdf-lib";
import { hydrated, isolateClientAddress, signInAsDemo, startFamily } from "./support";

isolateClientAddress();

const FIXTURES = new URL("../fixtures/documents/", import.meta.url);
const trustText = readFileSync(new URL("hartwell-family-trust.txt", FIXTURES));
const poaText = readFileSync(new URL("okafor-durable-power-of-attorney.txt", FIXTURES));

async function uploadFiles(page: Page, files: { name: string; mimeType: string; buffer: Buffer }[]) {
  await page.getByTestId("file-input").setInputFiles(files);
}

test.describe("documents", () => {
  test("upload several files, watch the analysis finish without a reload, open and search them", async ({ page }) => {
    await startFamily(page, "The Alvarez Family Trust");
    await hydrated(page, "/documents");
    await expect(page.locator("#upload")).toBeVisible();
    await uploadFiles(page, [
      { name: "hartwell-family-trust.txt", mimeType: "text/plain", buffer: trustText },
      { name: "okafor-poa.txt", mimeType: "text/plain", buffer: poaText },
    ]);
    await expect(page.getByTestId("upload-item")).toHaveCount(2);
    await expect(page.locator('[data-testid="upload-item"][data-state="done"]')).toHaveCount(2, { timeout: 15_000 });
    const rows = page.getByTestId("document-row");
    await expect(rows).toHaveCount(2);
    // The badges move from Pending/Analyzing to "Analysis Complete" while the page stays open.
    await expect(page.locator('[data-testid="document-row"] [data-status="completed"]')).toHaveCount(2, { timeout: 20_000 });
    await expect(rows.filter({ hasText: "hartwell-family-trust" }).getByTestId("document-status")).toHaveText("Analysis Complete");

    // Full-text search with a highlighted snippet.
    await page.getByLabel("Search documents").fill("spendthrift");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/q=spendthrift/);
    await expect(rows).toHaveCount(1);
    await expect(page.getByTestId("search-snippet").locator("mark").first()).toHaveText(/spendthrift/i);

    // The document page: analysis by the offline engine, linked to the text, and the download.
    // (The list may re-render under the click while the analysis' live updates arrive: the click is repeated until it lands.)
    await expect(async () => {
      await rows.first().getByRole("link").first().click();
      await expect(page).toHaveURL(/\/documents\/[0-9a-f-]{36}/, { timeout: 3_000 });
    }).toPass({ timeout: 15_000 });
    await expect(page.getByRole("heading", { level: 1, name: "hartwell-family-trust" })).toBeVisible();
    await expect(page.getByTestId("document-type")).toHaveText("Trust");
    await expect(page.getByTestId("analysis-engine")).toHaveText("Offline engine");
    await expect(page.getByTestId("governing-law")).toContainText("California");
    await expect(page.getByTestId("analysis-parties")).toContainText("Margaret A. Hartwell-Chen");
    const link = page.getByTestId("analysis-provisions").getByRole("link", { name: "Show in the text" }).first();
    const anchor = (await link.getAttribute("href"))!.slice(1);
    await link.click();
    await expect(page.locator(`mark#${anchor}`)).toBeInViewport();
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("download-link").click()]);
    expect(download.suggestedFilename()).toBe("hartwell-family-trust.txt");
    await expect(page.getByTestId("document-activity")).toContainText("Rosa Alvarez uploaded the document");
  });

  test("a PDF gets its first page as a thumbnail, drawn in the browser with pdf.js", async ({ page }) => {
    await startFamily(page, "The Thumbnail Trust");
    const pdf = await PDFDocument.create();
    const pageOne = pdf.addPage([612, 792]);
    pageOne.drawRectangle({ x: 0, y: 592, width: 612, height: 200, color: rgb(0.1, 0.3, 0.7) });
    pageOne.drawText("Certificate of Trust", { x: 72, y: 500, size: 28, font: await pdf.embedFont(StandardFonts.Helvetica) });
    const cdnRequests: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.protocol.startsWith("http") && !["127.0.0.1", "localhost"].includes(url.hostname)) cdnRequests.push(request.url());
    });
    await hydrated(page, "/documents");
    const stored = page.waitForResponse((response) => /\/thumbnail$/.test(new URL(response.url()).pathname) && response.request().method() === "PUT");
    await uploadFiles(page, [{ name: "certificate.pdf", mimeType: "application/pdf", buffer: Buffer.from(await pdf.save()) }]);
    expect((await stored).status()).toBe(200);
    await page.goto("/dashboard");
    const thumbnail = page.getByTestId("recent-document-card").first().locator("img");
    await expect(thumbnail).toBeVisible();
    // The picture is the page: blue band on top, white below.
    const colours = await thumbnail.evaluate(async (img: HTMLImageElement) => {
      await img.decode();
      const canvas = document.createElement("canvas");
      canvas.width = img.naturalWidth;
      canvas.height = img.naturalHeight;
      const context = canvas.getContext("2d")!;
      context.drawImage(img, 0, 0);
      const at = (y: number) => Array.from(context.getImageData(Math.floor(img.naturalWidth / 2), Math.floor(img.naturalHeight * y), 1, 1).data.slice(0, 3));
      return { top: at(0.05), bottom: at(0.9), width: img.naturalWidth, height: img.naturalHeight };
    });
    expect(colours.height).toBe(320);
    expect(colours.top[2]).toBeGreaterThan(150);
    expect(colours.top[0]).toBeLessThan(60);
    expect(colours.bottom).toEqual([255, 255, 255]);
    expect(cdnRequests).toEqual([]);
  });

  test("bad files get a clear message in the browser and nothing is added", async ({ page }) => {
    await startFamily(page, "The Careful Trust");
    await hydrated(page, "/documents");
    await uploadFiles(page, [
      { name: "invoice.pdf", mimeType: "application/pdf", buffer: Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03]) },
      { name: "empty.txt", mimeType: "text/plain", buffer: Buffer.alloc(0) },
    ]);
    await expect(page.getByTestId("upload-list")).toContainText("This file type is not supported. Upload a PDF, Word (.docx), plain text, PNG or JPEG file.");
    await expect(page.getByTestId("upload-list")).toContainText("The file is empty.");
    await expect(page.getByTestId("documents-list-empty")).toBeVisible();
    await expect(page.getByTestId("announcer-assertive")).toContainText("Error:");

    // A PDF that is damaged inside is kept, and its analysis ends with the "Error" badge and the reason.
    await uploadFiles(page, [{ name: "scan.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.7\nnot really a pdf at all") }]);
    const row = page.getByTestId("document-row");
    await expect(row.getByTestId("document-status")).toHaveText("Error", { timeout: 20_000 });
    await expect(row.getByTestId("document-error-reason")).toHaveText("This PDF is damaged or protected and could not be opened.");
    await row.getByRole("link").first().click();
    await expect(page.getByRole("button", { name: "Re-run analysis" })).toBeVisible();
  });

  test("the dashboard carousel: placeholders, empty state, cards, arrows and loop above three, columns by width", async ({ page }) => {
    await startFamily(page, "The Carousel Trust");
    // Loading shows three placeholders.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/legal/documents/recent", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/dashboard");
    await expect(page.getByTestId("recent-document-placeholder")).toHaveCount(3);
    release();
    await expect(page.getByTestId("documents-empty")).toContainText("No documents uploaded yet");
    await expect(page.getByRole("link", { name: "Upload your first document" })).toHaveAttribute("href", "/documents");
    await page.unroute("**/api/legal/documents/recent");

    // Three documents: cards, no arrows, no loop.
    for (const [i, text] of [trustText, poaText, trustText].entries()) {
      const response = await page.request.post(`/api/documents?fileName=doc-${i}.txt`, {
        data: text,
        headers: { "Content-Type": "application/octet-stream", Origin: new URL(page.url()).origin },
      });
      expect(response.status()).toBe(201);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await hydrated(page, "/dashboard");
    const cards = page.getByTestId("recent-document-card");
    await expect(cards).toHaveCount(3);
    await expect(page.getByTestId("carousel-arrows")).toHaveCount(0);
    const first = cards.first();
    await expect(first.getByTestId("last-accessed")).toHaveText("Never accessed —");
    await expect(first).toHaveAttribute("href", /\/documents\/[0-9a-f-]{36}$/);
    await expect(first).toContainText("doc-2.txt");

    // A fourth: arrows on a wide screen, and the carousel loops (previous from the first goes to the last).
    await page.request.post("/api/documents?fileName=doc-3.txt", {
      data: poaText,
      headers: { "Content-Type": "application/octet-stream", Origin: new URL(page.url()).origin },
    });
    await hydrated(page, "/dashboard");
    await expect(cards).toHaveCount(4);
    await expect(page.getByTestId("carousel-arrows")).toBeVisible();
    await expect(cards.last()).not.toBeInViewport();
    await page.getByRole("button", { name: "Previous documents" }).click();
    await expect(cards.last()).toBeInViewport();

    // Three columns wide, two medium, one small; no arrows on small screens.
    const slideWidth = async () => (await page.locator('[aria-roledescription="slide"]').first().boundingBox())!.width;
    const viewport = async () => (await page.getByTestId("recent-documents").boundingBox())!.width;
    expect(Math.round((await viewport()) / (await slideWidth()))).toBe(3);
    await page.setViewportSize({ width: 800, height: 900 });
    expect(Math.round((await viewport()) / (await slideWidth()))).toBe(2);
    await page.setViewportSize({ width: 420, height: 900 });
    expect(Math.round((await viewport()) / (await slideWidth()))).toBe(1);
    await expect(page.getByTestId("carousel-arrows")).toBeHidden();

    // Opening a document gives it a last-accessed date and time ("MMM d" and "h:mm a").
    await page.setViewportSize({ width: 1280, height: 900 });
    await cards.first().click();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await hydrated(page, "/dashboard");
    await expect(cards.first().getByTestId("last-accessed")).toHaveText(/^[A-Z][a-z]{2} \d{1,2} · \d{1,2}:\d{2} (AM|PM)$/);
  });

  test("the dashboard's recent list starts with the page: its preload answers the carousel's first call", async ({ page }) => {
    await startFamily(page, "The Preload Trust");
    const calls: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/api/legal/documents/recent") calls.push(request.resourceType());
    });
    await hydrated(page, "/dashboard");
    await expect(page.locator('link[rel="preload"][href="/api/legal/documents/recent"]')).toHaveAttribute("as", "fetch");
    await expect(page.getByTestId("documents-empty")).toContainText("No documents uploaded yet");
    // One request over the network, the preload's: the carousel's fetch (spec section 7) was answered from it.
    expect(calls).toHaveLength(1);
  });

  test("a picture of a page: its text is recognised in the browser with tesseract.js from our own files", async ({ page }) => {
    test.setTimeout(120_000);
    await startFamily(page, "The Scan Trust");
    await hydrated(page, "/documents");
    const cdnRequests: string[] = [];
    page.on("request", (request) => {
      if (!request.url().startsWith(new URL(page.url()).origin) && !request.url().startsWith("data:") && !request.url().startsWith("blob:"))
        cdnRequests.push(request.url());
    });
    // A page image drawn in the browser: large, clear printed words.
    const png = await page.evaluate(async () => {
      const canvas = document.createElement("canvas");
      canvas.width = 1200;
      canvas.height = 400;
      const g = canvas.getContext("2d")!;
      g.fillStyle = "#fff";
      g.fillRect(0, 0, canvas.width, canvas.height);
      g.fillStyle = "#000";
      g.font = "48px serif";
      g.fillText("DURABLE POWER OF ATTORNEY", 40, 110);
      g.fillText("The Principal appoints an Agent.", 40, 200);
      g.fillText("Spendthrift provisions apply.", 40, 290);
      const blob: Blob = await new Promise((resolve) => canvas.toBlob((b) => resolve(b!), "image/png"));
      return Array.from(new Uint8Array(await blob.arrayBuffer()));
    });
    await uploadFiles(page, [{ name: "scan.png", mimeType: "image/png", buffer: Buffer.from(png) }]);
    await expect(page.getByRole("progressbar", { name: "Recognising the text of scan.png" })).toBeVisible({ timeout: 20_000 });
    await expect(page.locator('[data-testid="upload-item"][data-state="done"]')).toHaveCount(1, { timeout: 90_000 });
    await expect(page.locator('[data-testid="document-row"] [data-status="completed"]')).toHaveCount(1, { timeout: 20_000 });
    expect(cdnRequests).toEqual([]);
    await page.getByLabel("Search documents").fill("spendthrift");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page.getByTestId("document-row")).toHaveCount(1);
  });
});

test.describe("sharing a document", () => {
  const TRUST = "/documents/c3a6e4f2-0001-4c6e-8d2a-5b7e9f100001"; // seeded by scripts/seed.ts

  test("the owner shares the trust with a family member, who can read but not change it, then stops sharing", async ({ page, browser }) => {
    await signInAsDemo(page);
    await hydrated(page, TRUST);
    const panel = page.getByTestId("sharing-panel");
    await expect(panel.getByRole("heading", { name: "Sharing" })).toBeVisible();
    // Seeded: the lawyer may edit, Sophie may view.
    await expect(panel.getByTestId("share-row").filter({ hasText: "Margaret Chen" }).getByRole("button", { name: "Can edit" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await expect(panel.getByTestId("share-row").filter({ hasText: "Sophie Hartwell" }).getByRole("button", { name: "Can view" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );

    await panel.getByRole("combobox", { name: "Member", exact: true }).selectOption({ label: "Daniel Hartwell (Family member)" });
    await panel.getByRole("combobox", { name: "Access", exact: true }).selectOption("view");
    await panel.getByRole("button", { name: "Share", exact: true }).click();
    const daniel = panel.getByTestId("share-row").filter({ hasText: "Daniel Hartwell" });
    await expect(daniel.getByRole("button", { name: "Can view" })).toHaveAttribute("aria-pressed", "true");

    // Daniel reads it: no sharing panel, no edit or delete, but the download.
    const other = await browser.newContext();
    const danielPage = await other.newPage();
    await signInAsDemo(danielPage, { email: "daniel@hartwell.example" });
    await hydrated(danielPage, TRUST);
    await expect(danielPage.getByRole("heading", { level: 1, name: "The Hartwell Family Revocable Living Trust" })).toBeVisible();
    await expect(danielPage.getByTestId("download-link")).toBeVisible();
    await expect(danielPage.getByTestId("sharing-panel")).toHaveCount(0);
    await expect(danielPage.getByRole("button", { name: "Edit details" })).toHaveCount(0);
    await expect(danielPage.getByRole("button", { name: "Delete" })).toHaveCount(0);

    // The owner stops sharing; Daniel no longer finds it.
    await daniel.getByRole("button", { name: "Stop sharing with Daniel Hartwell" }).click();
    await expect(panel.getByTestId("share-row").filter({ hasText: "Daniel Hartwell" })).toHaveCount(0);
    expect((await danielPage.request.get(TRUST)).status()).toBe(404);
    await hydrated(danielPage, "/documents");
    await expect(danielPage.getByTestId("documents-list-empty")).toBeVisible();
    await other.close();
  });
});
