// Second factors (issue 25, ADR 0036) against the real Worker: enrolment, the sign-in's second step for the JSON
// API and the form, single-use recovery codes, removal that asks again, the owner's workspace requirement, the audit.
import { describe, expect, it } from "vitest";
import { testServer } from "../helpers/test-server";
import { Client, registerUser, STRONG_PASSWORD } from "../helpers/client";
import { codeAt, enrolTotp } from "../helpers/second-factor";
import { addMember, sql as sqlAt, startWorkspace } from "../helpers/workspace";

const baseUrl = testServer().baseUrl;
const persistTo = testServer().persistTo;
const sql = (query: string) => sqlAt(persistTo, query);

/** The password step of a fresh browser: it must owe a second factor and hold no session yet. */
async function passwordStep(email: string) {
  const client = new Client(baseUrl);
  const response = await client.postJson("/api/auth/login", { email, password: STRONG_PASSWORD });
  expect(response.status).toBe(200);
  const body = (await response.json()) as Record<string, unknown>;
  expect(body).toMatchObject({ success: false, secondFactorRequired: true });
  expect(client.cookies.has("signin-2fa")).toBe(true);
  expect(client.cookies.has("session")).toBe(false);
  return { client, body };
}

describe("second factors: the authenticator app and recovery codes", () => {
  it("enrols with a computed code; sign-in then needs it; a wrong code is refused; a recovery code works once", async () => {
    const { client, account, userId } = await registerUser(baseUrl, "totp");
    const before = (await (await client.get("/api/auth/factors")).json()) as Record<string, unknown>;
    expect(before).toMatchObject({ success: true, totp: null, passkeys: [], recoveryCodesLeft: 0, methods: [] });

    // Confirming before any setup, and a wrong first code, are refused with a sentence.
    const early = await client.postJson("/api/auth/factors/totp-confirm", { code: "123456", password: STRONG_PASSWORD });
    expect(early.status).toBe(409);
    expect(await early.json()).toMatchObject({ success: false, error: "No authenticator app is waiting to be confirmed. Start the setup again." });

    const setup = await client.postJson("/api/auth/factors/totp-setup", {});
    const { secret, uri, qr } = (await setup.json()) as { secret: string; uri: string; qr: string };
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toMatch(/^otpauth:\/\/totp\/.*secret=/);
    expect(qr).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(atob(qr.split(",")[1])).toContain("<svg");

    const wrongFirst = await client.postJson("/api/auth/factors/totp-confirm", { code: codeAt(secret, 600), password: STRONG_PASSWORD });
    expect(wrongFirst.status).toBe(400);
    expect(((await wrongFirst.json()) as { fieldErrors: { code: string[] } }).fieldErrors.code[0]).toMatch(/^That code does not match/);
    const notACode = await client.postJson("/api/auth/factors/totp-confirm", { code: "abc", password: STRONG_PASSWORD });
    expect(notACode.status).toBe(400);
    // A session alone (stolen, or left open) cannot bind an app: the password is asked too.
    const noPassword = await client.postJson("/api/auth/factors/totp-confirm", { code: codeAt(secret) });
    expect(noPassword.status).toBe(400);
    expect(await noPassword.json()).toMatchObject({ fieldErrors: { password: ["Enter your current password"] } });
    const wrongPassword = await client.postJson("/api/auth/factors/totp-confirm", { code: codeAt(secret), password: "Wrong&Password1" });
    expect(wrongPassword.status).toBe(400);
    expect(await wrongPassword.json()).toMatchObject({ fieldErrors: { password: ["Your current password is not correct"] } });

    const confirmed = await client.postJson("/api/auth/factors/totp-confirm", { code: codeAt(secret), password: STRONG_PASSWORD });
    expect(confirmed.status).toBe(200);
    const { recoveryCodes } = (await confirmed.json()) as { recoveryCodes: string[] };
    expect(recoveryCodes).toHaveLength(10);
    expect(recoveryCodes[0]).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    // The session that enrolled stays signed in.
    expect((await client.get("/api/auth/user")).status).toBe(200);

    // The password alone now signs nobody in: no session, no user, and the spec's fields say so.
    const { client: browser, body } = await passwordStep(account.email);
    expect(body.secondFactorMethods).toEqual(["totp", "recovery_code"]);
    expect(body.error).toMatch(/authenticator app/);
    expect(body).not.toHaveProperty("sessionId");
    expect(body).not.toHaveProperty("user");
    expect((await browser.get("/api/auth/user")).status).toBe(401);
    expect((await browser.get("/dashboard")).headers.get("Location")).toMatch(/^\/auth\?redirectTo=/);

    // Bad input: a clear 400; a wrong code: a clear 401 (and still the pending step).
    const shapeless = await browser.postJson("/api/auth/second-factor", { code: "12345" });
    expect(shapeless.status).toBe(400);
    expect(await shapeless.json()).toMatchObject({ success: false, error: expect.stringMatching(/6-digit code/) });
    expect((await browser.postJson("/api/auth/second-factor", {})).status).toBe(400);
    expect((await browser.postJson("/api/auth/second-factor", { code: "123456", admin: true })).status).toBe(400);
    expect((await browser.postJson("/api/auth/second-factor", "not json")).status).toBe(400);
    const wrong = await browser.postJson("/api/auth/second-factor", { code: codeAt(secret, 600) });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({
      success: false,
      error: "That code is not correct or has already been used. Check it and try again.",
      fieldErrors: { code: ["That code is not correct or has already been used. Check it and try again."] },
    });
    expect((await browser.get("/api/auth/user")).status).toBe(401);

    // The next step's code (the enrolment spent this one) completes the sign-in with the spec's answer.
    const nextCode = codeAt(secret, 30);
    const done = await browser.postJson("/api/auth/second-factor", { code: nextCode });
    expect(done.status).toBe(200);
    expect(await done.json()).toMatchObject({ success: true, sessionId: expect.stringMatching(/^[0-9a-f-]{36}$/), user: { id: userId } });
    expect(browser.cookies.has("session")).toBe(true);
    expect(browser.cookies.has("signin-2fa")).toBe(false);
    expect((await browser.get("/api/auth/user")).status).toBe(200);

    // The same code again (another sign-in within its minute) is refused: no replay.
    const { client: replayer } = await passwordStep(account.email);
    expect((await replayer.postJson("/api/auth/second-factor", { code: nextCode })).status).toBe(401);

    // A recovery code signs in once, then never again.
    const { client: lostPhone } = await passwordStep(account.email);
    expect((await lostPhone.postJson("/api/auth/second-factor", { code: recoveryCodes[0].toUpperCase() })).status).toBe(200);
    const { client: again } = await passwordStep(account.email);
    expect((await again.postJson("/api/auth/second-factor", { code: recoveryCodes[0] })).status).toBe(401);
    expect(await (await client.get("/api/auth/factors")).json()).toMatchObject({ recoveryCodesLeft: 9, recoveryCodesStale: false });
    // Stored keyed, with the pepper's number: a code made before a rotation is told apart, and the profile asks for new ones.
    const stored = sql(`SELECT id, code_hash FROM recovery_codes WHERE user_id = '${userId}' AND used_at IS NULL`);
    expect(stored.every((row) => /^p1\.[A-Za-z0-9_-]{43}$/.test(String(row.code_hash)))).toBe(true);
    expect(JSON.stringify(stored)).not.toContain(recoveryCodes[1]!.replace("-", ""));
    sql(`UPDATE recovery_codes SET code_hash = 'p0.' || substr(code_hash, 4) WHERE id = '${String(stored[stored.length - 1]!.id)}'`);
    expect(await (await client.get("/api/auth/factors")).json()).toMatchObject({ recoveryCodesLeft: 9, recoveryCodesStale: true });
    sql(`UPDATE recovery_codes SET code_hash = 'p1.' || substr(code_hash, 4) WHERE id = '${String(stored[stored.length - 1]!.id)}'`);

    // Without JavaScript: the /auth form asks for the code after the password and only then signs in.
    const form = new Client(baseUrl);
    const step = await form.postForm("/auth", { intent: "login", email: account.email, password: STRONG_PASSWORD, redirectTo: "/dashboard" });
    expect(step.status).toBe(200);
    expect(await step.text()).toContain("Two-step verification");
    expect(form.cookies.has("session")).toBe(false);
    expect((await form.get("/api/auth/user")).status).toBe(401);
    const formWrong = await form.postForm("/auth", { intent: "second-factor", code: codeAt(secret, 600), redirectTo: "/dashboard" });
    expect(formWrong.status).toBe(401);
    expect(await formWrong.text()).toContain("That code is not correct or has already been used.");
    const formDone = await form.postForm("/auth", { intent: "second-factor", code: recoveryCodes[1], redirectTo: "/dashboard" });
    expect(formDone.status).toBe(302);
    expect(formDone.headers.get("Location")).toBe("/dashboard");
    expect((await form.get("/api/auth/user")).status).toBe(200);

    // Every step is in the audit log, without a secret or a code in it.
    const rows = sql(`SELECT action, outcome, metadata FROM audit_log WHERE actor_user_id = '${userId}' ORDER BY created_at`);
    const seen = rows.map((r) => `${String(r.action)}:${String(r.outcome)}`);
    expect(seen).toEqual(
      expect.arrayContaining([
        "auth.totp_enabled:failure",
        "auth.totp_enabled:success",
        "auth.recovery_codes_generated:success",
        "auth.second_factor_asked:success",
        "auth.second_factor:failure",
        "auth.second_factor:success",
        "auth.login:success",
      ]),
    );
    const used = rows.filter((r) => r.action === "auth.second_factor" && r.outcome === "success").map((r) => JSON.parse(String(r.metadata)).method);
    expect(used).toEqual(expect.arrayContaining(["totp", "recovery_code"]));
    const all = JSON.stringify(rows);
    expect(all).not.toContain(secret);
    expect(all).not.toContain(recoveryCodes[0]);
    expect(all).not.toContain(nextCode);
  });

  it("a pending sign-in takes five wrong codes, then the password is asked again", async () => {
    const { client, account } = await registerUser(baseUrl, "attempts");
    const { secret } = await enrolTotp(client);
    const { client: guesser } = await passwordStep(account.email);
    for (let i = 0; i < 4; i++) expect((await guesser.postJson("/api/auth/second-factor", { code: codeAt(secret, 900 + i * 60) })).status).toBe(401);
    const fifth = await guesser.postJson("/api/auth/second-factor", { code: codeAt(secret, 1200) });
    expect(fifth.status).toBe(401);
    expect(await fifth.json()).toMatchObject({ restart: true, error: "Too many wrong codes for this sign-in. Please enter your email and password again." });
    // Even the right code is too late now: that pending sign-in is gone.
    const late = await guesser.postJson("/api/auth/second-factor", { code: codeAt(secret, 30) });
    expect(late.status).toBe(401);
    expect(await late.json()).toMatchObject({ restart: true });
    // Without any pending step there is nothing to complete.
    expect((await new Client(baseUrl).postJson("/api/auth/second-factor", { code: "123456" })).status).toBe(401);
  });

  it("removing the app asks for the password and a current code again", async () => {
    const { client, account, userId } = await registerUser(baseUrl, "remove");
    const { recoveryCodes } = await enrolTotp(client);

    const wrongPassword = await client.postJson("/api/auth/factors/totp-remove", { password: "Wrong&Password1", code: recoveryCodes[0] });
    expect(wrongPassword.status).toBe(400);
    expect(await wrongPassword.json()).toMatchObject({ fieldErrors: { password: ["Your current password is not correct"] } });
    const noCode = await client.postJson("/api/auth/factors/totp-remove", { password: STRONG_PASSWORD });
    expect(noCode.status).toBe(400);
    expect(await noCode.json()).toMatchObject({ fieldErrors: { code: [expect.stringMatching(/^Enter a current code/)] } });
    const wrongCode = await client.postJson("/api/auth/factors/totp-remove", { password: STRONG_PASSWORD, code: "000000" });
    expect(wrongCode.status).toBe(400);
    expect((await client.postJson("/api/auth/factors/totp-remove", { passwort: STRONG_PASSWORD })).status).toBe(400);

    // The password and a recovery code (the app's code of this minute was spent by the enrolment).
    expect((await client.postJson("/api/auth/factors/totp-remove", { password: STRONG_PASSWORD, code: recoveryCodes[0] })).status).toBe(200);
    expect(await (await client.get("/api/auth/factors")).json()).toMatchObject({ totp: null, recoveryCodesLeft: 0, methods: [] });
    // With no factor left the password signs in again by itself.
    const plain = await new Client(baseUrl).postJson("/api/auth/login", { email: account.email, password: STRONG_PASSWORD });
    expect(await plain.json()).toMatchObject({ success: true });

    const rows = sql(
      `SELECT action, outcome FROM audit_log WHERE actor_user_id = '${userId}' AND action IN ('auth.second_factor_reverify', 'auth.totp_disabled')`,
    );
    expect(rows.filter((r) => r.action === "auth.second_factor_reverify" && r.outcome === "failure").length).toBeGreaterThanOrEqual(3);
    expect(rows.some((r) => r.action === "auth.totp_disabled" && r.outcome === "success")).toBe(true);
  });

  it("passkeys: options come from PUBLIC_ORIGIN, a forged response is refused, a challenge is used once", async () => {
    const { client } = await registerUser(baseUrl, "passkey");
    // The browser's prompt only comes after the password: no challenge for a session alone.
    expect((await client.postJson("/api/auth/factors/passkey-options", {})).status).toBe(400);
    expect((await client.postJson("/api/auth/factors/passkey-options", { password: "Wrong&Password1" })).status).toBe(400);
    const options = await client.postJson("/api/auth/factors/passkey-options", { password: STRONG_PASSWORD });
    expect(options.status).toBe(200);
    const { options: creation } = (await options.json()) as { options: { rp: { id: string }; challenge: string; user: { name: string } } };
    expect(creation.rp.id).toBe(new URL(baseUrl).hostname);
    expect(creation.challenge).toMatch(/^[A-Za-z0-9_-]{20,}$/);

    const forged = { id: "AAAA", rawId: "AAAA", type: "public-key", response: { clientDataJSON: "e30", attestationObject: "oA" }, clientExtensionResults: {} };
    const refused = await client.postJson("/api/auth/factors/passkey-register", { response: forged, name: "Forged" });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: "The passkey could not be verified. Please try again." });
    const reused = await client.postJson("/api/auth/factors/passkey-register", { response: forged, name: "Forged" });
    expect(await reused.json()).toMatchObject({ error: "The passkey request has expired. Please try again." });
    const noName = await client.postJson("/api/auth/factors/passkey-register", { response: forged, name: "" });
    expect(noName.status).toBe(400);
    expect((await client.postJson("/api/auth/factors/passkey-remove", { passkeyId: crypto.randomUUID(), password: STRONG_PASSWORD })).status).toBe(404);
    expect((await client.postJson("/api/auth/factors/no-such-thing", {})).status).toBe(404);
    // A sign-in passkey request without a pending step starts over.
    const stray = await new Client(baseUrl).postJson("/api/auth/second-factor/passkey", {});
    expect(stray.status).toBe(401);
    expect(await stray.json()).toMatchObject({ restart: true });
  });
});

