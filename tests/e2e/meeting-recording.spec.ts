// Recording a meeting (issue 20) in two real Chromium browsers with fake cameras: consent asked of the other person,
// a refusal that stops a "require-all" recording, and a recording that survives the host's tab closing mid-way.
import { expect, test, type Page } from "@playwright/test";
import { DEMO as FAMILY } from "../../app/modules/workspaces/demo-family";
import { fakeMediaBrowser, JAMES, signedIn } from "./meeting-support";
import { hydrated, isolateClientAddress, serverOrigin } from "./support";

isolateClientAddress();

/** Eleanor starts a meeting now with James invited; both join. */
async function meetingOfTwo(eleanor: Page, james: Page) {
  const started = await eleanor.request.post("/api/meetings/now", { data: { inviteeIds: [FAMILY.coTrustee.id] }, headers: { Origin: serverOrigin() } });
  expect(started.status(), await started.text()).toBe(201);
  const { id, url } = (await started.json()) as { id: string; url: string };
  for (const page of [eleanor, james]) {
    await hydrated(page, url);
    await page.getByTestId("join-meeting").click();
  }
  for (const page of [eleanor, james]) await expect(page.getByTestId("peer-tile")).toHaveCount(1, { timeout: 30_000 });
  return id;
}

async function askToRecord(host: Page, policy: "Leave them out of the recording (their video and voice are not recorded)" | "Do not record at all") {
  await host.getByTestId("recording-start").click();
  const dialog = host.getByRole("dialog", { name: "Record this meeting?" });
  await dialog.getByRole("radio", { name: policy }).check();
  await dialog.getByRole("button", { name: "Ask everyone" }).click();
}

test.describe("meeting recordings", () => {
  test("nobody is recorded without agreeing: a refusal under 'require-all' stops it; an agreement starts it, and a closed tab keeps what was sent", async () => {
    test.setTimeout(180_000);
    const [one, two] = await Promise.all([fakeMediaBrowser(), fakeMediaBrowser()]);
    try {
      const eleanor = await signedIn(one);
      const james = await signedIn(two, JAMES);
      const meetingId = await meetingOfTwo(eleanor, james);

      await askToRecord(eleanor, "Do not record at all");
      const consent = james.getByRole("dialog", { name: "The host wants to record this meeting" });
      await expect(consent).toContainText("I agree to be recorded in this meeting.");
      await expect(consent).toContainText("If anyone declines, the meeting is not recorded.");
      await expect(eleanor.getByTestId("recording-asking")).toContainText("James Hartwell: not answered yet");
      await consent.getByRole("button", { name: "No, leave me out" }).click();
      await expect(eleanor.getByTestId("recording-cancelled")).toHaveText("Someone declined, so the meeting is not being recorded.");
      await expect(james.getByTestId("recording-on")).toHaveCount(0);

      await askToRecord(eleanor, "Leave them out of the recording (their video and voice are not recorded)");
      await consent.getByRole("button", { name: "I agree" }).click();
      for (const page of [eleanor, james]) await expect(page.getByTestId("recording-on")).toContainText("This meeting is being recorded", { timeout: 15_000 });
      // A few chunks reach the server while recording.
      await expect(eleanor.getByTestId("recording-on")).toContainText(/[3-9]\d* parts sent|\d{2,} parts sent/, { timeout: 30_000 });

      // The host's tab goes away mid-recording; ending the meeting (from another tab) files what arrived.
      await eleanor.close();
      const again = await eleanor.context().newPage();
      const ended = await again.request.post(`/api/meetings/${meetingId}/end`, { headers: { Origin: serverOrigin() } });
      expect(ended.status(), await ended.text()).toBe(200);
      const recordings = await again.request.get(`/api/meetings/${meetingId}`);
      expect(recordings.status()).toBe(200);

      // The recording is a document that plays: decoded video and a real duration.
      await hydrated(again, "/documents?type=recording");
      await again
        .getByRole("link", { name: /^Recording of/ })
        .first()
        .click();
      const player = again.getByTestId("recording-player");
      await expect(player).toBeVisible();
      await expect.poll(() => player.evaluate((v: HTMLVideoElement) => (v.readyState >= 1 ? v.videoWidth : 0)), { timeout: 30_000 }).toBeGreaterThan(0);
      const duration = await player.evaluate((v: HTMLVideoElement) => v.duration);
      expect(Number.isFinite(duration) && duration > 1).toBe(true);
      await expect(again.getByTestId("document-sha256")).toHaveText(/^[0-9a-f]{64}$/);
      // The demo's documents stay as the other tests know them.
      const documentId = new URL(again.url()).pathname.split("/").pop();
      const removed = await again.request.delete(`/api/documents/${documentId}`, { headers: { Origin: serverOrigin() } });
      expect(removed.status(), await removed.text()).toBe(200);
    } finally {
      await Promise.all([one.close(), two.close()]);
    }
  });
});
