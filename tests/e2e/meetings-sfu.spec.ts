import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { DEMO as FAMILY } from "../../app/modules/workspaces/demo-family";
import { migrate, seed, startServer } from "../../scripts/lib.mjs";
import { freePort } from "../helpers/ports";
import { fakeMediaBrowser, JAMES } from "./meeting-support";
import { startSimulatedSfu } from "./sfu-simulator";
import { clientAddressHeaders, hydrated, signInAsDemo } from "./support";

// Larger meetings through the SFU (issue 20, ADR 0030), in real browsers: a Worker of its own, configured with an SFU
// app whose API is a simulator (tests/e2e/sfu-simulator.ts) carrying real media between Chromium pages. Every
// meeting with an invitee goes through it here (MEETINGS_SFU_FROM=2).
const APP_ID = "e2e-sfu-app-0001";
const SECRET = "e2e-sfu-secret-0123456789";

test.describe("video meetings through the SFU", () => {
  test.describe.configure({ mode: "serial" });
  let media: Browser;
  let simulator: Awaited<ReturnType<typeof startSimulatedSfu>>;
  let server: { url: string; stop: () => void };
  let persistTo: string;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    media = await fakeMediaBrowser();
    const simPage = await (await media.newContext()).newPage();
    simulator = await startSimulatedSfu(simPage, APP_ID, SECRET);
    persistTo = mkdtempSync(join(tmpdir(), "e2e-sfu-"));
    migrate(persistTo);
    seed(persistTo);
    server = await startServer({
      port: await freePort(),
      persistTo,
      vars: { REALTIME_SFU_APP_ID: APP_ID, REALTIME_SFU_APP_SECRET: SECRET, REALTIME_API_BASE_URL: `${simulator.url}/v1`, MEETINGS_SFU_FROM: "2" },
    });
  });

  test.afterAll(async () => {
    await server?.stop();
    await simulator?.stop();
    await media?.close();
    if (persistTo) rmSync(persistTo, { recursive: true, force: true });
  });

  /** A page of the SFU server's, signed in, whose browser says it cannot encrypt frames (the simulator decodes them). */
  async function person(email?: string): Promise<Page> {
    const context = await media.newContext({ viewport: { width: 1280, height: 900 }, baseURL: server.url });
    await context.grantPermissions(["camera", "microphone"]);
    await context.setExtraHTTPHeaders(clientAddressHeaders());
    await context.addInitScript(() => {
      delete (window as unknown as Record<string, unknown>).RTCRtpScriptTransform;
      delete (RTCRtpSender.prototype as unknown as Record<string, unknown>).createEncodedStreams;
    });
    const page = await context.newPage();
    await signInAsDemo(page, email ? { email } : {});
    return page;
  }

  const peerVideoWidth = (page: Page) =>
    page
      .getByTestId("peer-tile")
      .first()
      .locator("video")
      .evaluate((v: HTMLVideoElement) => v.videoWidth);

  test("two people meet through the SFU: each publishes once, pulls the other, and sees their video", async () => {
    test.setTimeout(120_000);
    const eleanor = await person();
    const created = await eleanor.request.post("/api/meetings", {
      data: { title: "Larger family meeting", startsAt: new Date(Date.now() + 60_000).toISOString(), durationMinutes: 30, inviteeIds: [FAMILY.coTrustee.id] },
      headers: { Origin: server.url },
    });
    expect(created.status(), await created.text()).toBe(201);
    const url = ((await created.json()) as { url: string }).url;
    const james = await person(JAMES);

    for (const page of [eleanor, james]) {
      await hydrated(page, url);
      await page.getByTestId("join-meeting").click();
    }
    for (const page of [eleanor, james]) {
      await expect(page.getByTestId("via-sfu")).toHaveText(
        "This larger meeting runs through Cloudflare's media service, so each browser sends its video once.",
      );
      await expect(page.getByTestId("peer-tile")).toHaveCount(1, { timeout: 30_000 });
      await expect.poll(() => peerVideoWidth(page), { timeout: 45_000 }).toBeGreaterThan(0);
    }
    // Each browser made one session, published its microphone and camera once, and pulled the other's.
    const asked = simulator.calls.map((c) => `${c.method} ${c.path.replace(/sessions\/[0-9a-f]{32}/, "sessions/S")}`);
    expect(asked.filter((c) => c.endsWith("/sessions/new"))).toHaveLength(2);
    const publishes = simulator.calls.filter((c) => c.path.endsWith("/tracks/new") && c.body?.sessionDescription);
    expect(publishes.map((c) => (c.body!.tracks as { trackName: string }[]).map((t) => t.trackName).sort())).toEqual([
      ["audio", "video"],
      ["audio", "video"],
    ]);
    expect(simulator.calls.filter((c) => c.path.endsWith("/renegotiate")).length).toBeGreaterThanOrEqual(2);

    // James leaves: Eleanor's tile for him goes, and her browser closes what it pulled from him.
    await james.getByTestId("leave-meeting").click();
    await expect(eleanor.getByTestId("peer-tile")).toHaveCount(0, { timeout: 15_000 });
    await expect.poll(() => simulator.calls.filter((c) => c.path.endsWith("/tracks/close")).length, { timeout: 15_000 }).toBeGreaterThan(0);
    await eleanor.getByTestId("leave-meeting").click();
  });
});
