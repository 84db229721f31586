import { expect, test } from "@playwright/test";
import { DEMO, hydrated, isolateClientAddress, signInAsDemo } from "./support";

const unique = () => `e2e${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

isolateClientAddress();

test.describe("authentication screen", () => {
  for (const [path, tab] of [
    ["/auth", "Sign In"],
    ["/login", "Sign In"],
    ["/register", "Sign Up"],
    ["/forgot-password", "Reset"],
  ] as const) {
    test(`${path} opens the ${tab} tab`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole("tab", { name: tab })).toHaveAttribute("aria-selected", "true");
      await expect(page.getByText("Secure document collaboration with AI analysis")).toBeVisible();
      await expect(page.getByRole("link", { name: /support@/ })).toHaveAttribute("href", /^mailto:/);
    });
  }

  test("sign-in validation messages", async ({ page }) => {
    await hydrated(page, "/auth");
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page.getByText("Invalid email address")).toBeVisible();
    await expect(page.getByText("Password must be at least 8 characters")).toBeVisible();
    await page.getByLabel("Email").fill("someone@example.com");
    await page.getByLabel("Password", { exact: true }).fill("1234567");
    await expect(page.getByText("Invalid email address")).toBeHidden();
    await expect(page.getByText("Password must be at least 8 characters")).toBeVisible();
  });

  test("sign-up validation messages", async ({ page }) => {
    await hydrated(page, "/register");
    const form = page.locator("#register-form");
    await form.getByRole("button", { name: "Create account" }).click();
    await expect(form.getByText("Name must be at least 2 characters")).toBeVisible();
    await expect(form.getByText("Username must be at least 3 characters")).toBeVisible();
    await expect(form.getByText("Invalid email address")).toBeVisible();
    await expect(form.getByText("Password must be at least 12 characters")).toBeVisible();

    await form.getByLabel("Username").fill("bad-name");
    await expect(form.getByText("Username can only contain letters, numbers, and underscores")).toBeVisible();
    await form.getByLabel("Password", { exact: true }).fill("alllowercase1!");
    await expect(form.getByText("Password must contain uppercase, lowercase, number, and special character")).toBeVisible();
    await form.getByLabel("Password", { exact: true }).fill("Str0ng&Secure!");
    await form.getByLabel("Confirm password").fill("Different&Pass1");
    await expect(form.getByText("Passwords don't match")).toBeVisible();
  });

  test("reset validation and the Back to Sign In link", async ({ page }) => {
    await hydrated(page, "/forgot-password");
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByText("Invalid email address")).toBeVisible();
    await page.getByRole("button", { name: "Back to Sign In" }).click();
    await expect(page.getByRole("tab", { name: "Sign In" })).toHaveAttribute("aria-selected", "true");
  });

  test("one show/hide toggle is shared by the sign-in and sign-up forms", async ({ page }) => {
    await hydrated(page, "/auth");
    const loginPassword = page.locator("#login-form").getByLabel("Password", { exact: true });
    await expect(loginPassword).toHaveAttribute("type", "password");
    await page.locator("#login-form").getByRole("button", { name: "Show password" }).click();
    await expect(loginPassword).toHaveAttribute("type", "text");
    await page.getByRole("tab", { name: "Sign Up" }).click();
    const registerPassword = page.locator("#register-form").getByLabel("Password", { exact: true });
    await expect(registerPassword).toHaveAttribute("type", "text");
    await page.locator("#register-form").getByRole("button", { name: "Hide password" }).click();
    await expect(registerPassword).toHaveAttribute("type", "password");
  });

  test("a wrong password shows the red banner; pending label while signing in", async ({ page }) => {
    await hydrated(page, "/auth");
    await page.route("**/api/auth/login", async (route) => {
      await new Promise((r) => setTimeout(r, 800));
      await route.continue();
    });
    await page.getByLabel("Email").fill(DEMO.email);
    await page.getByLabel("Password", { exact: true }).fill("Wrong&Password1");
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    const pending = page.getByRole("button", { name: "Signing in..." });
    await expect(pending).toBeVisible();
    await expect(pending).toBeDisabled();
    const banner = page.locator('[data-kind="error"]');
    await expect(banner).toHaveText("Invalid email or password");
    await expect(banner).toHaveAttribute("role", "alert");
    await expect(banner).toHaveAttribute("data-kind", "error");
    await expect(banner).toHaveClass(/border-destructive/);
  });

  test("login success: green banner, session stored, /chat after 1 second", async ({ page }) => {
    await hydrated(page, "/auth");
    await page.getByLabel("Email").fill(DEMO.email);
    await page.getByLabel("Password", { exact: true }).fill(DEMO.password);
    await page.getByLabel("Remember me for 30 days").check();
    const clicked = Date.now();
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    const banner = page.getByRole("status").filter({ hasText: "Login successful! Redirecting..." });
    await expect(banner).toBeVisible();
    await expect(banner).toHaveClass(/border-success/);
    expect(await page.evaluate(() => localStorage.getItem("sessionId"))).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem("user"))) ?? "{}").email).toBe(DEMO.email);
    await page.waitForURL("**/chat");
    expect(Date.now() - clicked).toBeGreaterThanOrEqual(1000);
    const cookies = await page.context().cookies();
    const session = cookies.find((c) => c.name === "session");
    expect(session?.httpOnly).toBe(true);
    expect(session!.expires - Date.now() / 1000).toBeGreaterThan(29 * 24 * 3600);
  });

  test("registration success: pending label, green banner, /chat after 2 seconds", async ({ page }) => {
    await hydrated(page, "/register");
    await page.route("**/api/auth/register", async (route) => {
      await new Promise((r) => setTimeout(r, 600));
      await route.continue();
    });
    const id = unique();
    const form = page.locator("#register-form");
    await form.getByLabel("Full name").fill("Nora Example");
    await form.getByLabel("Username").fill(id);
    await form.getByLabel("Email").fill(`${id}@example.com`);
    await form.getByLabel("Password", { exact: true }).fill("Str0ng&Secure!");
    await form.getByLabel("Confirm password").fill("Str0ng&Secure!");
    await form.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByRole("button", { name: "Creating account..." })).toBeDisabled();
    await expect(page.getByText("Registration successful! Please check your email to verify your account.")).toBeVisible();
    const shown = Date.now();
    await page.waitForURL("**/chat");
    expect(Date.now() - shown).toBeGreaterThanOrEqual(1500);
    await expect(page.getByText("Please verify your email address.")).toBeVisible();
  });

  test("forgot password: pending label and the same green message for any address", async ({ page }) => {
    await hydrated(page, "/forgot-password");
    await page.route("**/api/auth/forgot-password", async (route) => {
      await new Promise((r) => setTimeout(r, 600));
      await route.continue();
    });
    await page.getByLabel("Email").fill(`nobody-${unique()}@example.com`);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByRole("button", { name: "Sending reset link..." })).toBeDisabled();
    await expect(page.getByText("If an account with that email exists, a password reset link has been sent.")).toBeVisible();
  });
});

test.describe("route sets", () => {
  test("signed out: unknown paths show the sales page, signed-in pages go to /auth", async ({ page }) => {
    await page.goto("/no-such-page");
    await expect(page.getByTestId("landing-header").getByRole("link", { name: "Start Free Trial" })).toBeVisible();
    await page.goto("/documents");
    await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fdocuments/);
  });

  test("signed in: unknown paths show the not-found page; sign-out returns to /", async ({ page }) => {
    await signInAsDemo(page);
    await expect(page.getByTestId("role-label")).toHaveText("Owner");
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Welcome back, Eleanor!" })).toBeVisible();
    await page.getByRole("link", { name: "Sign out" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await expect(page.getByTestId("landing-header").getByRole("link", { name: "Start Free Trial" })).toBeVisible();
  });

  test("the skip link leads to the main content", async ({ page }) => {
    await signInAsDemo(page);
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "Skip to content" })).toBeFocused();
  });
});
