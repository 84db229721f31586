import { describe, expect, it } from "vitest";
import { randomToken, sha256Hex } from "~/platform/crypto.server";
import { clearSessionCookie, readSessionToken, REMEMBER_ME_MS, serializeSessionCookie } from "./session.server";
import { initialTab } from "./client";

const request = (url: string, cookie?: string) => new Request(url, { headers: cookie ? { Cookie: cookie } : {} });

describe("session tokens", () => {
  it("are 256-bit random base64url strings, stored only as a SHA-256", async () => {
    const a = randomToken();
    const b = randomToken();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a).not.toBe(b);
    expect(await sha256Hex(a)).toMatch(/^[0-9a-f]{64}$/);
  });

  it("remember me lasts 30 days; otherwise the cookie ends with the browser", () => {
    expect(REMEMBER_ME_MS).toBe(30 * 24 * 3600 * 1000);
    const remembered = serializeSessionCookie("t", { secure: false, remember: true });
    expect(remembered).toContain("Max-Age=2592000");
    const browserSession = serializeSessionCookie("t", { secure: false, remember: false });
    expect(browserSession).not.toContain("Max-Age");
    for (const cookie of [remembered, browserSession]) {
      expect(cookie).toContain("HttpOnly");
      expect(cookie).toContain("SameSite=Lax");
    }
  });

  it("is Secure with the __Host- prefix over https only", () => {
    expect(serializeSessionCookie("t", { secure: true, remember: false })).toMatch(/^__Host-session=t;.*Secure/);
    expect(serializeSessionCookie("t", { secure: false, remember: false })).not.toContain("Secure");
    expect(clearSessionCookie(false)).toContain("Max-Age=0");
  });

  it("reads only a well-formed token from the right cookie", () => {
    const token = randomToken();
    expect(readSessionToken(request("http://localhost/", `a=b; session=${token}`))).toBe(token);
    expect(readSessionToken(request("https://x.test/", `__Host-session=${token}`))).toBe(token);
    expect(readSessionToken(request("https://x.test/", `session=${token}`))).toBeNull();
    expect(readSessionToken(request("http://localhost/", "session=short"))).toBeNull();
    expect(readSessionToken(request("http://localhost/"))).toBeNull();
  });
});

describe("authentication screen tab by path (spec section 2)", () => {
  it.each([
    ["/auth", "login"],
    ["/login", "login"],
    ["/register", "register"],
    ["/forgot-password", "reset"],
  ])("%s opens %s", (path, tab) => expect(initialTab(path)).toBe(tab));
});
