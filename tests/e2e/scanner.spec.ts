import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, expect, test, type Browser, type Page } from "@playwright/test";
import { PDFDocument } from "pdf-lib";
import { exactBytes } from "../../app/modules/scanner/assemble-pdf";
import config from "../../playwright.config";
import { clientAddressHeaders, hydrated, isolateClientAddress, serverOrigin, startFamily } from "./support";

isolateClientAddress();

const BASE_ARGS = config.use?.launchOptions?.args ?? [];

/** A word no document has: syllables of letters OCR does not confuse (no i/l/o/r, which read as 1, 0 or "rn"). */
function uniqueWord() {
  const consonants = "bdfkmnpstvz";
  const vowels = "aeu";
  const pick = (letters: string) => letters[Math.floor(Math.random() * letters.length)];
  return Array.from({ length: 4 }, () => pick(consonants) + pick(vowels)).join("") + pick(consonants);
}

/** A page of an invoice as the camera would see it: big black print on white, 640×480. */
async function pictureOfText(page: Page, lines: string[], type: "jpeg" | "png" = "jpeg") {
  await page.setViewportSize({ width: 640, height: 480 });
  await page.setContent(
    `<body style="margin:0;background:#fff;color:#000;font:bold 60px/96px 'DejaVu Sans',Arial,sans-serif;padding:20px 28px">${lines
      .map((line) => `<div>${line}</div>`)
      .join("")}</body>`,
  );
  return page.screenshot(type === "jpeg" ? { type, quality: 92 } : { type });
}

/** Requests to anything but this machine (a CDN for tesseract's files would show here). */
function watchForeignRequests(page: Page) {
  const foreign: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.protocol.startsWith("http") && !["127.0.0.1", "localhost"].includes(url.hostname)) foreign.push(request.url());
  });
  return foreign;
}

