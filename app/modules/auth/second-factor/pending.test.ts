import { describe, expect, it } from "vitest";
import { clearPendingCookie, PENDING_TTL_MS, readPendingToken, serializePendingCookie } from "./pending.server";
import { readSessionToken } from "../session.server";
import { randomToken } from "~/platform/crypto.server";

const request = (url: string, cookie?: string) => new Request(url, { headers: cookie ? { Cookie: cookie } : {} });

describe("the pending second-factor step's cookie", () => {
  it("is its own short-lived, HttpOnly, SameSite=Strict cookie", () => {
    const cookie = serializePendingCookie("t", false);
    expect(cookie).toMatch(/^signin-2fa=t;/);
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Strict");
    expect(cookie).toContain(`Max-Age=${PENDING_TTL_MS / 1000}`);
    expect(serializePendingCookie("t", true)).toMatch(/^__Host-signin-2fa=t;.*Secure/);
    expect(clearPendingCookie(false)).toContain("Max-Age=0");
  });

  it("is never read as a session, and a session is never read as it", () => {
    const token = randomToken();
    expect(readPendingToken(request("http://localhost/", `signin-2fa=${token}`))).toBe(token);
    expect(readSessionToken(request("http://localhost/", `signin-2fa=${token}`))).toBeNull();
    expect(readPendingToken(request("http://localhost/", `session=${token}`))).toBeNull();
    expect(readPendingToken(request("http://localhost/", "signin-2fa=short"))).toBeNull();
  });
});