describe("second factors: the owner's requirement for the workspace", () => {
  it("members without a factor are led to enrol before they can use the workspace", async () => {
    const owner = await startWorkspace(baseUrl, "sfowner", "The Second Factor Trust");
    const member = await addMember(baseUrl, owner.client, "beneficiary", "sfmember");

    // The owner must have a factor first; a member may not change it; bad input is a 400.
    const tooSoon = await owner.client.postJson("/api/workspaces/second-factor", { required: true });
    expect(tooSoon.status).toBe(409);
    expect(await tooSoon.json()).toMatchObject({ error: "Set up a second factor for yourself on your profile before requiring one of everyone." });
    expect((await member.client.postJson("/api/workspaces/second-factor", { required: true })).status).toBe(403);
    expect((await owner.client.postJson("/api/workspaces/second-factor", { required: "yes" })).status).toBe(400);

    await enrolTotp(owner.client);
    // Enrolling ended the owner's other sessions only; this one goes on.
    expect((await owner.client.postJson("/api/workspaces/second-factor", { required: true })).status).toBe(200);
    const policy = (await (await owner.client.get("/api/workspaces/second-factor")).json()) as { required: boolean; membersWithout: { userId: string }[] };
    expect(policy.required).toBe(true);
    expect(policy.membersWithout.map((m) => m.userId)).toEqual([member.me.id]);

    // The member's session still exists, but nothing of the workspace answers until they enrol.
    const recent = await member.client.get("/api/legal/documents/recent");
    expect(recent.status).toBe(403);
    expect(await recent.json()).toMatchObject({
      success: false,
      secondFactorSetupRequired: true,
      error: "The Second Factor Trust requires a second factor. Set up an authenticator app or a passkey on your profile to continue.",
    });
    const page = await member.client.get("/dashboard");
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toBe("/profile?secondFactor=required#second-factor");
    const me = (await (await member.client.get("/api/auth/user")).json()) as { workspace: unknown };
    expect(me.workspace).toBeNull();
    const profile = await member.client.get("/profile");
    expect(profile.status).toBe(200);
    expect(await profile.text()).toContain("The Second Factor Trust requires a second factor.");

    const { recoveryCodes } = await enrolTotp(member.client);
    expect((await member.client.get("/api/legal/documents/recent")).status).toBe(200);
    expect(((await (await member.client.get("/api/auth/user")).json()) as { workspace: { role: string } }).workspace.role).toBe("beneficiary");
    // Their only factor cannot go while the workspace requires one.
    const removal = await member.client.postJson("/api/auth/factors/totp-remove", { password: STRONG_PASSWORD, code: recoveryCodes[0] });
    expect(removal.status).toBe(409);
    expect(await removal.json()).toMatchObject({ error: "The Second Factor Trust requires a second factor. Add another one before removing this one." });

    // Turning it off is the owner's too, and both changes are audited in the workspace.
    expect((await owner.client.postJson("/api/workspaces/second-factor", { required: false })).status).toBe(200);
    const rows = sql(`SELECT action FROM audit_log WHERE workspace_id = '${owner.me.workspace.id}' AND action LIKE 'workspace.second_factor%'`);
    expect(rows.map((r) => r.action)).toEqual(expect.arrayContaining(["workspace.second_factor_required", "workspace.second_factor_optional"]));
  });
});
