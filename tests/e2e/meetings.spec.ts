import { expect, test, type Page, type WebSocketRoute } from "@playwright/test";
import { DEMO as FAMILY } from "../../app/modules/workspaces/demo-family";
import { fakeMediaBrowser, JAMES, signedIn, SOPHIE } from "./meeting-support";
import { axeCheck, hydrated, isolateClientAddress, serverOrigin, signInAsDemo } from "./support";

isolateClientAddress();

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await axeCheck(page).include("main").analyze();
  return results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`);
}

/** A meeting Eleanor calls now, with these people invited; its page's address. */
async function meetingNow(eleanor: Page, inviteeIds: string[]): Promise<string> {
  const created = await eleanor.request.post("/api/meetings", {
    data: { title: "Family check-in", startsAt: new Date(Date.now() + 60_000).toISOString(), durationMinutes: 30, inviteeIds },
    headers: { Origin: serverOrigin() },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { url: string }).url;
}

async function join(page: Page, url: string) {
  await hydrated(page, url);
  await page.getByTestId("join-meeting").click();
}

/** The first other participant's video has decoded frames. */
const peerVideoWidth = (page: Page) =>
  page
    .getByTestId("peer-tile")
    .first()
    .locator("video")
    .evaluate((v: HTMLVideoElement) => v.videoWidth);

/** The width of every other participant's video: 0 while no frame of it was decoded. */
const peerVideoWidths = (page: Page) =>
  page
    .getByTestId("peer-tile")
    .locator("video")
    .evaluateAll((videos: HTMLVideoElement[]) => videos.map((v) => v.videoWidth));

/** The page's own counter of frames its transform sent encrypted and received and decrypted. */
async function frameCounts(page: Page): Promise<{ encrypted: number; decrypted: number }> {
  const text = (await page.getByTestId("frame-counts").textContent()) ?? "";
  const match = /^(\d+) frames sent encrypted, (\d+) received and decrypted\.$/.exec(text.trim());
  expect(match, text).not.toBeNull();
  return { encrypted: Number(match![1]), decrypted: Number(match![2]) };
}

/** The frames that arrived at a page that could not decrypt them, as the page says. */
async function undecryptableFrames(page: Page): Promise<number> {
  const counter = page.getByTestId("frames-undecryptable");
  if (!(await counter.isVisible())) return 0;
  const match = /\((\d+) frames so far\)/.exec((await counter.textContent()) ?? "");
  return match ? Number(match[1]) : 0;
}

test.describe("video meetings", () => {
  test("schedule with the API's own messages, then find it in the list with its calendar file", async ({ page }) => {
    await signInAsDemo(page);
    await hydrated(page, "/video-meetings");
    await expect(page.getByRole("heading", { name: "Video meetings", level: 1 })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Schedule a meeting" }).click();
    const form = page.getByRole("form", { name: "Schedule a meeting" });
    await form.getByRole("button", { name: "Schedule and invite" }).click();
    // The API's sentence is said twice on purpose: under the field (its description) and once for the whole form.
    await expect(form.getByLabel("Title")).toHaveAttribute("aria-invalid", "true");
    await expect(form.getByLabel("Title")).toHaveAccessibleDescription("Give the meeting a title.");
    await expect(form.getByRole("alert")).toHaveText("Give the meeting a title.");

    const title = `Roof decision ${Date.now().toString(36)}`;
    await form.getByLabel("Title").fill(title);
    await form.getByLabel("Length in minutes").fill("45");
    await form.getByRole("checkbox", { name: "James Hartwell" }).check();
    await form.getByLabel("Agenda").fill("1. The roofer's quote\n2. The vote");
    await form.getByRole("button", { name: "Schedule and invite" }).click();
    await page.waitForURL(/\/video-meetings\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
    await expect(page.getByText("The roofer's quote")).toBeVisible();
    const ics = await page.request.get((await page.getByRole("link", { name: "Add to calendar (.ics)" }).getAttribute("href"))!);
    expect(ics.status()).toBe(200);
    expect(await ics.text()).toContain(`SUMMARY:${title}`);

    await page.getByRole("link", { name: "All meetings" }).click();
    await expect(page.getByTestId("upcoming-meetings").getByRole("link", { name: title })).toBeVisible();
  });

  test("two people meet: each sees the other's video, end-to-end encrypted, with the same safety code", async () => {
    test.setTimeout(120_000);
    const [one, two] = await Promise.all([fakeMediaBrowser(), fakeMediaBrowser()]);
    try {
      const eleanor = await signedIn(one);
      const url = await meetingNow(eleanor, [FAMILY.coTrustee.id]);
      const james = await signedIn(two, JAMES);

      for (const page of [eleanor, james]) await join(page, url);
      for (const page of [eleanor, james]) {
        await expect(page.getByTestId("peer-tile")).toHaveCount(1, { timeout: 30_000 });
        await expect.poll(() => peerVideoWidth(page), { timeout: 30_000 }).toBeGreaterThan(0);
        await expect(page.getByTestId("e2ee-status")).toHaveAttribute("data-encrypted", "yes", { timeout: 30_000 });
      }
      const codes = await Promise.all([eleanor, james].map((p) => p.getByTestId("safety-code").textContent()));
      expect(codes[0]).toMatch(/^\d{4} \d{4} \d{4} \d{4}$/);
      expect(codes[1]).toBe(codes[0]);
      // The frames really went through the cipher both ways: each page's worker encrypted and decrypted some.
      // (The worker reports its counts once a second, so they are read until they show it.)
      for (const page of [eleanor, james]) {
        await expect.poll(async () => (await frameCounts(page)).encrypted, { timeout: 15_000 }).toBeGreaterThan(0);
        await expect.poll(async () => (await frameCounts(page)).decrypted, { timeout: 15_000 }).toBeGreaterThan(0);
      }

      // Chat reaches the other side; leaving empties the other's room.
      await james.getByLabel("Message to everyone in the meeting").fill("Can everyone hear me?");
      await james.getByRole("button", { name: "Send", exact: true }).click();
      await expect(eleanor.getByTestId("meeting-chat")).toContainText("James Hartwell: Can everyone hear me?");
      await james.getByTestId("leave-meeting").click();
      await expect(james.getByTestId("meeting-phase")).toHaveText("You left the meeting.");
      await expect(eleanor.getByTestId("peer-tile")).toHaveCount(0);
    } finally {
      await Promise.all([one.close(), two.close()]);
    }
  });

  test("a connection cut by a network change rejoins by itself: the video and the encryption come back", async () => {
    test.setTimeout(150_000);
    const browser = await fakeMediaBrowser();
    try {
      const eleanor = await signedIn(browser);
      const url = await meetingNow(eleanor, [FAMILY.coTrustee.id]);
      const james = await signedIn(browser, JAMES);
      // James's socket to the room passes through a route that can cut it, as a network change does.
      const sockets: WebSocketRoute[] = [];
      await james.routeWebSocket(/\/meetings\/[^/]+\/ws$/, (socket) => {
        sockets.push(socket);
        const room = socket.connectToServer();
        socket.onMessage((message) => room.send(message));
        room.onMessage((message) => socket.send(message));
      });
      for (const page of [eleanor, james]) await join(page, url);
      for (const page of [eleanor, james]) await expect.poll(() => peerVideoWidth(page), { timeout: 30_000 }).toBeGreaterThan(0);

      await sockets[0]!.close({ code: 4999, reason: "network changed" });
      await expect(james.getByTestId("meeting-phase")).toHaveText("The connection dropped. Reconnecting to the meeting…");
      // A new socket joins as a new participant; Eleanor's page drops the old one and calls the new one.
      await expect.poll(() => sockets.length, { timeout: 15_000 }).toBeGreaterThan(1);
      for (const page of [eleanor, james]) {
        await expect(page.getByTestId("peer-tile")).toHaveCount(1, { timeout: 30_000 });
        await expect.poll(() => peerVideoWidth(page), { timeout: 30_000 }).toBeGreaterThan(0);
        await expect(page.getByTestId("e2ee-status")).toHaveAttribute("data-encrypted", "yes", { timeout: 30_000 });
      }
    } finally {
      await browser.close();
    }
  });

  test("someone in the meeting without the meeting key receives the others' frames but can decode none of them", async () => {
    test.setTimeout(150_000);
    const browser = await fakeMediaBrowser();
    try {
      const eleanor = await signedIn(browser);
      const url = await meetingNow(eleanor, [FAMILY.coTrustee.id, FAMILY.beneficiary.id]);
      const james = await signedIn(browser, JAMES);
      const sophie = await signedIn(browser, SOPHIE);
      // Sophie's socket loses every key message on the way (as if the room kept it from her): she is in the mesh and
      // gets everyone's frames, but never the key they are encrypted with.
      let keysWithheld = 0;
      await sophie.routeWebSocket(/\/meetings\/[^/]+\/ws$/, (socket) => {
        const room = socket.connectToServer();
        socket.onMessage((message) => room.send(message));
        room.onMessage((message) => {
          if (typeof message === "string" && (JSON.parse(message) as { type?: string }).type === "key") keysWithheld++;
          else socket.send(message);
        });
      });

      for (const page of [eleanor, james]) await join(page, url);
      for (const page of [eleanor, james]) {
        await expect(page.getByTestId("peer-tile")).toHaveCount(1, { timeout: 30_000 });
        await expect(page.getByTestId("e2ee-status")).toHaveAttribute("data-encrypted", "yes", { timeout: 30_000 });
      }
      await join(sophie, url);
      await expect(sophie.getByTestId("peer-tile")).toHaveCount(2, { timeout: 30_000 });
      // Frames from both others reach her transform and are refused there: the counter rises while nothing decodes.
      await expect.poll(() => undecryptableFrames(sophie), { timeout: 30_000 }).toBeGreaterThan(50);
      expect(keysWithheld).toBeGreaterThan(0);
      const seen = await undecryptableFrames(sophie);
      await expect.poll(() => undecryptableFrames(sophie), { timeout: 15_000 }).toBeGreaterThan(seen);
      expect(await peerVideoWidths(sophie)).toEqual([0, 0]);
      await expect(sophie.getByTestId("e2ee-status")).toHaveAttribute("data-encrypted", "no");
      await expect(sophie.getByTestId("safety-code")).toHaveCount(0);

      // The two with the key still see each other; Sophie, with no key to encrypt with, sends them nothing.
      for (const page of [eleanor, james]) {
        await expect(page.getByTestId("peer-tile")).toHaveCount(2, { timeout: 30_000 });
        const widths = await peerVideoWidths(page);
        expect(widths.filter((w) => w > 0)).toHaveLength(1);
        await expect(page.getByTestId("e2ee-status")).toHaveAttribute("data-encrypted", "yes");
      }
    } finally {
      await browser.close();
    }
  });

  test("a member who is not invited opens the meeting's page, knocks, and the host lets them in from the lobby", async () => {
    test.setTimeout(120_000);
    const browser = await fakeMediaBrowser();
    try {
      const eleanor = await signedIn(browser);
      const url = await meetingNow(eleanor, [FAMILY.coTrustee.id]);
      const sophie = await signedIn(browser, SOPHIE);
      await join(eleanor, url);
      await join(sophie, url);
      await expect(sophie.getByTestId("meeting-phase")).toHaveText("You are in the lobby. The host will let you in shortly.", { timeout: 30_000 });
      const lobby = eleanor.getByTestId("lobby");
      await expect(lobby).toContainText("Sophie", { timeout: 30_000 });
      await lobby.getByRole("button", { name: "Let in" }).click();
      for (const page of [eleanor, sophie]) {
        await expect(page.getByTestId("peer-tile")).toHaveCount(1, { timeout: 30_000 });
        await expect.poll(() => peerVideoWidth(page), { timeout: 30_000 }).toBeGreaterThan(0);
      }
    } finally {
      await browser.close();
    }
  });
});
