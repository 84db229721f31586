import { expect, test, type Browser, type Page } from "@playwright/test";
import { axeCheck, clientAddressHeaders, hydrated, signInAsDemo } from "./support";

const TRUSTEES_CHANNEL = "e5c8a6b4-0002-4c6e-8d2a-5b7e9f100002";
const GRANDMA = "+14155550123";
const live = (page: Page) => expect(page.getByTestId("notifications-button")).toHaveAttribute("data-realtime", "connected", { timeout: 15_000 });
const unique = () => Date.now().toString(36) + Math.floor(Math.random() * 1e4).toString(36);

async function person(browser: Browser, email?: string) {
  const context = await browser.newContext();
  await context.setExtraHTTPHeaders(clientAddressHeaders(`10.79.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`));
  const page = await context.newPage();
  await signInAsDemo(page, email ? { email } : {});
  return page;
}

async function write(page: Page, topic: string, text: string) {
  await page.getByTestId("composer-topic").fill(topic);
  await page.getByTestId("composer-body").fill(text);
  await page.getByTestId("composer-body").press("Enter");
  await expect(page.getByTestId("composer-body")).toHaveValue("");
}

test.describe("team chat", () => {
  test("two people chat live: a message, an edit, a deletion and unread counts arrive without a reload", async ({ browser }) => {
    test.setTimeout(90_000);
    const eleanor = await person(browser);
    const james = await person(browser, "james@hartwell.example");
    // Sign-in lands on /chat, which opens General (or the channel used last).
    await expect(eleanor.getByRole("heading", { level: 1, name: /General/ })).toBeVisible();
    await hydrated(james, "/channel/general");
    await live(eleanor);
    await live(james);

    const topic = `Boathouse ${unique()}`;
    await write(eleanor, topic, "The **boathouse** dock needs new pilings");
    const arrived = james.getByTestId("chat-message").filter({ hasText: "The boathouse dock needs new pilings" });
    await expect(arrived).toBeVisible();
    await expect(arrived.locator("strong", { hasText: "boathouse" })).toBeVisible();

    // Eleanor edits her message: James sees the new words and the "edited" mark.
    const mine = eleanor.getByTestId("chat-message").filter({ hasText: "The boathouse dock needs new pilings" });
    await mine.getByRole("button", { name: "Edit message" }).click();
    await eleanor.getByRole("textbox", { name: "Edit message" }).fill("The boathouse dock needs six new pilings");
    await eleanor.getByRole("button", { name: "Save", exact: true }).click();
    const edited = james.getByTestId("chat-message").filter({ hasText: "six new pilings" });
    await expect(edited).toBeVisible();
    await expect(edited.getByText("(edited)")).toBeVisible();

    // James answers in the same topic; Eleanor sees it.
    await write(james, topic, "I'll call the marine contractor");
    await expect(eleanor.getByTestId("chat-message").filter({ hasText: "I'll call the marine contractor" })).toBeVisible();

    // A message in the private Trustees channel raises James's unread count while he reads General.
    await hydrated(eleanor, `/channel/${TRUSTEES_CHANNEL}`);
    await write(eleanor, `Succession ${unique()}`, "Trustees: please read section 4 before Friday");
    const trustees = james.locator('[data-testid="channel-link"][data-channel="Trustees"]');
    await expect(trustees.getByTestId("unread-count")).toHaveText(/^[1-9]\d*$/);
    await trustees.click();
    await expect(james.getByText("Trustees: please read section 4 before Friday")).toBeVisible();
    await expect(james.locator('[data-testid="channel-link"][data-channel="Trustees"]').getByTestId("unread-count")).toHaveCount(0);

    // Eleanor deletes her message: it disappears for James, who is looking at that channel.
    const trusteeMessage = eleanor.getByTestId("chat-message").filter({ hasText: "Trustees: please read section 4 before Friday" });
    await trusteeMessage.getByRole("button", { name: "Delete message" }).click();
    await eleanor.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await expect(james.getByText("Trustees: please read section 4 before Friday")).toHaveCount(0);
    await expect(james.getByTestId("message-deleted").last()).toHaveText("This message was deleted.");

    const axe = await axeCheck(james).include("main").analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
    await eleanor.context().close();
    await james.context().close();
  });

  test("a mention notifies at once; a private channel is invisible and 404 to a beneficiary; bad input is refused visibly", async ({ browser }) => {
    test.setTimeout(90_000);
    const eleanor = await person(browser);
    const sophie = await person(browser, "sophie@hartwell.example");
    await hydrated(sophie, "/dashboard");
    await live(sophie);

    await hydrated(eleanor, "/channel/general");
    const topic = `Graduation ${unique()}`;
    await eleanor.getByTestId("composer-topic").fill(topic);
    await eleanor.getByRole("button", { name: "Mention someone" }).click();
    await eleanor.getByRole("button", { name: "Sophie Hartwell" }).click();
    await eleanor.getByTestId("composer-body").pressSequentially("your tuition distribution is approved");
    await eleanor.getByTestId("composer-send").click();
    const toast = sophie.getByTestId("toast").filter({ hasText: "Mentioned in chat" });
    await expect(toast).toBeVisible();
    await expect(toast).toContainText("Eleanor Hartwell mentioned you in #General");
    await toast.getByRole("link").click();
    await expect(sophie.getByTestId("chat-message").filter({ hasText: "your tuition distribution is approved" }).locator("[data-mention]")).toHaveText(
      "@Sophie Hartwell",
    );

    // The Trustees channel does not exist for Sophie.
    await expect(sophie.locator('[data-testid="channel-link"][data-channel="Trustees"]')).toHaveCount(0);
    const response = await sophie.goto(`/channel/${TRUSTEES_CHANNEL}`);
    expect(response?.status()).toBe(404);

    // Too long: the counter says so and Send is disabled; blank: Send is disabled.
    await hydrated(eleanor, "/channel/general");
    await eleanor.getByTestId("composer-body").fill("x".repeat(10_001));
    await expect(eleanor.getByText("A message can be at most 10,000 characters.")).toBeVisible();
    await expect(eleanor.getByTestId("composer-send")).toBeDisabled();
    await eleanor.getByTestId("composer-body").fill("   ");
    await expect(eleanor.getByTestId("composer-send")).toBeDisabled();
    await eleanor.context().close();
    await sophie.context().close();
  });

  test("a link to a document shows its card only to people who may open it", async ({ browser }) => {
    const eleanor = await person(browser);
    await hydrated(eleanor, "/channel/general");
    const seeded = eleanor.getByTestId("chat-message").filter({ hasText: "I'll prepare the K-1s" });
    await expect(seeded.getByTestId("document-card")).toContainText("The Hartwell Family Revocable Living Trust");
    // Daniel is a family member the trust is not shared with: no title, only a plain note.
    const daniel = await person(browser, "daniel@hartwell.example");
    await hydrated(daniel, "/channel/general");
    const his = daniel.getByTestId("chat-message").filter({ hasText: "I'll prepare the K-1s" });
    await expect(his.getByTestId("document-card-hidden")).toHaveText("A linked document you do not have access to.");
    await expect(his.getByTestId("document-card")).toHaveCount(0);
    await expect(daniel.getByText("The Hartwell Family Revocable Living Trust")).toHaveCount(0);
    await eleanor.context().close();
    await daniel.context().close();
  });

  test("topics: resolve and reopen, follow and mute, purpose labels, moving a message", async ({ page }) => {
    await signInAsDemo(page);
    await hydrated(page, "/channel/general");
    const topic = `Lake cabin ${unique()}`;
    await write(page, topic, "Cabin insurance renews in March");
    await write(page, topic, "Wrong topic: the roofer called");
    await page.getByTestId("topic-chip").filter({ hasText: topic }).click();
    const header = page.getByTestId("topic-header");
    await expect(header).toContainText(topic);
    await header.getByRole("button", { name: "Mark resolved" }).click();
    await expect(header.getByRole("status")).toHaveText("Resolved");
    await header.getByRole("button", { name: "Reopen" }).click();
    await expect(header.getByRole("status")).toHaveText("Open");
    await header.getByLabel("Purpose label").fill("Cabin insurance 2027");
    await header.getByRole("button", { name: "Save label" }).click();
    await expect(header.getByTestId("topic-purpose")).toHaveText("Cabin insurance 2027");
    await header.getByLabel("Notify me:").selectOption("mute");
    await expect(header.getByText("You will not be notified about this topic, even when mentioned.")).toBeVisible();

    // Move the stray message to the roof topic: it leaves this topic's view.
    const stray = page.getByTestId("chat-message").filter({ hasText: "Wrong topic: the roofer called" });
    await stray.getByRole("button", { name: "Move" }).click();
    await page.getByRole("combobox", { name: "Move to topic" }).fill("Cedar Crest roof repair");
    await stray.getByRole("button", { name: "Move", exact: true }).click();
    await expect(page.getByTestId("chat-message").filter({ hasText: "Wrong topic: the roofer called" })).toHaveCount(0);

    // The topic list shows it with its label and activity; resolved topics are filtered.
    await hydrated(page, "/threaded-conversations");
    const row = page.getByTestId("topic-row").filter({ hasText: topic });
    await expect(row).toContainText("Cabin insurance 2027");
    await expect(row).toContainText("1 message");
    // The filter shows resolved topics only: this open one leaves the list.
    await page.getByRole("button", { name: "Resolved", exact: true }).click();
    await expect(page.getByRole("button", { name: "Resolved", exact: true })).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByTestId("topic-row").filter({ hasText: topic })).toHaveCount(0);
  });

  test("SMS round trip through the phone simulator: the outbox holds the text with its reply code, and replies land in the right one of two topics", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await signInAsDemo(page);
    await hydrated(page, "/channel/general");
    const roofText = `Roofers start ${unique()}`;
    await write(page, "Cedar Crest roof repair", roofText);
    await expect(page.getByTestId("chat-message").filter({ hasText: roofText }).getByTestId("sms-delivery")).toContainText("SMS to Grandma Rose: sent");

    // Grandma also joins a second topic, which texts her later.
    const second = `Family reunion ${unique()}`;
    await write(page, second, "Reunion is at the lake house");
    await hydrated(page, "/sms-threading");
    await page.getByLabel("Topic", { exact: true }).selectOption({ label: `#General › ${second}` });
    await page.getByLabel("Their name").fill("Grandma Rose");
    await page.getByLabel("Mobile number").fill("not a number");
    await page.getByRole("button", { name: "Include by SMS" }).click();
    await expect(page.getByText("Enter a phone number with its country code, for example +1 555 010 2030.")).toBeVisible();
    await page.getByLabel("Mobile number").fill("(415) 555-0123");
    await page.getByRole("button", { name: "Include by SMS" }).click();
    await expect(page.getByText("They will receive the topic's next messages by SMS.")).toBeVisible();
    await hydrated(page, "/channel/general");
    await write(page, second, "Can you bring the photo albums?");

    // The phone: both texts, each with its topic's reply code.
    await hydrated(page, `/dev/phone?phone=${encodeURIComponent(GRANDMA)}`);
    const received = page.getByTestId("phone-received");
    await expect(received.filter({ hasText: roofText })).toContainText("Reply starting with R7K");
    const albums = received.filter({ hasText: "Can you bring the photo albums?" });
    await expect(albums).toBeVisible();
    const code = /Reply starting with (\w{3})/.exec((await albums.textContent()) ?? "")![1];
    expect(code).not.toBe("R7K");

    // A coded reply reaches the roof topic; a code-less one the reunion (the most recent).
    await page.getByLabel("Text message").fill("R7K Wonderful, thank you");
    await page.getByRole("button", { name: "Send text" }).click();
    await expect(page.getByText("Delivered to the topic named by the reply code.")).toBeVisible();
    await page.getByLabel("Text message").fill("Yes, I will bring them");
    await page.getByRole("button", { name: "Send text" }).click();
    await expect(page.getByText("No reply code: delivered to the topic that texted this phone most recently.")).toBeVisible();

    await hydrated(page, "/channel/general");
    const fromPhone = page.getByTestId("chat-message").filter({ hasText: "Wonderful, thank you" });
    await expect(fromPhone.getByTestId("sms-origin")).toHaveText("by SMS · reached this topic by its reply code");
    await page.getByTestId("topic-chip").filter({ hasText: second }).click();
    await expect(page.getByTestId("chat-message").filter({ hasText: "Yes, I will bring them" }).getByTestId("sms-origin")).toContainText("no reply code");
    // Delivered once the phone read it.
    await expect(page.getByTestId("chat-message").filter({ hasText: "Can you bring the photo albums?" }).getByTestId("sms-delivery")).toHaveAttribute(
      "data-status",
      "delivered",
    );

    // STOP: the topic shows it and no SMS goes out.
    await hydrated(page, `/dev/phone?phone=${encodeURIComponent(GRANDMA)}`);
    await page.getByLabel("Text message").fill("STOP");
    await page.getByRole("button", { name: "Send text" }).click();
    await expect(page.getByText("STOP received: this phone will get no more texts.")).toBeVisible();
    await hydrated(page, "/sms-threading");
    await expect(page.getByTestId("opted-out").first()).toBeVisible();
    await hydrated(page, "/channel/general");
    await write(page, second, "Are you still coming?");
    await expect(page.getByTestId("chat-message").filter({ hasText: "Are you still coming?" }).getByTestId("sms-delivery")).toHaveAttribute(
      "data-status",
      "blocked",
    );
    await hydrated(page, `/dev/phone?phone=${encodeURIComponent(GRANDMA)}`);
    await page.getByLabel("Text message").fill("START");
    await page.getByRole("button", { name: "Send text" }).click();
    await expect(page.getByText("START received: this phone gets texts again.")).toBeVisible();
  });
});
