import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Cookie, type Page } from "@playwright/test";

export const DEMO = { email: "eleanor@hartwell.example", password: "Hartwell@Demo2026" };

/**
 * The origin of the server this test runs against. The browser tests run in two halves, each on a server and
 * database of its own (playwright.config.ts), so a test asks its project, never the config's default.
 */
export function serverOrigin(): string {
  return new URL(test.info().project.use.baseURL!).origin;
}

export function randomClientAddress() {
  return `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;
}

/**
 * The headers with which a test names its client address: CF-Connecting-IP, vouched for by the run's key
 * (playwright.config.ts). Without the key the Worker ignores CF-Connecting-IP outside production (every request is
 * loopback then: app/platform/request-context.server.ts).
 */
export function clientAddressHeaders(ip = randomClientAddress()): Record<string, string> {
  const key = process.env.DEV_CLIENT_ADDRESS_KEY;
  return { "CF-Connecting-IP": ip, ...(key ? { "X-Dev-Client-Address-Key": key } : {}) };
}

/** Each test gets its own client address so the sign-in limits of one never touch another. */
export function isolateClientAddress() {
  test.beforeEach(async ({ context }) => {
    await context.setExtraHTTPHeaders(clientAddressHeaders());
  });
}

export async function hydrated(page: Page, path: string) {
  await page.goto(path);
  await untilHydrated(page);
}

/**
 * Loads the page again and waits for React to own it. A click on a page that is not hydrated yet is lost (a menu
 * button) or goes to the browser instead (a form posts natively and a new document, not yet hydrated, replaces it).
 */
export async function reloadHydrated(page: Page) {
  await page.reload();
  await untilHydrated(page);
}

async function untilHydrated(page: Page) {
  await page.waitForFunction(() => (window as unknown as { __remixRouter?: unknown }).__remixRouter !== undefined);
  // The router exists before React has hydrated the page: wait until React owns the body too, so a click
  // right away reaches React's handlers (a filter button pressed earlier was occasionally lost).
  await page.waitForFunction(() => Object.keys(document.body).some((key) => key.startsWith("__reactFiber")));
}

/**
 * The session cookies of sign-ins this test worker has made, by server and person. Signing in through the form takes
 * a page load, a password check and a redirect; most tests only need to be someone, so they reuse that person's session
 * (issue 43). The form itself is tested where sign-in is the subject (auth.spec.ts, second-factor.spec.ts, shell's tour).
 */
const sessions = new Map<string, Cookie[]>();

/** Signs in as the demo owner (or a demo member) and lands on /chat; the tour markers are set first unless a test wants the tour. */
export async function signInAsDemo(page: Page, { skipTour = true, email = DEMO.email }: { skipTour?: boolean; email?: string } = {}) {
  const key = `${serverOrigin()} ${email}`;
  const kept = skipTour ? sessions.get(key) : undefined;
  if (kept && (await resumeSession(page, kept))) return;
  await hydrated(page, "/auth");
  if (skipTour) await page.evaluate(() => localStorage.setItem("onboarding-completed", "true"));
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(DEMO.password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await page.waitForURL("**/chat");
  sessions.set(
    key,
    (await page.context().cookies()).filter((cookie) => /^(__Host-)?session$/.test(cookie.name)),
  );
}

/** Puts a kept session into this test's browser and opens /chat; false if the server no longer knows the session. */
async function resumeSession(page: Page, cookies: Cookie[]) {
  await page.context().addCookies(cookies);
  // The tour's marker lives in the origin's local storage: set on a small page of the origin before /chat can start it.
  await page.goto("/favicon.svg");
  await page.evaluate(() => localStorage.setItem("onboarding-completed", "true"));
  // Hydrated, as a sign-in through the form leaves it by the time a test goes on: a page still hydrating writes the
  // language and look it started with into local storage, over what the test sets next (applyLook).
  await page.goto("/chat");
  if (new URL(page.url()).pathname !== "/chat") return forget(page);
  await untilHydrated(page);
  return true;
}

/** Signed out, revoked or expired by an earlier test: the session is dropped, and the form signs in again. */
async function forget(page: Page) {
  await page.context().clearCookies({ name: /^(__Host-)?session$/ });
  return false;
}

/** A new person with a new, empty family workspace, signed in (documents tests must not share data). */
export async function startFamily(page: Page, trustName: string) {
  const id = `doc${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  await page.goto("/customer-signup");
  await page.evaluate(() => localStorage.setItem("onboarding-completed", "true"));
  const response = await page.request.post("/customer-signup", {
    form: {
      name: "Rosa Alvarez",
      username: id,
      email: `${id}@example.com`,
      password: "Tr0ub4dor&Horse!",
      confirmPassword: "Tr0ub4dor&Horse!",
      trustName,
      role: "owner",
      jurisdiction: "California, USA",
    },
    // Its own client address: sign-ups are limited per address, and every test family is a sign-up.
    headers: { Origin: new URL(page.url()).origin, ...clientAddressHeaders() },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
}

/**
 * axe for one page, as the tests use it: violations only (gathering what passed is most of axe's time on a long
 * page), and legacy mode, which runs in the page itself instead of opening a blank page to merge frame results for
 * every check; it also never waits on a frame without scripts (the e-mail preview), where the newer mode hung.
 */
export function axeCheck(page: Page) {
  return new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ["violations"] });
}

/** Display preferences (language, theme, dark mode) for the pages this page opens next: kept where the app reads them. */
export async function applyLook(page: Page, settings: Readonly<Record<string, string>>) {
  // After hydration: hydrating stores the look the page started with, which would overwrite these.
  await untilHydrated(page);
  await page.evaluate((values) => {
    for (const [key, value] of Object.entries(values)) {
      localStorage.setItem(key, value);
      document.cookie = `${key}=${value}; path=/`;
    }
  }, settings);
}