test.describe("mobile scanner", () => {
  let browser: Browser | null = null;
  let dir = "";

  test.afterEach(async () => {
    await browser?.close();
    browser = null;
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  test("capture pages with the camera, turn and reorder them, recognise the text, save, find it, then add a version", async ({ page }) => {
    test.setTimeout(180_000);
    const word = uniqueWord();
    // Chromium's fake camera plays an MJPEG file: JPEG frames one after another.
    const frame = await pictureOfText(page, ["CEDAR CREST", "ROOF REPAIR", "INVOICE", word]);
    dir = mkdtempSync(join(tmpdir(), "scanner-e2e-"));
    const video = join(dir, "invoice.mjpeg");
    writeFileSync(video, Buffer.concat(Array.from({ length: 10 }, () => frame)));

    browser = await chromium.launch({
      executablePath: "/usr/bin/chromium",
      args: [...BASE_ARGS, "--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream", `--use-file-for-fake-video-capture=${video}`],
    });
    // A phone-sized screen.
    const context = await browser.newContext({
      baseURL: serverOrigin(),
      permissions: ["camera"],
      viewport: { width: 375, height: 812 },
      hasTouch: true,
      extraHTTPHeaders: clientAddressHeaders(`10.78.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`),
    });
    const phone = await context.newPage();
    const foreign = watchForeignRequests(phone);
    await startFamily(phone, "The Cedar Crest Trust");
    await hydrated(phone, "/scanner");
    await expect(phone.getByRole("heading", { level: 1, name: "Document scanner" })).toBeVisible();

    // No pages: nothing to save, and the screen says why.
    const save = phone.getByRole("button", { name: "Save scan" });
    await expect(save).toBeDisabled();
    await expect(phone.getByText("Add at least one page to save the scan.")).toBeVisible();

    // The camera, by its accessible name from the spec; two pages.
    await phone.getByRole("button", { name: "Scan document with camera" }).click();
    await expect(phone.getByRole("region", { name: "Scan document with camera" })).toBeVisible();
    const capture = phone.getByRole("button", { name: "Capture page" });
    await expect(capture).toBeEnabled({ timeout: 15_000 });
    await capture.click();
    await expect(phone.getByTestId("scan-page")).toHaveCount(1);
    await capture.click();
    const pages = phone.getByTestId("scan-page");
    await expect(pages).toHaveCount(2);
    await expect(phone.getByTestId("announcer-polite")).toHaveText("Page 2 added");
    await expect(phone.getByTestId("page-preview")).toHaveAttribute("data-page", "2");

    // Turn page 2 right and back, then move it up: it becomes page 1.
    const first = await pages.nth(0).getAttribute("data-page-id");
    const second = await pages.nth(1).getAttribute("data-page-id");
    await phone.getByRole("button", { name: "Rotate page 2 right" }).click();
    await expect(pages.nth(1)).toHaveAttribute("data-rotation", "90");
    await expect(phone.getByTestId("page-preview")).toHaveAttribute("data-rotation", "90");
    await phone.getByRole("button", { name: "Rotate page 2 left" }).click();
    await expect(pages.nth(1)).toHaveAttribute("data-rotation", "0");
    await phone.getByRole("button", { name: "Move page 2 up" }).click();
    await expect(pages.first()).toHaveAttribute("data-page-id", second!);
    await expect(phone.getByTestId("announcer-polite")).toHaveText("Page 2 is now page 1");
    // The buttons are keyboard buttons: the moved page's own button keeps the focus.
    await expect(phone.getByRole("button", { name: "Move page 1 up" })).toBeFocused();
    await expect(phone.getByRole("button", { name: "Move page 1 up" })).toHaveAttribute("aria-disabled", "true");
    // With a mouse, dragging a page onto another reorders too.
    await pages.nth(1).dragTo(pages.nth(0));
    await expect(pages.first()).toHaveAttribute("data-page-id", first!);
    await expect(phone.getByTestId("announcer-polite")).toHaveText("Page 2 is now page 1");

    // The layout fits the phone's width.
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    // Text recognition in the browser, a progress bar per page.
    await phone.getByRole("button", { name: "Close camera" }).click();
    await phone.getByRole("button", { name: "Recognise text" }).click();
    await expect(phone.getByRole("progressbar", { name: "Recognising the text of page 1" })).toBeVisible({ timeout: 20_000 });
    await expect(phone.locator('[data-testid="ocr-page"][data-status="done"]')).toHaveCount(2, { timeout: 120_000 });
    await expect(phone.getByLabel("Text of page 1")).toHaveValue(/CEDAR CREST/);
    await expect(phone.getByLabel("Text of page 1")).toHaveValue(new RegExp(word));
    await expect(phone.getByLabel("Text of page 2")).toHaveValue(/CEDAR CREST/);
    await expect(phone.getByTestId("announcer-polite")).toContainText("Success: The text of every page was recognised.");

    // Save as a new document: a PDF and the text.
    await phone.getByLabel("Title").fill("Cedar Crest roof invoice");
    await phone.getByLabel("Document type").selectOption("other");
    const created = phone.waitForResponse((r) => new URL(r.url()).pathname === "/api/documents" && r.request().method() === "POST");
    await save.click();
    const response = await created;
    expect(response.status()).toBe(201);
    expect(response.request().headers()["content-type"]).toBe("application/pdf");
    expect(new URL(response.url()).searchParams.get("source")).toBe("scan");
    const link = phone.getByTestId("saved-document-link");
    await expect(link).toBeVisible({ timeout: 30_000 });
    await expect(phone.getByTestId("save-result")).toContainText("“Cedar Crest roof invoice” was saved.");
    await expect(phone.getByTestId("announcer-polite")).toHaveText("Success: “Cedar Crest roof invoice” was saved.");
    const documentId = (await link.getAttribute("href"))!.split("/").pop()!;

    // Found by full-text search on the word only the picture held.
    await hydrated(phone, `/documents?q=${word}`);
    const rows = phone.getByTestId("document-row");
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText("Cedar Crest roof invoice");
    await expect(phone.getByTestId("search-snippet").locator("mark").first()).toHaveText(new RegExp(word, "i"));

    // A new scan of one page, saved as version 2 of that document.
    await hydrated(phone, "/scanner");
    await phone.getByRole("button", { name: "Scan document with camera" }).click();
    await expect(capture).toBeEnabled({ timeout: 15_000 });
    await capture.click();
    await expect(pages).toHaveCount(1);
    await phone.getByLabel("New version of an existing document").check();
    await phone.getByLabel("Document", { exact: true }).selectOption({ label: "Cedar Crest roof invoice" });
    await phone.getByLabel("Note (what changed and why)").fill("Rescanned with the signature");
    await save.click();
    await expect(phone.getByTestId("save-result")).toContainText("Version 2 of “Cedar Crest roof invoice” was saved.", { timeout: 120_000 });

    const versions = await phone.request.get(`/api/documents/${documentId}/versions`);
    const body = (await versions.json()) as { versions: { number: number; note: string | null }[] };
    expect(body.versions.map((v) => v.number)).toEqual([2, 1]);
    await hydrated(phone, `/documents/${documentId}`);
    await expect(phone.getByTestId("versions-panel").getByTestId("version-row")).toHaveCount(2);
    await expect(phone.getByTestId("versions-panel").getByTestId("version-row").first()).toContainText("Rescanned with the signature");
    await expect(phone.getByTestId("document-version")).toHaveText("2");

    expect(foreign).toEqual([]);
    await context.close();
  });

  test("without a camera: the reason, photos instead, pictures only, and nothing saved from an empty scan", async ({ page }) => {
    test.setTimeout(120_000);
    const blank = await pictureOfText(page, [], "png");
    // A browser whose camera permission was refused.
    await page.addInitScript(() => {
      navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException("Permission denied", "NotAllowedError"));
    });
    const foreign = watchForeignRequests(page);
    await startFamily(page, "The Paper Trust");
    await hydrated(page, "/scanner");

    const save = page.getByRole("button", { name: "Save scan" });
    await expect(save).toBeDisabled();
    await page.getByRole("button", { name: "Scan document with camera" }).click();
    await expect(page.getByTestId("camera-problem")).toHaveText(
      "Camera access was refused. Allow the camera for this site in your browser's settings, or take or choose photos instead.",
    );
    await expect(page.getByTestId("announcer-assertive")).toContainText("Error: Camera access was refused.");
    const photos = page.getByRole("button", { name: "Take or choose photos" });
    await expect(photos).toBeFocused();

    // The fallback input: camera capture on phones, any picture elsewhere.
    const input = page.getByTestId("scanner-file-input");
    await expect(input).toHaveAttribute("capture", "environment");
    await expect(input).toHaveAttribute("accept", "image/*");
    await expect(input).toHaveAttribute("multiple", "");

    // Not pictures, whatever their names say: clear errors, no page.
    await input.setInputFiles([
      { name: "invoice.jpg", mimeType: "image/jpeg", buffer: Buffer.from("%PDF-1.7 this is not a picture") },
      { name: "empty.png", mimeType: "image/png", buffer: Buffer.alloc(0) },
    ]);
    const errors = page.getByTestId("file-errors");
    await expect(errors).toContainText("“invoice.jpg” is not a picture (JPEG, PNG or WebP) and was not added.");
    await expect(errors).toContainText("“empty.png” is empty and was not added.");
    await expect(page.getByTestId("scan-page")).toHaveCount(0);
    await expect(page.getByTestId("no-pages")).toBeVisible();
    await expect(save).toBeDisabled();

    // A real picture is a page; removing it empties the scan again.
    await input.setInputFiles([{ name: "blank.png", mimeType: "image/png", buffer: blank }]);
    await expect(page.getByTestId("scan-page")).toHaveCount(1);
    await expect(errors).toHaveCount(0);
    await expect(save).toBeEnabled();
    await page.getByRole("button", { name: "Remove page 1" }).click();
    await expect(page.getByTestId("scan-page")).toHaveCount(0);
    await expect(save).toBeDisabled();

    // A page with no text on it: nothing is sent, and the person is told why.
    await input.setInputFiles([{ name: "blank.png", mimeType: "image/png", buffer: blank }]);
    await page.getByLabel("Title").fill("Blank");
    await save.click();
    await expect(page.getByTestId("save-result")).toContainText("No text was recognised on any page, so nothing was saved.", { timeout: 90_000 });
    await expect(page.getByTestId("scan-page")).toHaveCount(1);
    const list = await page.request.get("/api/documents");
    expect(((await list.json()) as { total: number }).total).toBe(0);
    expect(foreign).toEqual([]);
  });

  test("a scan stored without its text (the browser closed too soon) gets it later from its document page", async ({ page }) => {
    test.setTimeout(120_000);
    const word = uniqueWord();
    const picture = await pictureOfText(page, ["ROOF INVOICE", word.toUpperCase()]);
    const pdf = await PDFDocument.create();
    // Its own bytes: pdf-lib reads a Buffer's whole underlying memory, and Playwright's may be a view into more.
    const image = await pdf.embedJpg(exactBytes(picture));
    pdf.addPage([image.width, image.height]).drawImage(image, { x: 0, y: 0, width: image.width, height: image.height });
    await page.setViewportSize({ width: 1280, height: 720 });
    await startFamily(page, "The Interrupted Scan Trust");
    const created = await page.request.post(`/api/documents?fileName=scan.pdf&source=scan&title=Roof%20invoice`, {
      data: Buffer.from(await pdf.save()),
      headers: { "Content-Type": "application/pdf", Origin: new URL(page.url()).origin },
    });
    expect(created.status()).toBe(201);
    const { document } = (await created.json()) as { document: { id: string } };
    await hydrated(page, `/documents/${document.id}`);
    await expect(page.getByTestId("ocr-panel")).toBeVisible();
    await page.getByRole("button", { name: "Recognise text" }).click();
    await expect(page.getByTestId("document-text")).toContainText(word.toUpperCase(), { timeout: 90_000 });
    await hydrated(page, `/documents?q=${word}`);
    await expect(page.getByTestId("document-row")).toHaveCount(1);
  });
});
