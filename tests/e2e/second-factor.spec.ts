// Second factors in the browser (issue 25, ADR 0036): an authenticator app set up on /profile and used at sign-in
// with a computed code; a passkey registered and used through Chromium's virtual authenticator (CDP WebAuthn).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { migrate, startServer } from "../../scripts/lib.mjs";
import { freePort } from "../helpers/ports";
import { newBrowserContext, PASSWORD, seriousViolations, signUpOwner, unique } from "./people";
import { clientAddressHeaders, hydrated, isolateClientAddress } from "./support";

isolateClientAddress();

const codeAt = (secret: string, offsetSeconds = 0) =>
  new TOTP({ algorithm: "SHA1", digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + offsetSeconds * 1000 });

/** E-mail and password on the sign-in screen; a person with a second factor then sees the second step, focused. */
async function passwordStep(page: Page, email: string) {
  await hydrated(page, "/auth");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Two-step verification" })).toBeFocused();
}

test("an authenticator app: set up with its QR code and secret, then every sign-in asks for its code", async ({ browser }) => {
  test.setTimeout(120_000);
  const me = await signUpOwner(browser, { name: "Rosa Alvarez", trustName: "The Two-Step Family Trust" });
  await hydrated(me.page, "/profile");
  const section = me.page.getByRole("region", { name: "Two-step sign-in" });
  await section.getByRole("button", { name: "Set up an authenticator app" }).click();
  await expect(section.getByRole("img", { name: "QR code to add this account to your authenticator app" })).toBeVisible();
  const secret = (await section.getByTestId("totp-secret").innerText()).replace(/\s+/g, "");
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);

  // A wrong code is refused beside the field; the right one (with the password) turns the app on and shows the recovery codes once.
  const setup = section.getByRole("form", { name: "Set up an authenticator app" });
  await setup.getByLabel("Your password").fill(PASSWORD);
  await section.getByLabel("Code from the app").fill(codeAt(secret, 600));
  await section.getByRole("button", { name: "Confirm and turn on" }).click();
  await expect(section.getByText(/^That code does not match/)).toBeVisible();
  await section.getByLabel("Code from the app").fill(codeAt(secret));
  await section.getByRole("button", { name: "Confirm and turn on" }).click();
  const codes = section.getByTestId("recovery-codes");
  await expect(codes.getByRole("heading", { name: "Save your recovery codes now" })).toBeFocused();
  await expect(codes.getByRole("listitem")).toHaveCount(10);
  expect(await seriousViolations(me.page)).toEqual([]);
  await codes.getByRole("button", { name: "I have saved them" }).click();
  await expect(section.getByRole("status")).toHaveText("Your authenticator app is set up. From now on, signing in asks for a code.");
  await expect(section.getByTestId("recovery-left")).toHaveText("10 unused recovery codes left.");

  // The owner can now require a second factor of everyone.
  await hydrated(me.page, "/admin");
  const policy = me.page.getByRole("region", { name: "Second factor for everyone" });
  await policy.getByRole("button", { name: "Require a second factor" }).click();
  await expect(policy.getByRole("status")).toHaveText("A second factor is now required of everyone in this workspace.");

  // Another browser: the password alone opens the second step, a wrong code is said aloud, the next code signs in.
  const laptop = await newBrowserContext(browser);
  const page = await laptop.newPage();
  await passwordStep(page, me.email);
  expect((await laptop.request.get("/api/auth/user")).status()).toBe(401);
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByLabel("Verification code").fill(codeAt(secret, 600));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "That code is not correct or has already been used. Check it and try again." })).toBeVisible();
  await page.getByLabel("Verification code").fill(codeAt(secret, 30));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Login successful! Redirecting..." })).toBeVisible();
  await page.waitForURL("**/chat");
  expect((await laptop.request.get("/api/auth/user")).status()).toBe(200);
  await Promise.all([me.context.close(), laptop.close()]);
});

// WebAuthn wants a secure context and a domain as RP ID: this Worker is reached at http://localhost, its PUBLIC_ORIGIN.
test.describe("a passkey", () => {
  test.describe.configure({ timeout: 120_000 });
  let server: { url: string; stop: () => void } | null = null;
  let origin = "";
  let persistTo = "";

  test.beforeAll(async () => {
    // Migrating a fresh database and starting a second Worker on a busy machine.
    test.setTimeout(180_000);
    const port = await freePort();
    origin = `http://localhost:${port}`;
    persistTo = mkdtempSync(join(tmpdir(), "e2e-passkey-"));
    migrate(persistTo);
    server = await startServer({ port, persistTo, vars: { PUBLIC_ORIGIN: origin } });
  });

  test.afterAll(() => {
    server?.stop();
    if (persistTo) rmSync(persistTo, { recursive: true, force: true });
  });

  test("registered on /profile with Chromium's virtual authenticator, used at sign-in, removed after the password", async ({ browser }) => {
    const context = await browser.newContext({ baseURL: origin });
    await context.setExtraHTTPHeaders(clientAddressHeaders());
    await context.addInitScript(() => localStorage.setItem("onboarding-completed", "true"));
    const username = unique("pk");
    const email = `${username}@example.com`;
    const registered = await context.request.post("/api/auth/register", {
      data: { name: "Paz Kim", username, email, password: PASSWORD, confirmPassword: PASSWORD },
      headers: { Origin: origin },
    });
    expect(registered.status()).toBe(201);

    const page = await context.newPage();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("WebAuthn.enable");
    const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
      options: {
        protocol: "ctap2",
        transport: "internal",
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });

    await hydrated(page, "/profile");
    const section = page.getByRole("region", { name: "Two-step sign-in" });
    const add = section.getByRole("form", { name: "Add a passkey" });
    await add.getByLabel("Name for a new passkey").fill("Test laptop");
    await add.getByLabel("Your password").fill(PASSWORD);
    await add.getByRole("button", { name: "Add a passkey" }).click();
    // The first factor comes with recovery codes.
    await expect(section.getByTestId("recovery-codes").getByRole("listitem")).toHaveCount(10);
    await section.getByRole("button", { name: "I have saved them" }).click();
    await expect(section.getByTestId("passkey-list")).toContainText("Test laptop");
    const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0].rpId).toBe("localhost");

    // Signed out, the password opens the second step and the passkey finishes it.
    await context.clearCookies();
    await passwordStep(page, email);
    await expect(page.getByText("Confirm with your passkey")).toBeVisible();
    await page.getByRole("button", { name: "Use a passkey" }).click();
    await page.waitForURL("**/chat");
    expect((await context.request.get("/api/auth/user")).status()).toBe(200);
    const after = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
    expect(after.credentials[0].signCount).toBeGreaterThan(0);

    // Removing it asks for the password again (no authenticator app, so no code).
    await hydrated(page, "/profile");
    await section.getByRole("button", { name: "Remove passkey Test laptop" }).click();
    const removal = section.getByTestId("passkey-list");
    await removal.getByLabel("Your password").fill("Wrong&Password1");
    await removal.getByRole("button", { name: "Remove", exact: true }).click();
    await expect(removal.getByText("Your current password is not correct")).toBeVisible();
    await removal.getByLabel("Your password").fill(PASSWORD);
    await removal.getByRole("button", { name: "Remove", exact: true }).click();
    await expect(section.getByRole("status")).toHaveText("The passkey was removed.");
    await expect(section.getByText("No passkeys yet.")).toBeVisible();
    await context.close();
  });
});
