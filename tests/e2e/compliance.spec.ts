// Trust administration and compliance (issue 18) as the demo family's trustee reads it. What changes data runs in a new
// family of its own, or puts the demo back as it was (the Bayview flag is settled, then reopened).
import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { verifyBundle } from "../../app/modules/audit/bundle";
import { axeCheck, hydrated, isolateClientAddress, signInAsDemo, startFamily } from "./support";

isolateClientAddress();

const DAY = 86_400_000;
/** A UTC day relative to today, as the date inputs take it and the server compares it. */
const isoDay = (offset = 0) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);
/** The duty California's §16061.7 starts when a settlor dies (rules.ca-16061.7-irrevocable.title). */
const NOTICE = "Tell the beneficiaries and heirs that the trust can no longer be changed";
const NOTICE_SOURCE = "Required by law · California · Cal. Prob. Code §16061.7(a)(1), (f)";
const TRUST_TITLE = "The Hartwell Family Revocable Living Trust";
const TRUST_ID = "c3a6e4f2-0001-4c6e-8d2a-5b7e9f100001";
// The demo's bank statement is September 2026's (banking/seed.ts): the Bayview check is that year's flag.
const FLAG_YEAR = 2026;

const DAY_FORMAT: Intl.DateTimeFormatOptions = { weekday: "short", day: "numeric", month: "short", year: "numeric", timeZone: "UTC" };
/** A day as the compliance pages write it (components/dates.ts), in the page's own language. */
const shownDay = (page: Page, iso: string) =>
  page.evaluate(([day, f]) => new Intl.DateTimeFormat(document.documentElement.lang, f).format(new Date(`${day}T00:00:00Z`)), [iso, DAY_FORMAT] as const);

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await axeCheck(page).include("main").analyze();
  return results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`);
}

/** What makes the page scroll sideways (as narrow-screens.spec.ts measures it): the innermost boxes past the right edge outside a scroller. */
function horizontalOverflow(page: Page) {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const clipped = (el: Element) => {
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) if (getComputedStyle(p).overflowX !== "visible") return true;
      return false;
    };
    const past = (el: Element) => {
      const box = el.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && box.right > width + 1 && getComputedStyle(el).position !== "fixed" && !clipped(el);
    };
    const wide = [...document.body.querySelectorAll("*")]
      .filter((el) => past(el) && ![...el.children].some(past))
      .map((el) => `${el.tagName.toLowerCase()}.${String(el.className).split(/\s+/)[0]} (${Math.round(el.getBoundingClientRect().right)}px)`);
    return { scrollWidth: document.documentElement.scrollWidth, innerWidth: width, wide: wide.slice(0, 8) };
  });
}

test.describe("trust administration", () => {
  test("the demo trust's profile says where each field comes from; its events and its duty checklist with the overdue notice", async ({ page }) => {
    test.setTimeout(60_000);
    await signInAsDemo(page);
    await hydrated(page, "/trust-administration");
    await expect(page.getByRole("heading", { name: "Trust Administration", level: 1 })).toBeVisible();

    const profile = page.getByRole("region", { name: "The trust's profile" });
    await expect(profile).toContainText(`Read from “${TRUST_TITLE}” and its amendment. Trustees can correct any field; each change is recorded.`);
    await expect(profile.getByTestId("profile-name")).toContainText(TRUST_TITLE);
    await expect(profile.getByTestId("profile-type")).toContainText("a trust the settlor can still change");
    await expect(profile.getByTestId("profile-date")).toContainText(await shownDay(page, "2019-03-14"));
    const settlors = profile.getByTestId("profile-settlors");
    await expect(settlors.getByRole("listitem").filter({ hasText: "Eleanor M. Hartwell" })).toHaveCount(1);
    await expect(settlors.getByRole("listitem").filter({ hasText: "Thomas J. Hartwell" })).toHaveCount(1);
    // Where the documents say it: the instrument, and the passage itself.
    await expect(settlors.getByRole("link", { name: TRUST_TITLE })).toHaveAttribute("href", new RegExp(`^/documents/${TRUST_ID}\\?passage=`));
    await expect(settlors.locator("q")).toContainText("Eleanor M. Hartwell and Thomas J. Hartwell");
    await expect(profile.getByTestId("profile-jurisdictions")).toContainText("California");
    await expect(profile).toContainText("••-•••7265 · tax year ends in month 12");

    const events = page.getByRole("region", { name: "What has happened" });
    const created = events.getByTestId("trust-events").getByRole("listitem").filter({ hasText: "The trust was created" });
    await expect(created).toContainText(`${await shownDay(page, "2019-03-14")} · The trust was created · Eleanor M. Hartwell and Thomas J. Hartwell`);
    await expect(created).toContainText("Declaration of trust signed and notarised");
    const death = events.getByTestId("trust-events").getByRole("listitem").filter({ hasText: "A settlor died" });
    await expect(death).toContainText("A settlor died · Thomas J. Hartwell");
    await expect(death.getByRole("button", { name: /^Withdraw A settlor died of / })).toBeVisible();

    // The death 75 days ago started California's 60-day notice: overdue. This year's returns were filed on time.
    const checklist = page.getByRole("region", { name: "Duty checklist" }).getByTestId("duty-checklist");
    const notice = checklist.getByTestId("compliance-item").filter({ hasText: NOTICE });
    await expect(notice).toHaveAttribute("data-status", "overdue");
    await expect(notice).toContainText("High importance");
    await expect(notice).toContainText(NOTICE_SOURCE);
    await expect(notice.getByRole("button", { name: `Mark done: ${NOTICE}` })).toBeVisible();
    const returns = checklist.getByTestId("compliance-item").filter({ hasText: "Filed electronically with the 2025 K-1s" });
    await expect(returns).toHaveAttribute("data-status", "done");
    await expect(returns).toContainText(`Done on time on ${await shownDay(page, `${new Date().getUTCFullYear()}-04-10`)}`);
    await expect(returns).toContainText("Required by the trust");
    await expect(returns.getByRole("link", { name: "Evidence", exact: true })).toHaveAttribute("href", `/documents/${TRUST_ID}`);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("a new family records a death: a future date is refused, the real one starts California's notice; edits are audited", async ({ page }) => {
    test.setTimeout(90_000);
    await startFamily(page, "The Alvarez Family Trust");
    await hydrated(page, "/trust-administration");
    const events = page.getByRole("region", { name: "What has happened" });
    await expect(events).toContainText("No events recorded yet.");
    await expect(page.getByTestId("compliance-item").filter({ hasText: NOTICE })).toHaveCount(0);

    const form = events.getByRole("form", { name: "Record an event" });
    await form.getByLabel("What happened").selectOption({ label: "A settlor died" });
    await form.getByLabel("On", { exact: true }).fill(isoDay(30));
    await form.getByLabel("Who it concerns (optional)").fill("Tomás Alvarez");
    await form.getByRole("button", { name: "Record the event" }).click();
    await expect(events.getByRole("alert")).toHaveText("This event cannot be dated in the future: record it once it has happened.");
    await expect(events).toContainText("No events recorded yet.");

    // Seventy days ago: the 60 days have run out.
    const died = isoDay(-70);
    await form.getByLabel("What happened").selectOption({ label: "A settlor died" });
    await form.getByLabel("On", { exact: true }).fill(died);
    await form.getByLabel("Who it concerns (optional)").fill("Tomás Alvarez");
    await form.getByLabel("Note (optional)", { exact: true }).fill("Death certificate received from the county");
    await form.getByRole("button", { name: "Record the event" }).click();
    await expect(events.getByRole("status")).toHaveText("The event is recorded and its deadlines are worked out.");
    const diedOn = await shownDay(page, died);
    const recorded = events.getByTestId("trust-events").getByRole("listitem");
    await expect(recorded).toHaveCount(1);
    await expect(recorded).toContainText(`${diedOn} · A settlor died · Tomás Alvarez`);
    await expect(recorded.getByRole("button", { name: `Withdraw A settlor died of ${diedOn}` })).toBeVisible();

    const checklist = page.getByTestId("duty-checklist");
    const notice = checklist.getByTestId("compliance-item").filter({ hasText: NOTICE });
    await expect(notice).toHaveAttribute("data-status", "overdue");
    await expect(notice).toContainText(NOTICE_SOURCE);
    // The yearly account is owed from the death on: its first falls due a year later.
    const account = checklist.getByTestId("compliance-item").filter({ hasText: "Send the yearly account to the beneficiaries" });
    await expect(account.first()).toHaveAttribute("data-status", "upcoming");

    // No instrument yet, so the name is not stated; a trustee corrects it and the page says who did.
    const name = page.getByTestId("profile-name");
    await expect(name).toContainText("Not stated");
    await name.getByText("Change Name").click();
    await name.getByLabel("New value (leave empty to use the documents' value)").fill("The Alvarez Family Trust");
    await name.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByRole("region", { name: "The trust's profile" }).getByRole("status")).toHaveText("The profile is saved.");
    await expect(name).toContainText("The Alvarez Family Trust");
    await expect(name).toContainText(/Changed by Rosa Alvarez on \d{4}-\d{2}-\d{2}/);

    // Which rules apply now, and why: the kind of trust is unknown, so the notice is listed to be safe.
    await hydrated(page, "/multi-jurisdiction-compliance");
    const california = page.getByTestId("pack-CA");
    const verdict = california.getByTestId("rule-verdict").filter({ hasText: NOTICE });
    await expect(verdict).toHaveAttribute("data-applies", "true");
    await expect(verdict).toContainText("The kind of trust is not recorded yet, so we list it to be safe.");
    await expect(california.getByTestId("items-CA").getByTestId("compliance-item").filter({ hasText: NOTICE })).toHaveCount(1);

    // Both changes are in the audit record, newest first (the refused date wrote nothing).
    await hydrated(page, "/regulatory-audit?action=compliance.");
    const rows = page.getByTestId("audit-entries").locator("tbody tr");
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText("corrected the trust's profile");
    await expect(rows.nth(1)).toContainText("recorded an event in the trust's life");
    await expect(rows.nth(1)).toContainText("Rosa Alvarez");
  });
});

test.describe("compliance health", () => {
  test("the demo's score explained, the overdue notice, calendar and chart; /compliance leads here; bad lead times refused", async ({ page }) => {
    test.setTimeout(60_000);
    await signInAsDemo(page);
    await hydrated(page, "/compliance");
    await expect(page).toHaveURL(/\/compliance-health$/);
    await expect(page.getByRole("heading", { name: "Compliance Health", level: 1 })).toBeVisible();

    const score = page.getByTestId("compliance-score");
    await expect(score.getByTestId("score-value")).toHaveText(/^\d{1,3}%$/);
    const percent = (await score.getByTestId("score-value").textContent())!;
    await expect(score.getByRole("progressbar", { name: `Compliance score: ${percent}` })).toBeVisible();
    await expect(score.getByText(/^Of \d+ duties that have fallen due, \d+ were done on time, \d+ late, and \d+ are still open\.$/)).toBeVisible();
    await expect(score).toContainText("Important duties count more: a high-importance duty counts 3, medium 2, low 1.");
    await expect(score.getByRole("img", { name: new RegExp(`^Compliance score from .+ to .+; now ${percent}$`) })).toBeVisible();
    await score.getByText("The score as a table").click();
    await expect(score.getByRole("table").locator("tbody tr").last()).toContainText(percent);

    const overdue = page.getByRole("region", { name: /^Overdue \(\d+\)$/ });
    const notice = overdue.getByTestId("compliance-item").filter({ hasText: NOTICE });
    await expect(notice).toHaveAttribute("data-status", "overdue");
    await expect(notice).toContainText(NOTICE_SOURCE);
    await expect(page.getByRole("heading", { name: "Coming up in the next 90 days", level: 2 })).toBeVisible();

    // The calendar lists it in its month and links to it.
    const calendar = page.getByRole("region", { name: "Calendar", exact: true }).getByTestId("compliance-calendar");
    const link = calendar.getByRole("link", { name: NOTICE });
    await expect(link).toHaveAttribute("href", `#${await notice.getAttribute("id")}`);
    await expect(calendar.getByRole("listitem").filter({ hasText: NOTICE })).toContainText("Overdue");
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole("link", { name: "Reminder settings", exact: true }).click();
    await page.waitForURL("**/compliance-notifications");
    await expect(page.getByRole("heading", { name: "Compliance reminders", level: 1 })).toBeVisible();
    await page.getByLabel("Lead times (days before the deadline)").fill("7, 500");
    await page.getByRole("button", { name: "Save reminder settings" }).click();
    await expect(page.getByTestId("lead-days-error")).toHaveText("Give one to six lead times as whole days from 0 to 365, separated by commas.");
  });

  test("a trustee marks California's overdue notice done with a note: it leaves the overdue list and counts as done late", async ({ page }) => {
    test.setTimeout(90_000);
    await startFamily(page, "The Okafor Family Trust");
    const recorded = await page.request.post("/api/trust/events", {
      data: { type: "settlor_died", occurredOn: isoDay(-70), subject: "Samuel Okafor" },
      headers: { Origin: new URL(page.url()).origin },
    });
    expect(recorded.status()).toBe(201);

    await hydrated(page, "/compliance-health");
    const explanation = page.getByTestId("compliance-score").getByText(/^Of \d+ duties that have fallen due/);
    await expect(explanation).toBeVisible();
    const numbers = /^Of (\d+) duties that have fallen due, (\d+) were done on time, (\d+) late, and (\d+) are still open\.$/.exec(
      (await explanation.textContent())!.trim(),
    );
    const [due, onTime, late, open] = numbers!.slice(1).map(Number);
    const scoreBefore = (await page.getByTestId("score-value").textContent())!;
    const overdue = page.getByRole("region", { name: /^Overdue \(\d+\)$/ });
    const heading = overdue.getByRole("heading", { level: 2 });
    const overdueBefore = Number(/\((\d+)\)/.exec((await heading.textContent())!)![1]);

    const notice = overdue.getByTestId("compliance-item").filter({ hasText: NOTICE });
    await expect(notice).toHaveAttribute("data-status", "overdue");
    const note = "Served on every beneficiary and heir by first-class mail";
    await notice.getByLabel("Note", { exact: true }).fill(note);
    await notice.getByRole("button", { name: `Mark done: ${NOTICE}` }).click();

    await expect(notice).toHaveCount(0);
    await expect(heading).toHaveText(`Overdue (${overdueBefore - 1})`);
    await expect(explanation).toHaveText(
      `Of ${due} duties that have fallen due, ${onTime} were done on time, ${late + 1} late, and ${open - 1} are still open.`,
    );
    // Done after its date: honest, the score does not rise for it.
    await expect(page.getByTestId("score-value")).toHaveText(scoreBefore);
    await expect(page.getByTestId("compliance-calendar").getByRole("listitem").filter({ hasText: NOTICE })).toContainText("Done");

    // The checklist keeps the duty with when it was done and what proves it.
    await hydrated(page, "/trust-administration");
    const done = page.getByTestId("duty-checklist").getByTestId("compliance-item").filter({ hasText: NOTICE });
    await expect(done).toHaveAttribute("data-status", "done");
    await expect(done).toContainText(`Done late, on ${await shownDay(page, isoDay())} · ${note}`);
    await expect(done.getByRole("button", { name: `Open again: ${NOTICE}` })).toBeVisible();
  });
});

