// What the meeting browser tests share: browsers with Chromium's fake camera and microphone, signed in as the demo family.
import { chromium, type Browser, type Page } from "@playwright/test";
import config from "../../playwright.config";
import { clientAddressHeaders, serverOrigin, signInAsDemo } from "./support";

export const JAMES = "james@hartwell.example";
export const SOPHIE = "sophie@hartwell.example";

/** A browser whose camera and microphone are Chromium's test pattern and tone, allowed without asking. */
export async function fakeMediaBrowser(): Promise<Browser> {
  const launch = config.use?.launchOptions ?? {};
  return chromium.launch({ ...launch, args: [...(launch.args ?? []), "--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream"] });
}

/** A page of its own (own client address, camera allowed), signed in as Eleanor or the given demo member. */
export async function signedIn(browser: Browser, email?: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, baseURL: serverOrigin() });
  await context.grantPermissions(["camera", "microphone"]);
  await context.setExtraHTTPHeaders(clientAddressHeaders());
  const page = await context.newPage();
  await signInAsDemo(page, email ? { email } : {});
  return page;
}
