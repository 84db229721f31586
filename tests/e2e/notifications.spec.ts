import { expect, test, type Browser, type Page } from "@playwright/test";
import { axeCheck, clientAddressHeaders, hydrated, isolateClientAddress, startFamily } from "./support";

isolateClientAddress();

const OWNER = "Rosa Alvarez";
const MEMBER = "Martin Okafor";
const POLL = "Sell the lake cabin?";

const seriousViolations = async (page: Page) =>
  (await axeCheck(page).analyze()).violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id);

const live = (page: Page) => expect(page.getByTestId("notifications-button")).toHaveAttribute("data-realtime", "connected", { timeout: 15_000 });

/** Invites a beneficiary through /admin, reads the invitation in the development outbox and accepts it in a second browser. */
async function addMember(page: Page, browser: Browser) {
  const origin = new URL(page.url()).origin;
  const id = `nt${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const email = `${id}@example.com`;
  const invited = await page.request.post("/admin", { form: { email, role: "beneficiary" }, headers: { Origin: origin } });
  expect(invited.status()).toBe(200);
  const outbox = await (await page.request.get("/dev/outbox")).text();
  const mail = outbox.split('data-testid="outbox-mail"').find((article) => article.includes(`>${email}<`));
  const link = mail?.match(/href="(https?:\/\/[^"]+)"/)?.[1]?.replace(/&amp;/g, "&");
  const token = link ? new URL(link).searchParams.get("token") : null;
  expect(token).toBeTruthy();
  const context = await browser.newContext();
  await context.setExtraHTTPHeaders(clientAddressHeaders(`10.79.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`));
  const accepted = await context.request.post(`/invite-signup?token=${token}`, {
    form: { name: MEMBER, username: id, email, password: "Tr0ub4dor&Horse!", confirmPassword: "Tr0ub4dor&Horse!" },
    headers: { Origin: origin },
    maxRedirects: 0,
  });
  expect(accepted.status()).toBe(302);
  return context;
}

test.describe("notifications", () => {
  test("a vote reaches the owner: listed unread, filtered, marked read, refreshed live; preferences are kept", async ({ page, browser }) => {
    test.setTimeout(90_000);
    await startFamily(page, "The Lakeside Family Trust");
    const origin = new URL(page.url()).origin;
    const member = await addMember(page, browser);

    // The owner opens a poll (its voters are fixed now, so the member was added first); the member votes.
    const created = await page.request.post("/api/polls", {
      data: { title: POLL, type: "yes_no", closesAt: new Date(Date.now() + 3_600_000).toISOString() },
      headers: { Origin: origin },
    });
    expect(created.status()).toBe(201);
    const { poll } = (await created.json()) as { poll: { id: string } };
    const detail = (await (await member.request.get(`/api/polls/${poll.id}`)).json()) as { options: { id: string; text: string }[] };
    const yes = detail.options.find((o) => o.text === "Yes") ?? detail.options[0];
    const vote = () => member.request.post(`/api/polls/${poll.id}/ballot`, { data: { choices: [yes.id] }, headers: { Origin: origin } });
    expect((await vote()).status()).toBe(200);
    // The notification is written just after the answer; wait for it.
    await expect
      .poll(async () => ((await (await page.request.get("/api/notifications")).json()) as { items: unknown[] }).items.length, { timeout: 15_000 })
      .toBe(1);

    await hydrated(page, "/notifications");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Notifications");
    const items = page.getByTestId("notification-item");
    await expect(items).toHaveCount(1);
    await expect(items.first()).toContainText(`${MEMBER} voted “Yes” on “${POLL}”`);
    await expect(items.first().getByTestId("notification-state")).toHaveText("Unread");
    await expect(page.getByTestId("unread-count")).toHaveText("1");
    expect(await seriousViolations(page)).toEqual([]);

    // Filter by type (a GET form: the filter is in the address).
    await page.getByLabel("Type", { exact: true }).selectOption({ label: "Poll created" });
    await page.getByRole("button", { name: "Apply filter" }).click();
    await expect(page).toHaveURL(/type=poll_created/);
    await expect(page.getByTestId("notifications-page-empty")).toHaveText(/No notifications match this filter\./);
    await page.getByLabel("Type", { exact: true }).selectOption({ label: "Vote cast" });
    await page.getByRole("button", { name: "Apply filter" }).click();
    await expect(page).toHaveURL(/type=vote_cast/);
    await expect(items).toHaveCount(1);

    // Mark it as read: the state says so and the header badge goes.
    await items.first().getByRole("button", { name: "Mark as read" }).click();
    await expect(page.getByRole("status").filter({ hasText: "The notification was marked as read." })).toBeVisible();
    await expect(items.first().getByTestId("notification-state")).toHaveText("Read");
    await expect(items.first().getByRole("button", { name: "Mark as read" })).toHaveCount(0);
    await expect(page.getByTestId("unread-count")).toHaveCount(0);
    await page.getByLabel("Unread only").check();
    await page.getByRole("button", { name: "Apply filter" }).click();
    await expect(page).toHaveURL(/unread=1/);
    await expect(items).toHaveCount(0);

    // A new one while the page is open: the list refreshes by itself.
    await hydrated(page, "/notifications");
    await live(page);
    expect((await vote()).status()).toBe(200);
    await expect(items).toHaveCount(2, { timeout: 15_000 });
    await expect(items.first().getByTestId("notification-state")).toHaveText("Unread");
    await page.getByRole("button", { name: "Mark all as read" }).click();
    await expect(page.getByRole("status").filter({ hasText: "All notifications were marked as read." })).toBeVisible();
    await expect(page.getByTestId("notification-state").filter({ hasText: "Unread" })).toHaveCount(0);
    await expect(page.getByTestId("unread-count")).toHaveCount(0);

    // Preferences: "vote cast" off in the app stays off; SMS can be chosen, and the page says there is no number to text yet.
    await hydrated(page, "/notifications#preferences");
    const inApp = page.getByLabel("Vote cast: In the app");
    await expect(inApp).toBeChecked();
    await expect(page.getByLabel("Vote cast: SMS")).toBeEnabled();
    await expect(page.getByTestId("sms-note")).toContainText("Your profile has no mobile number yet, so nothing can be texted to you.");
    await inApp.uncheck();
    await page.getByRole("button", { name: "Save preferences" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Your notification preferences were saved." })).toBeVisible();
    await page.reload();
    await expect(page.getByLabel("Vote cast: In the app")).not.toBeChecked();
    await expect(page.getByLabel("Vote required: E-mail")).toBeChecked();
    await member.close();
  });

  test("compliance reminders: defaults shown as such, bad lead times refused, good ones saved", async ({ page }) => {
    await startFamily(page, "The Deadlines Family Trust");
    await hydrated(page, "/compliance-notifications");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Compliance reminders");
    await expect(page.getByTestId("compliance-source")).toHaveText("You have not saved any settings yet, so the defaults apply.");
    const lead = page.getByLabel("Lead times (days before the deadline)");
    await expect(lead).toHaveValue("30, 7, 1");
    expect(await seriousViolations(page)).toEqual([]);

    await lead.fill("14, 3");
    await page.getByLabel("By e-mail").uncheck();
    await page.getByRole("button", { name: "Save reminder settings" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Your compliance reminder settings were saved." })).toBeVisible();
    await expect(page.getByTestId("compliance-source")).toHaveText("These are the settings you saved.");
    await expect(page.getByTestId("compliance-current-lead-days")).toHaveText("14 and 3 days before the deadline");

    await lead.fill("30, abc");
    await page.getByRole("button", { name: "Save reminder settings" }).click();
    await expect(page.getByTestId("lead-days-error")).toHaveText("Give one to six lead times as whole days from 0 to 365, separated by commas.");
    await expect(lead).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByTestId("compliance-current-lead-days")).toHaveText("14 and 3 days before the deadline");

    await page.reload();
    await expect(page.getByLabel("Lead times (days before the deadline)")).toHaveValue("14, 3");
    await expect(page.getByLabel("By e-mail")).not.toBeChecked();
    await expect(page.getByLabel("Repeat the reminder daily while a deadline is overdue")).toBeChecked();
    await expect(page.getByLabel("By SMS")).not.toBeChecked();
    await expect(page.getByTestId("sms-note")).toContainText("Your profile has no mobile number yet");
  });

  test("without JavaScript: the filter, the preferences and the reminders are plain forms that still work", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    await context.setExtraHTTPHeaders(clientAddressHeaders(`10.80.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`));
    const page = await context.newPage();
    await startFamily(page, "The Plain Forms Family Trust");
    await page.goto("/notifications");
    await expect(page.getByTestId("notifications-page-empty")).toContainText("You have no notifications yet.");
    await page.getByLabel("Type", { exact: true }).selectOption({ label: "Vote reminder" });
    await page.getByLabel("Unread only").check();
    await page.getByRole("button", { name: "Apply filter" }).click();
    await expect(page).toHaveURL(/type=vote_reminder&unread=1/);
    await expect(page.getByLabel("Unread only")).toBeChecked();
    await page.getByLabel("Poll created: E-mail").check();
    await page.getByRole("button", { name: "Save preferences" }).click();
    await expect(page.getByText("Your notification preferences were saved.")).toBeVisible();
    await page.goto("/notifications");
    await expect(page.getByLabel("Poll created: E-mail")).toBeChecked();

    await page.goto("/compliance-notifications");
    await page.getByLabel("Lead times (days before the deadline)").fill("400");
    await page.getByRole("button", { name: "Save reminder settings" }).click();
    await expect(page.getByTestId("lead-days-error")).toBeVisible();
    await expect(page.getByLabel("Lead times (days before the deadline)")).toHaveValue("400");
    await page.getByLabel("Lead times (days before the deadline)").fill("60 30 30");
    await page.getByRole("button", { name: "Save reminder settings" }).click();
    await expect(page.getByTestId("compliance-current-lead-days")).toHaveText("60 and 30 days before the deadline");
    await expect(page.getByLabel("Lead times (days before the deadline)")).toHaveValue("60, 30");
    await context.close();
  });

  test("admin: beneficial interests per member, their total, and no more than 100%", async ({ page, browser }) => {
    test.setTimeout(60_000);
    await startFamily(page, "The Shares Family Trust");
    const member = await addMember(page, browser);
    await hydrated(page, "/admin");
    const row = (name: string) => page.getByTestId("member-row").filter({ hasText: name });
    const total = page.getByTestId("shares-total");
    await expect(total).toHaveText("Total of beneficial interests: 0%");

    await row(OWNER).getByLabel("Beneficial interest (%)").fill("40");
    await row(OWNER)
      .getByRole("button", { name: `Save the beneficial interest of ${OWNER}` })
      .click();
    await expect(page.getByRole("status").filter({ hasText: `The beneficial interest of ${OWNER} was saved.` })).toBeVisible();
    await expect(total).toHaveText("Total of beneficial interests: 40%");

    await row(MEMBER).getByLabel("Beneficial interest (%)").fill("60");
    await row(MEMBER)
      .getByRole("button", { name: `Save the beneficial interest of ${MEMBER}` })
      .click();
    await expect(total).toHaveText("Total of beneficial interests: 100%");

    await row(MEMBER).getByLabel("Beneficial interest (%)").fill("70");
    await row(MEMBER)
      .getByRole("button", { name: `Save the beneficial interest of ${MEMBER}` })
      .click();
    await expect(row(MEMBER).getByTestId("share-error")).toHaveText("The shares would add up to more than 100%. At most 60% is left.");
    await expect(row(MEMBER).getByLabel("Beneficial interest (%)")).toHaveAttribute("aria-invalid", "true");
    await expect(total).toHaveText("Total of beneficial interests: 100%");
    await page.reload();
    await expect(row(MEMBER).getByLabel("Beneficial interest (%)")).toHaveValue("60");
    await member.close();
  });
});
