// People for the /admin and /profile tests: each test signs up its own owner with its own workspace and invites its own
// members, so nothing in the shared demo workspace changes and no two tests meet.
import { expect, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { axeCheck, clientAddressHeaders, hydrated, serverOrigin } from "./support";

export const PASSWORD = "Tr0ub4dor&Horse!";

/** What the device list reads from these: "Chrome on Linux", "Firefox on Windows", "Safari on macOS". */
export const USER_AGENTS = {
  chromeOnLinux: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
  firefoxOnWindows: "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0",
  safariOnMac: "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15",
} as const;

export interface Person {
  context: BrowserContext;
  page: Page;
  name: string;
  email: string;
}

export const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

/** A browser of its own, from its own client address (sign-in and sign-up limits are per address), past the tour. */
export async function newBrowserContext(browser: Browser, options: { userAgent?: string; viewport?: { width: number; height: number } } = {}) {
  const context = await browser.newContext(options);
  await context.setExtraHTTPHeaders(clientAddressHeaders());
  await context.addInitScript(() => {
    try {
      localStorage.setItem("onboarding-completed", "true");
    } catch {
      /* about:blank has no storage */
    }
  });
  return context;
}

/** A new person who owns a new family workspace, signed in there. */
export async function signUpOwner(browser: Browser, { name, trustName, userAgent }: { name: string; trustName: string; userAgent?: string }): Promise<Person> {
  const context = await newBrowserContext(browser, { userAgent });
  const username = unique("own");
  const email = `${username}@example.com`;
  const response = await context.request.post("/customer-signup", {
    form: { name, username, email, password: PASSWORD, confirmPassword: PASSWORD, trustName, role: "owner", jurisdiction: "California, USA" },
    headers: { Origin: serverOrigin() },
    maxRedirects: 0,
  });
  expect(response.status(), "the owner's sign-up").toBe(302);
  return { context, page: await context.newPage(), name, email };
}

/** Invites a new person into the owner's current workspace, reads the link in the development outbox and joins with it in a browser of their own. */
export async function inviteAndJoin(browser: Browser, owner: Person, { name, role }: { name: string; role: string }): Promise<Person> {
  const username = unique("mem");
  const email = `${username}@example.com`;
  const invited = await owner.context.request.post("/admin", { form: { email, role }, headers: { Origin: serverOrigin() } });
  expect(invited.status(), "the invitation").toBe(200);
  const context = await newBrowserContext(browser);
  await joinWithInvitation(context, { name, username, email });
  return { context, page: await context.newPage(), name, email };
}

/** Accepts the invitation mailed to `email` as a new account, in `context`. */
export async function joinWithInvitation(context: BrowserContext, { name, username, email }: { name: string; username: string; email: string }) {
  const outbox = await (await context.request.get("/dev/outbox")).text();
  const mail = outbox.split('data-testid="outbox-mail"').find((article) => article.includes(`>${email}<`));
  const link = mail?.match(/href="(https?:\/\/[^"]+)"/)?.[1]?.replace(/&amp;/g, "&");
  const token = link ? new URL(link).searchParams.get("token") : null;
  expect(token, `an invitation mailed to ${email}`).toBeTruthy();
  const accepted = await context.request.post(`/invite-signup?token=${token}`, {
    form: { name, username, email, password: PASSWORD, confirmPassword: PASSWORD },
    headers: { Origin: serverOrigin() },
    maxRedirects: 0,
  });
  expect(accepted.status(), "joining with the invitation").toBe(302);
}

/** Signs in through the sign-in form, as a person would. */
export async function signInWithForm(page: Page, email: string, password = PASSWORD) {
  await hydrated(page, "/auth");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await page.waitForURL("**/chat");
}

/** The signed-in person's own id. */
export async function userIdOf(context: BrowserContext): Promise<string> {
  const response = await context.request.get("/api/auth/user");
  expect(response.status()).toBe(200);
  return ((await response.json()) as { id: string }).id;
}

/**
 * Records the close code of every socket the context's pages open, across reloads (a binding outlives the page
 * that called it): how the server ending someone's access is seen from their side.
 */
export async function recordSocketCloses(context: BrowserContext): Promise<number[]> {
  const codes: number[] = [];
  await context.exposeBinding("__socketClosed", (_source, code: number) => void codes.push(code));
  await context.addInitScript(() => {
    const Native = window.WebSocket;
    class Recorded extends Native {
      constructor(url: string | URL, protocols?: string | string[]) {
        super(url, protocols);
        this.addEventListener("close", (event) => (window as unknown as { __socketClosed: (code: number) => void }).__socketClosed(event.code));
      }
    }
    window.WebSocket = Recorded;
  });
  return codes;
}

/** The page's live connection is open (the bell says so). */
export async function realtimeConnected(page: Page) {
  await expect(page.getByTestId("notifications-button")).toHaveAttribute("data-realtime", "connected");
}

export async function seriousViolations(page: Page): Promise<string[]> {
  const results = await axeCheck(page).include("main").analyze();
  return results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`);
}

export const memberRow = (page: Page, email: string) => page.getByRole("region", { name: "Members" }).getByTestId("member-row").filter({ hasText: email });
