import { expect, test, type Page } from "@playwright/test";
import { axeCheck, clientAddressHeaders, hydrated, isolateClientAddress, signInAsDemo } from "./support";

isolateClientAddress();

/** Records every sound the page plays, with its volume (spec section 7: /notification.mp3 at 0.3). */
async function recordSounds(page: Page) {
  await page.addInitScript(() => {
    const played: { src: string; volume: number }[] = [];
    (window as unknown as { __sounds: typeof played }).__sounds = played;
    HTMLMediaElement.prototype.play = function play(this: HTMLMediaElement) {
      played.push({ src: new URL(this.src).pathname, volume: this.volume });
      return Promise.resolve();
    };
  });
}

const live = (page: Page) => expect(page.getByTestId("notifications-button")).toHaveAttribute("data-realtime", "connected", { timeout: 15_000 });

test.describe("polls, live", () => {
  test("a trustee opens a poll; a beneficiary is told at once and votes; the trustee sees the vote arrive; closing tells both", async ({ browser }) => {
    test.setTimeout(90_000);
    const title = `Repaint the lake cabin ${Date.now().toString(36)}`;
    const owner = await (await browser.newContext()).newPage();
    const member = await (await browser.newContext()).newPage();
    for (const page of [owner, member]) {
      await page.context().setExtraHTTPHeaders(clientAddressHeaders(`10.78.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`));
    }
    await recordSounds(owner);
    await signInAsDemo(owner);
    await signInAsDemo(member, { email: "sophie@hartwell.example" });
    await member.goto("/dashboard");
    await live(member);

    // The trustee opens a yes/no proposal from the form.
    await hydrated(owner, "/polling");
    const form = owner.getByTestId("create-poll-form");
    await form.getByLabel("Question or proposal").fill(title);
    await form.getByLabel("Description (optional)", { exact: false }).fill("Quotes from two painters are attached to the minutes.");
    await form.getByRole("button", { name: "Open the poll" }).click();
    await expect(owner).toHaveURL(/\/polling\/[0-9a-f-]{36}$/);
    await expect(owner.getByRole("heading", { level: 1 })).toHaveText(title);
    await live(owner);

    // The beneficiary gets the spec's toast at once (vote required replaces poll created: one toast at a time).
    const memberToast = member.getByTestId("toast");
    await expect(memberToast).toContainText("Your vote is needed", { timeout: 10_000 });
    await expect(memberToast).toContainText(`Please vote on “${title}”`);
    await expect(member.getByTestId("unread-count")).toHaveText(/^[1-9]/);
    await memberToast.getByRole("link", { name: `Please vote on “${title}”` }).click();
    await expect(member.getByRole("heading", { level: 1 })).toHaveText(title);
    await member.getByRole("radio", { name: "Yes" }).check();
    await member.getByRole("button", { name: "Cast my vote" }).click();
    await expect(member.getByTestId("my-ballot")).toContainText("You voted: Yes.");

    // The trustee hears it: a toast, the sound at volume 0.3, and the tally moves without a reload.
    const ownerToast = owner.getByTestId("toast");
    await expect(ownerToast).toContainText("New vote", { timeout: 10_000 });
    await expect(ownerToast).toContainText(`Sophie Hartwell voted “Yes” on “${title}”`);
    expect(await owner.evaluate(() => (window as unknown as { __sounds: unknown[] }).__sounds)).toContainEqual({ src: "/notification.mp3", volume: 0.3 });
    await expect(owner.getByTestId("turnout")).toContainText("1 of 5 have voted");
    await expect(owner.getByTestId("tally-row").first()).toContainText("Yes");
    await expect(owner.getByTestId("tally-row").first()).toContainText("1 · 100%");

    // The beneficiary changes her mind; still one ballot.
    await member.getByRole("radio", { name: "No" }).check();
    await member.getByRole("button", { name: "Change my vote" }).click();
    await expect(member.getByTestId("my-ballot")).toContainText("You voted: No.");
    await expect(owner.getByTestId("turnout")).toContainText("1 of 5 have voted");

    // Closing by hand: both are told the result.
    await owner.getByRole("button", { name: "Close now" }).click();
    await owner.getByRole("dialog").getByRole("button", { name: "Close and count" }).click();
    await expect(owner.getByTestId("poll-result")).toContainText("Rejected (No 100%) · turnout 20%");
    await expect(memberToast).toContainText("Poll closed", { timeout: 10_000 });
    await expect(memberToast).toContainText(`“${title}”: Rejected (No 100%) · turnout 20%`);
    await expect(member.getByTestId("poll-result")).toContainText("Rejected");
    await expect(member.getByTestId("ballot-form")).toHaveCount(0);

    // The record: who voted and who did not, and the exports.
    await owner.getByRole("link", { name: "Record of the vote" }).click();
    await expect(owner.getByTestId("voter-row")).toHaveCount(5);
    await expect(owner.getByTestId("voter-row").filter({ hasText: "Sophie Hartwell" })).toHaveAttribute("data-voted", "true");
    await expect(owner.getByTestId("voter-row").filter({ hasText: "James Hartwell" })).toHaveAttribute("data-voted", "false");
    const download = owner.waitForEvent("download");
    await owner.getByTestId("export-csv").click();
    expect((await download).suggestedFilename()).toMatch(/^vote-record-repaint-the-lake-cabin-.*\.csv$/);
    const axe = await axeCheck(owner).analyze();
    expect(axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);
  });

  test("the new-poll form checks its fields with the API's sentences: on blur in the browser, and on the server without JavaScript", async ({
    page,
    browser,
  }) => {
    await signInAsDemo(page);
    await hydrated(page, "/polling");
    const form = page.getByTestId("create-poll-form");
    await form.getByLabel("Question or proposal").fill("ab");
    await form.getByLabel("Question or proposal").blur();
    await expect(form.getByText("The title needs at least 3 characters.")).toBeVisible();
    await form.getByLabel("Question or proposal").fill("Which painter?");
    await expect(form.getByText("The title needs at least 3 characters.")).toHaveCount(0);

    await form.getByLabel("Kind of poll").selectOption("single");
    await form.getByRole("button", { name: "Add an option" }).click();
    await expect(form.getByLabel(/^Option \d$/)).toHaveCount(3);
    await form.getByRole("button", { name: "Remove option 3" }).click();
    await expect(form.getByLabel(/^Option \d$/)).toHaveCount(2);
    await form.getByLabel("Option 1").fill("Smith & Sons");
    await form.getByLabel("Members with chosen roles").check();
    await form.getByRole("button", { name: "Open the poll" }).click();
    await expect(form.getByText("Give at least 2 options.")).toBeVisible();
    await expect(form.getByText("Choose at least one role.")).toBeVisible();
    await expect(page).toHaveURL(/\/polling$/);

    // Without JavaScript the server reads the same form with the same rules.
    const context = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
    const plain = await context.newPage();
    await plain.goto("/polling");
    const plainForm = plain.getByTestId("create-poll-form");
    await plainForm.getByLabel("Question or proposal").fill("Which painter?");
    await plainForm.getByLabel("Closes at (your local time)").fill(new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 16));
    await plainForm.getByLabel("Chosen people").check();
    await plainForm.getByRole("button", { name: "Open the poll" }).click();
    await expect(plainForm.getByRole("alert")).toHaveText("Choose at least one person.");
    await expect(plainForm.getByText("Choose at least one person.")).toHaveCount(2);
    await context.close();
  });

  test("a ranked-choice poll: reorder with the keyboard-friendly buttons, and the rounds are shown when it closes", async ({ page }) => {
    await signInAsDemo(page);
    const created = await page.request.post("/api/polls", {
      data: {
        title: `Where to meet ${Date.now().toString(36)}`,
        type: "ranked",
        options: ["Lake cabin", "City office", "Video call"],
        closesAt: new Date(Date.now() + 3600_000).toISOString(),
      },
      headers: { Origin: new URL(page.url()).origin },
    });
    expect(created.status()).toBe(201);
    const { poll } = (await created.json()) as { poll: { id: string } };
    await hydrated(page, `/polling/${poll.id}`);
    const ranking = page.getByTestId("ranking");
    await page.getByRole("button", { name: "Move Video call up" }).click();
    await page.getByRole("button", { name: "Move Video call up" }).click();
    await expect(ranking.getByRole("listitem").first()).toContainText("Video call");
    await page.getByRole("button", { name: "Cast my vote" }).click();
    await expect(page.getByTestId("my-ballot")).toContainText("You voted: Video call > Lake cabin > City office.");
    await page.getByRole("button", { name: "Close now" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Close and count" }).click();
    await expect(page.getByTestId("poll-result")).toContainText("Video call wins with 100%");
    await expect(page.getByTestId("rounds")).toBeVisible();
    await expect(page.getByTestId("computation")).toContainText("Ranked choice");
  });
});
