import { describe, expect, it } from "vitest";
import { testServer } from "../helpers/test-server";
import { Client, latestMail, newAccount, registerUser } from "../helpers/client";

const baseUrl = testServer().baseUrl;

describe("account lifecycle against the real Worker", () => {
  it("register → verify → login → current user → logout → 401", async () => {
    const { client, account, userId } = await registerUser(baseUrl, "life");
    let me = await client.get("/api/auth/user");
    expect(me.status).toBe(200);
    expect(((await me.json()) as { emailVerified: boolean }).emailVerified).toBe(false);

    const mail = await latestMail(baseUrl, account.email);
    expect(mail?.subject).toBe("Verify your email address");
    const verify = await client.get(`/verify-email?token=${mail!.token}`);
    expect(await verify.text()).toContain("Thank you! Your email address is verified.");
    // A verification link works once.
    expect(await (await client.get(`/verify-email?token=${mail!.token}`)).text()).toContain("invalid, already used or expired");

    const fresh = new Client(baseUrl);
    const login = await fresh.postJson("/api/auth/login", { email: account.email.toUpperCase(), password: account.password });
    expect(login.status).toBe(200);
    const body = (await login.json()) as { success: boolean; sessionId: string; user: Record<string, unknown> };
    expect(body.success).toBe(true);
    expect(body.sessionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.user).toMatchObject({ id: userId, email: account.email, firstName: "Test", name: account.name, emailVerified: true });

    me = await fresh.get("/api/auth/user");
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({
      id: userId,
      email: account.email,
      firstName: "Test",
      lastName: "life Person",
      username: account.username,
      phone: null,
      profileImageUrl: null,
      workspace: null,
      role: null,
    });

    const oldCookie = fresh.cookieHeader();
    const logout = await fresh.get("/api/logout", { "Sec-Fetch-Site": "same-origin" });
    expect(logout.status).toBe(302);
    expect(logout.headers.get("Location")).toBe("/");
    expect(logout.headers.get("Set-Cookie")).toContain("Max-Age=0");
    // The server session is gone: even the old cookie, replayed, is refused.
    const after = await fresh.get("/api/auth/user", { Cookie: oldCookie });
    expect(after.status).toBe(401);
    expect(await after.json()).toEqual({ message: "Unauthorized" });
  });

  it("remember me sets a 30-day cookie; without it the cookie ends with the browser", async () => {
    const { account } = await registerUser(baseUrl, "remember");
    const a = new Client(baseUrl);
    const remembered = await a.postJson("/api/auth/login", { email: account.email, password: account.password, rememberMe: true });
    expect(remembered.headers.get("Set-Cookie")).toMatch(/HttpOnly/);
    expect(remembered.headers.get("Set-Cookie")).toMatch(/Max-Age=2592000/);
    const b = new Client(baseUrl);
    const plain = await b.postJson("/api/auth/login", { email: account.email, password: account.password });
    expect(plain.headers.get("Set-Cookie")).not.toMatch(/Max-Age/);
    expect(plain.headers.get("Set-Cookie")).toMatch(/SameSite=Lax/);
  });

  it("password reset through the outbox: single use, one hour, and every old session ends", async () => {
    const { client: first, account } = await registerUser(baseUrl, "reset");
    const second = new Client(baseUrl);
    await second.postJson("/api/auth/login", { email: account.email, password: account.password });
    expect((await second.get("/api/auth/user")).status).toBe(200);

    const request = await new Client(baseUrl).postJson("/api/auth/forgot-password", { email: account.email });
    expect(request.status).toBe(200);
    const mail = await latestMail(baseUrl, account.email);
    expect(mail?.subject).toBe("Reset your password");
    expect(mail?.link).toContain("/reset-password?token=");

    const page = await new Client(baseUrl).get(`/reset-password?token=${mail!.token}`);
    expect(await page.text()).toContain("Choose a new password");

    const newPassword = "N3w&Better!Pass";
    const reset = await new Client(baseUrl).postJson("/api/auth/reset-password", {
      token: mail!.token,
      password: newPassword,
      confirmPassword: newPassword,
    });
    expect(reset.status).toBe(200);

    expect((await first.get("/api/auth/user")).status).toBe(401);
    expect((await second.get("/api/auth/user")).status).toBe(401);
    const again = await new Client(baseUrl).postJson("/api/auth/reset-password", {
      token: mail!.token,
      password: "An0ther&Pass!!",
      confirmPassword: "An0ther&Pass!!",
    });
    expect(again.status).toBe(400);
    expect(((await again.json()) as { error: string }).error).toMatch(/invalid or has expired/);

    expect((await new Client(baseUrl).postJson("/api/auth/login", { email: account.email, password: account.password })).status).toBe(401);
    expect((await new Client(baseUrl).postJson("/api/auth/login", { email: account.email, password: newPassword })).status).toBe(200);
  });

  it("the reset form page works without JavaScript too", async () => {
    const { account } = await registerUser(baseUrl, "resetform");
    const client = new Client(baseUrl);
    await client.postJson("/api/auth/forgot-password", { email: account.email });
    const { token } = (await latestMail(baseUrl, account.email))!;
    const bad = await client.postForm(`/reset-password?token=${token}`, { token: token!, password: "short", confirmPassword: "short" });
    expect(bad.status).toBe(400);
    const ok = await client.postForm(`/reset-password?token=${token}`, {
      token: token!,
      password: "F0rm&Reset!Pass",
      confirmPassword: "F0rm&Reset!Pass",
    });
    expect(ok.status).toBe(302);
    expect(ok.headers.get("Location")).toBe("/login?notice=password-reset");
  });

  it("unknown e-mail and wrong password get the same answer", async () => {
    const { account } = await registerUser(baseUrl, "same");
    const wrong = await new Client(baseUrl).postJson("/api/auth/login", { email: account.email, password: "Wrong&Password1" });
    const unknown = await new Client(baseUrl).postJson("/api/auth/login", { email: `nobody-${account.email}`, password: "Wrong&Password1" });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await wrong.json()).toEqual(await unknown.json());

    const known = await new Client(baseUrl).postJson("/api/auth/forgot-password", { email: account.email });
    const missing = await new Client(baseUrl).postJson("/api/auth/forgot-password", { email: `nobody-${account.email}` });
    expect(known.status).toBe(missing.status);
    expect(await known.json()).toEqual(await missing.json());
  });

  it("repeated failures for one account answer 429, even with the right password afterwards", async () => {
    const { account } = await registerUser(baseUrl, "brute");
    for (let i = 0; i < 5; i++) {
      const r = await new Client(baseUrl).postJson("/api/auth/login", { email: account.email, password: `Wrong&Pass${i}` });
      expect(r.status).toBe(401);
    }
    const blocked = await new Client(baseUrl).postJson("/api/auth/login", { email: account.email, password: account.password });
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get("Retry-After")).toMatch(/^\d+$/);
    const body = (await blocked.json()) as { success: boolean; error: string };
    expect(body.success).toBe(false);
    expect(body.error).toMatch(/Too many failed sign-in attempts/);
  });

  it("repeated failures from one address answer 429 whatever the account", async () => {
    const attacker = new Client(baseUrl);
    let last = 0;
    for (let i = 0; i < 31; i++) {
      last = (await attacker.postJson("/api/auth/login", { email: `victim${i}@example.com`, password: "Guess&Word123" })).status;
    }
    expect(last).toBe(429);
    // Someone else, from another address, is not affected.
    const { account } = await registerUser(baseUrl, "bystander");
    expect((await new Client(baseUrl).postJson("/api/auth/login", { email: account.email, password: account.password })).status).toBe(200);
  });

  it("registration refuses a taken e-mail or username with a clear 409", async () => {
    const { account } = await registerUser(baseUrl, "dup");
    const again = await new Client(baseUrl).postJson("/api/auth/register", { ...newAccount("dup2"), email: account.email });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ success: false, error: "An account with this email already exists" });
    const sameName = await new Client(baseUrl).postJson("/api/auth/register", {
      ...newAccount("dup3"),
      username: account.username.toUpperCase(),
    });
    expect(sameName.status).toBe(409);
    expect(await sameName.json()).toMatchObject({ error: "This username is already taken" });
  });

  it("GET /api/login leads to the sign-in screen", async () => {
    const r = await new Client(baseUrl).get("/api/login");
    expect(r.status).toBe(302);
    expect(r.headers.get("Location")).toBe("/auth");
  });

  it("signing in without JavaScript posts the form and redirects with the cookie", async () => {
    const { account } = await registerUser(baseUrl, "nojs");
    const client = new Client(baseUrl);
    const r = await client.postForm("/auth", { intent: "login", email: account.email, password: account.password, redirectTo: "/chat" });
    expect(r.status).toBe(302);
    expect(r.headers.get("Location")).toBe("/chat");
    expect((await client.get("/api/auth/user")).status).toBe(200);
    const bad = await new Client(baseUrl).postForm("/auth", { intent: "login", email: "nope", password: "x" });
    expect(bad.status).toBe(400);
    const html = await bad.text();
    expect(html).toContain("Invalid email address");
    expect(html).toContain("Password must be at least 8 characters");
  });
});