test.describe("multi-jurisdiction compliance", () => {
  test("the demo trust: which California and federal rules apply and why, and which do not", async ({ page }) => {
    await signInAsDemo(page);
    await hydrated(page, "/multi-jurisdiction-compliance");
    await expect(page.getByRole("heading", { name: "Multi-Jurisdiction Compliance", level: 1 })).toBeVisible();
    await expect(page.getByText("Rules of: United States (federal), California.")).toBeVisible();

    const california = page.getByRole("region", { name: "California", exact: true });
    const notice = california.getByTestId("rule-verdict").filter({ hasText: NOTICE });
    await expect(notice).toHaveAttribute("data-applies", "true");
    await expect(notice).toContainText(`Applies · ${NOTICE}`);
    await expect(notice).toContainText("Applies because");
    const citation = notice.getByRole("link", { name: "Cal. Prob. Code §16061.7(a)(1), (f)" });
    await expect(citation).toHaveAttribute("href", /^https:\/\/leginfo\.legislature\.ca\.gov\//);
    await expect(california.getByTestId("rule-verdict").filter({ hasText: "Send the yearly account to the beneficiaries" })).toContainText(
      "Applies every year since the trust could no longer be changed",
    );
    await expect(california.getByTestId("rule-verdict").and(page.locator('[data-applies="false"]')).first()).toContainText("Does not apply");
    await expect(california.getByTestId("items-CA").getByTestId("compliance-item").filter({ hasText: NOTICE })).toHaveAttribute("data-status", "overdue");

    const federal = page.getByRole("region", { name: "United States (federal)" });
    const estate = federal.getByTestId("rule-verdict").filter({ hasText: "File the federal estate tax return (Form 706)" });
    await expect(estate).toHaveAttribute("data-applies", "false");
    await expect(estate).toContainText("Does not apply · File the federal estate tax return (Form 706)");
    // Nobody has said yet whether the estate must file: the page asks for the answer on the trust's profile.
    await expect(estate).toContainText("Does not apply yet: the trust's profile does not say whether the estate must file a federal estate tax return.");
    await expect(federal.getByTestId("rule-verdict").filter({ hasText: "Federal and state tax filings" })).toContainText(
      /Applies: the trust's tax calendar has \d+ filing dates\./,
    );
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test.describe("regulatory audit", () => {
  test("the demo's chain verifies; filtered by action; the CSV holds the same entries and the signed bundle checks out offline", async ({ page }) => {
    test.setTimeout(60_000);
    await signInAsDemo(page);
    await hydrated(page, "/regulatory-audit");
    await expect(page.getByRole("heading", { name: "Regulatory Audit", level: 1 })).toBeVisible();

    const chain = page.getByRole("region", { name: "Integrity of the record" });
    await chain.getByRole("button", { name: "Verify now" }).click();
    await expect(chain.getByTestId("chain-result").getByRole("status")).toHaveText(/^All \d+ entries are intact\. Latest hash: [0-9a-f]{64}$/);

    // The check itself is audited: filter the entries by its action.
    const filters = page.getByRole("form", { name: "Filter the entries" });
    await filters.getByLabel("Action", { exact: true }).fill("audit.chain_checked");
    await filters.getByRole("combobox", { name: "Person" }).selectOption({ label: "Eleanor Hartwell" });
    await filters.getByRole("button", { name: "Filter", exact: true }).click();
    await expect(page).toHaveURL(/[?&]action=audit\.chain_checked/);
    await expect(page).toHaveURL(/[?&]actor=/);
    const rows = page.getByTestId("audit-entries").locator("tbody tr");
    await expect(rows.first()).toContainText("checked the integrity of the audit record");
    await expect(rows.first()).toContainText("Eleanor Hartwell");
    await expect(rows.first()).toContainText("Done");
    await expect(rows.first().locator("td").last().locator("code")).toHaveText(/^[0-9a-f]{16}…$/);
    await expect(rows.first().locator("td").last().locator("code")).toHaveAttribute("title", /^[0-9a-f]{64}$/);
    const shown = await rows.count();
    expect(await seriousViolations(page)).toEqual([]);

    const [csv] = await Promise.all([page.waitForEvent("download"), filters.getByRole("link", { name: "Export as CSV" }).click()]);
    expect(csv.suggestedFilename()).toBe("audit-start-today.csv");
    // Every CSV the product writes starts with a byte-order mark (spreadsheets then read it as UTF-8).
    const lines = readFileSync(await csv.path(), "utf8")
      .replace(/^\uFEFF/, "")
      .split("\r\n")
      .filter(Boolean);
    expect(lines[0]).toBe("seq,time,person,action,outcome,target_type,target_id,ip,details,prev_hash,hash");
    expect(lines.length - 1).toBe(shown);
    for (const line of lines.slice(1)) expect(line).toContain(",audit.chain_checked,success,");

    // The bundle covers the whole chain whatever the filters, signed by the key the page names.
    const keyId = await page.getByTestId("audit-signing-key").getAttribute("title");
    expect(keyId).toMatch(/^[0-9a-f]{64}$/);
    const [bundleFile] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download signed bundle" }).click()]);
    expect(bundleFile.suggestedFilename()).toBe("audit-bundle-start-today.json");
    const bundle = JSON.parse(readFileSync(await bundleFile.path(), "utf8")) as { period: unknown; keyId: string; entries: unknown[] };
    expect(bundle.period).toEqual({ from: null, to: null });
    expect(bundle.keyId).toBe(keyId);
    expect(bundle.entries.length).toBeGreaterThan(shown);
    expect(await verifyBundle(bundle, { keyId: keyId!.slice(0, 16) })).toMatchObject({ ok: true, firstSeq: 1 });
  });
});

test.describe("ethical compliance", () => {
  test("the Bayview Roofing payment to James's related business: settled with a reason and evidence, then reopened", async ({ page }) => {
    test.setTimeout(60_000);
    await signInAsDemo(page);
    await hydrated(page, `/ethical-compliance?year=${FLAG_YEAR}`);
    await expect(page.getByRole("heading", { name: "Ethical Compliance", level: 1 })).toBeVisible();

    // The register: James's interest in the roofer, with nothing on file that allows dealing with it.
    const register = page.getByRole("region", { name: "Conflicts register" });
    const james = register.getByTestId("register-trustee").filter({ has: page.getByRole("heading", { name: "James Hartwell", level: 3 }) });
    await expect(james.getByTestId("related-parties")).toContainText("Bayview Roofing & Restoration · Business interest");
    await expect(james.getByTestId("related-parties")).toContainText("No authorisation on file");
    await expect(james.getByTestId("attestation-status")).toHaveText("Has not attested yet");
    await expect(page.getByRole("region", { name: "Your yearly attestation" }).getByTestId("my-attestation")).toHaveText(/^Attested on /);

    const panel = page.getByRole("region", { name: `Flags for ${FLAG_YEAR}` });
    const flag = panel.getByTestId("ethics-flag").filter({ hasText: "Bayview Roofing & Restoration" });
    await expect(flag).toHaveAttribute("data-kind", "related_party_payment");
    await expect(flag.getByText("High", { exact: true })).toBeVisible();
    await expect(flag.getByText("Payment to a related party", { exact: true })).toBeVisible();
    await expect(flag).toContainText("4,800.00");
    await expect(flag).toContainText(
      "was paid on 2026-09-29 to Bayview Roofing & Restoration, registered as a business interest of trustee James Hartwell, with no authorisation on file.",
    );
    await expect(flag.getByRole("link", { name: "Open the transaction" })).toHaveAttribute("href", /from=2026-09-29/);
    const count = panel.getByTestId("open-flag-count");
    await expect(count).toHaveText(/^\d+ open$/);
    const openBefore = Number((await count.textContent())!.match(/\d+/)![0]);
    expect(await seriousViolations(page)).toEqual([]);

    const reason = "Emergency roof repair after the October storm; James recused himself and Eleanor chose the quote.";
    const settle = flag.getByRole("form", { name: "Settle this flag" });
    await settle.getByLabel("Outcome").selectOption({ label: "Explained" });
    await settle.getByLabel("Evidence (a document)").selectOption({ label: TRUST_TITLE });
    await settle.getByLabel("Reason (what a reviewer should know)").fill(reason);
    await settle.getByRole("button", { name: "Settle the flag" }).click();
    await expect(panel.getByRole("status")).toHaveText("The flag is settled and the reason recorded.");
    const review = flag.getByTestId("flag-review");
    await expect(review).toContainText(`Explained · settled by Eleanor Hartwell on ${await shownDay(page, isoDay())}`);
    await expect(review).toContainText(reason);
    await expect(review.getByRole("link", { name: "View the evidence" })).toHaveAttribute("href", `/documents/${TRUST_ID}`);
    await expect(flag).toContainText("Settled");
    await expect(count).toHaveText(`${openBefore - 1} open`);

    // Reopened: the demo is as it was.
    await review.getByRole("button", { name: "Reopen" }).click();
    await expect(panel.getByRole("status")).toHaveText("The flag is open again.");
    await expect(flag.getByTestId("flag-review")).toHaveCount(0);
    await expect(flag.getByRole("form", { name: "Settle this flag" })).toBeVisible();
    await expect(count).toHaveText(`${openBefore} open`);
  });
});

test.describe("compliance pages at 360 px wide", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("each page fits the phone without scrolling sideways", async ({ page }) => {
    test.setTimeout(90_000);
    await signInAsDemo(page);
    const pages: [string, string][] = [
      ["/trust-administration", "Trust Administration"],
      ["/compliance-health", "Compliance Health"],
      ["/multi-jurisdiction-compliance", "Multi-Jurisdiction Compliance"],
      ["/regulatory-audit", "Regulatory Audit"],
      [`/ethical-compliance?year=${FLAG_YEAR}`, "Ethical Compliance"],
      ["/compliance-notifications", "Compliance reminders"],
    ];
    for (const [path, title] of pages) {
      await hydrated(page, path);
      await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
      const result = await horizontalOverflow(page);
      expect.soft(result.scrollWidth, `${path} scrolls sideways; too wide: ${result.wide.join(" | ")}`).toBeLessThanOrEqual(result.innerWidth);
      expect.soft(result.wide, `${path}: elements wider than the screen`).toEqual([]);
    }
  });
});
