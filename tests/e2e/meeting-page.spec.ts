import { expect, test, type Browser, type Page } from "@playwright/test";
import config from "../../playwright.config";
import { hydrated, isolateClientAddress, randomClientAddress, signInAsDemo } from "./support";

// The meeting page's gaps found in review (issue 20): the calendar file's zone, linked poll and documents, the chat
// log after the meeting, the host's mute as the muted person sees it, and device choice in the meeting.
isolateClientAddress();

const origin = { Origin: config.use!.baseURL! };

/** A page of its own in `browser`, signed in as Eleanor or the given demo member, in the given time zone. */
async function signedIn(browser: Browser, options: { email?: string; timezoneId?: string } = {}): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, baseURL: config.use?.baseURL, timezoneId: options.timezoneId });
  await context.grantPermissions(["camera", "microphone"]);
  await context.setExtraHTTPHeaders({ "CF-Connecting-IP": randomClientAddress() });
  const page = await context.newPage();
  await signInAsDemo(page, options.email ? { email: options.email } : {});
  return page;
}

async function meetingNow(eleanor: Page, title: string, inviteeIds: string[], startsAt = new Date(Date.now() + 60_000)) {
  const created = await eleanor.request.post("/api/meetings", {
    data: { title, startsAt: startsAt.toISOString(), durationMinutes: 30, inviteeIds },
    headers: origin,
  });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()) as { id: string; url: string };
}

test.describe("the meeting page", () => {
  test("the calendar link carries the browser's zone, and the file gives the start in it rather than in UTC", async ({ browser }) => {
    const eleanor = await signedIn(browser, { timezoneId: "Asia/Tokyo" });
    try {
      const { id, url } = await meetingNow(eleanor, `In Tokyo time ${Date.now().toString(36)}`, [], new Date("2027-03-04T15:30:00Z"));
      await hydrated(eleanor, url);
      const calendar = eleanor.getByRole("link", { name: "Add to calendar (.ics)" });
      await expect(calendar).toHaveAttribute("href", `/api/meetings/${id}/invite.ics?tz=Asia%2FTokyo`);
      const ics = (await (await eleanor.request.get((await calendar.getAttribute("href"))!)).text()).replace(/\r\n[ \t]/g, "");
      expect(ics).toContain("DTSTART:20270304T153000Z");
      // 15:30 UTC is half past midnight the next day in Tokyo.
      expect(ics).toMatch(/DESCRIPTION:Starts: [^\n]*March 5[^\n]*12:30[^\n]*GMT\+9/);
    } finally {
      await eleanor.context().close();
    }
  });
});
