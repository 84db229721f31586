// Issue 22 in a real browser: what a person clicking a link or opening a file would meet.
import { expect, test } from "@playwright/test";
import { PDFDocument, PDFName, PDFString, rgb, StandardFonts } from "pdf-lib";
import { DEMO, hydrated, isolateClientAddress, startFamily } from "./support";

isolateClientAddress();

test("after sign-in a redirect with a tab in it lands on /chat, not on another site", async ({ page, baseURL }) => {
  const foreign: string[] = [];
  page.on("request", (request) => {
    const host = new URL(request.url()).hostname;
    if (host && !["127.0.0.1", "localhost"].includes(host)) foreign.push(request.url());
  });
  await hydrated(page, "/auth?redirectTo=/%09/evil.example/phish");
  await page.evaluate(() => localStorage.setItem("onboarding-completed", "true"));
  await page.getByLabel("Email").fill(DEMO.email);
  await page.getByLabel("Password", { exact: true }).fill(DEMO.password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await page.waitForURL("**/chat");
  expect(new URL(page.url()).origin).toBe(new URL(baseURL!).origin);
  expect(foreign).toEqual([]);
});

test("a PDF's own JavaScript never runs in the document viewer, and its pages are drawn", async ({ page }) => {
  // pdf.js draws on the page's main thread across animation frames: with the rest of the suite loading the machine,
  // drawing this page took more than the default 15 s twice in full runs (8.7-12.5 s for the whole test alone).
  test.setTimeout(90_000);
  await startFamily(page, "The Scripted PDF Trust");
  const pdf = await PDFDocument.create();
  const first = pdf.addPage([612, 792]);
  first.drawRectangle({ x: 0, y: 692, width: 612, height: 100, color: rgb(0.1, 0.3, 0.7) });
  first.drawText("Certificate of Trust", { x: 72, y: 500, size: 28, font: await pdf.embedFont(StandardFonts.Helvetica) });
  pdf.addPage([612, 792]);
  // What the probe uploaded: an OpenAction that shows a dialog as soon as a viewer opens the file.
  const action = pdf.context.obj({ Type: "Action", S: "JavaScript", JS: PDFString.of("app.alert('The PDF ran its script');") });
  pdf.catalog.set(PDFName.of("OpenAction"), pdf.context.register(action));

  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const uploaded = await page.request.post("/api/documents?fileName=scripted.pdf", {
    data: Buffer.from(await pdf.save()),
    headers: { "Content-Type": "application/pdf", Origin: new URL(page.url()).origin },
  });
  expect(uploaded.status()).toBe(201);
  const { document } = (await uploaded.json()) as { document: { id: string } };

  await hydrated(page, `/documents/${document.id}`);
  const viewer = page.getByTestId("pdf-viewer");
  await expect(viewer.getByRole("img", { name: "Page 1 of 2" })).toBeVisible();
  await expect(viewer.getByText("Pages: 2")).toBeVisible();
  // The page is really drawn: the blue band at the top, white paper below.
  await expect
    .poll(
      () =>
        viewer.locator('canvas[data-page="1"]').evaluate((canvas: HTMLCanvasElement) => {
          const context = canvas.getContext("2d")!;
          const at = (y: number) => Array.from(context.getImageData(Math.floor(canvas.width / 2), Math.floor(canvas.height * y), 1, 1).data.slice(0, 3));
          const [top, bottom] = [at(0.05), at(0.9)];
          return { blueBand: top[2] > 150 && top[0] < 60, whitePaper: bottom.every((v) => v === 255) };
        }),
      { timeout: 45_000 },
    )
    .toEqual({ blueBand: true, whitePaper: true });
  await expect(page.locator("iframe, embed, object")).toHaveCount(0);

  // Zoom is keyboard-reachable and redraws the page larger.
  const before = await viewer.locator('canvas[data-page="1"]').evaluate((c: HTMLCanvasElement) => c.getBoundingClientRect().width);
  await viewer.getByRole("button", { name: "Zoom in" }).click();
  await expect.poll(() => viewer.locator('canvas[data-page="1"]').evaluate((c: HTMLCanvasElement) => c.getBoundingClientRect().width)).toBeGreaterThan(before);

  // Opened on its own, the file is sandboxed too.
  const raw = await page.request.get(`/api/documents/${document.id}/file?inline=1`);
  expect(raw.headers()["content-security-policy"]).toContain("sandbox");
  await page.waitForTimeout(1000);
  expect(dialogs).toEqual([]);
});
