// /profile "Where you're signed in": one new person signed in from several browsers, each told apart by its
// User-Agent, signs one of them out and then all the others.
import { expect, test, type BrowserContext } from "@playwright/test";
import { hydrated, isolateClientAddress, reloadHydrated } from "./support";
import { newBrowserContext, signInWithForm, signUpOwner, USER_AGENTS } from "./people";

isolateClientAddress();

/** The context's next page is the sign-in screen: its session is over. */
async function signedOut(context: BrowserContext) {
  const page = await context.newPage();
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fdashboard$/);
  await expect(page.getByRole("tab", { name: "Sign In" })).toHaveAttribute("aria-selected", "true");
  expect((await context.request.get("/api/auth/user")).status()).toBe(401);
}

test("the device list names each browser; Sign out ends one, Sign out everywhere else ends the rest", async ({ browser }) => {
  test.setTimeout(120_000);
  const me = await signUpOwner(browser, { name: "Rosa Alvarez", trustName: "The Alvarez Family Trust", userAgent: USER_AGENTS.chromeOnLinux });
  const laptop = await newBrowserContext(browser, { userAgent: USER_AGENTS.firefoxOnWindows });
  await signInWithForm(await laptop.newPage(), me.email);

  await hydrated(me.page, "/profile");
  const devices = me.page.getByRole("region", { name: "Where you're signed in" });
  const items = devices.getByTestId("session-list").getByRole("listitem");
  await expect(items).toHaveCount(2);
  // This device first, marked, without a sign-out of its own.
  await expect(items.first()).toContainText("Chrome on Linux");
  await expect(items.first()).toContainText("This device");
  await expect(items.first().getByRole("button")).toHaveCount(0);
  await expect(items.nth(1)).toContainText("Firefox on Windows");
  await expect(items.nth(1)).toContainText("last active");

  await devices.getByRole("button", { name: "Sign out Firefox on Windows" }).click();
  await expect(devices.getByRole("status")).toHaveText("That device was signed out.");
  await expect(items).toHaveCount(1);
  await expect(devices.getByText("You're signed in on this device only.")).toBeVisible();
  await expect(devices.getByRole("button", { name: "Sign out everywhere else" })).toHaveCount(0);
  await signedOut(laptop);

  // Two more sign-ins; the first device ends both at once and stays signed in itself.
  const phone = await newBrowserContext(browser, { userAgent: USER_AGENTS.safariOnMac });
  await signInWithForm(await phone.newPage(), me.email);
  await signInWithForm(await laptop.newPage(), me.email);
  await reloadHydrated(me.page);
  await expect(items).toHaveCount(3);
  await expect(devices.getByRole("button", { name: "Sign out Safari on macOS" })).toBeVisible();
  await expect(devices.getByRole("button", { name: "Sign out Firefox on Windows" })).toBeVisible();
  await devices.getByRole("button", { name: "Sign out everywhere else" }).click();
  await expect(devices.getByRole("status")).toHaveText("All your other sessions were signed out.");
  await expect(items).toHaveCount(1);
  await expect(items.first()).toContainText("Chrome on Linux");
  await expect(items.first()).toContainText("This device");
  await signedOut(phone);
  await signedOut(laptop);
  await hydrated(me.page, "/dashboard");
  await expect(me.page).toHaveURL(/\/dashboard$/);
  await Promise.all([me.context.close(), laptop.close(), phone.close()]);
});
