import { beforeAll, describe, expect, it } from "vitest";
import { testServer } from "../helpers/test-server";
import { Client } from "../helpers/client";
import { runCron as runCronOnce } from "../helpers/cron";
import { addMember, sql as runSql, startWorkspace } from "../helpers/workspace";

// /email-personalization (issue 21): the family's look and intros, previews in every language, test sends, resets,
// digests, and unsubscribe links that work (RFC 8058 one-click included); security mail keeps the product's look.
const baseUrl = testServer().baseUrl;
const sqlUrl = testServer().sqlUrl;
const sql = (query: string) => runSql(sqlUrl, query);

type Person = Awaited<ReturnType<typeof addMember>>;
const send = (client: Client, method: string, path: string, body?: unknown) =>
  client.fetch(path, {
    method,
    headers: { "Content-Type": "application/json", Origin: client.origin },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
const json = async <T = Record<string, unknown>>(response: Response) => (await response.json()) as T;
const runCron = () => runCronOnce(baseUrl);
const mailsTo = (address: string, kind: string) =>
  sql(`SELECT subject, text_body, html_body, headers FROM mail_outbox WHERE to_address = '${address}' AND kind = '${kind}' ORDER BY created_at`) as {
    subject: string;
    text_body: string;
    html_body: string | null;
    headers: string | null;
  }[];

describe("email personalization", () => {
  let owner: Awaited<ReturnType<typeof startWorkspace>>;
  let member: Person;
  let beneficiary: Person;
  const changeRole = async (who: Person, role: string) =>
    expect((await send(owner.client, "PATCH", `/api/workspaces/members/${who.me.id}`, { role })).status).toBe(200);

  beforeAll(async () => {
    owner = await startWorkspace(baseUrl, "emowner", "Personal Mail Trust");
    member = await addMember(baseUrl, owner.client, "family_member", "emmember");
    beneficiary = await addMember(baseUrl, owner.client, "beneficiary", "embenef");
  });

  it("lists the product's seven e-mails to owners; others get their own settings only", async () => {
    const list = await owner.client.get("/api/email/templates");
    expect(list.status).toBe(200);
    const body = await json<{ templates: { key: string; security: boolean; unsubscribable: boolean }[]; fields: string[]; languages: unknown[] }>(list);
    expect(body.templates.map((t) => t.key)).toEqual(["verify_email", "reset_password", "invitation", "notification", "reminder", "digest", "message"]);
    expect(body.templates.filter((t) => t.security).map((t) => t.key)).toEqual(["verify_email", "reset_password"]);
    expect(body.fields).toContain("recipient.firstName");
    expect(body.languages).toHaveLength(12);
    const refused = await member.client.get("/api/email/templates");
    expect(refused.status).toBe(403);
    expect((await json<{ error: string }>(refused)).error).toBe("Only the workspace's owners change how the family's e-mails look.");
    expect((await send(member.client, "PUT", "/api/email/templates/notification", { intro: "Hi" })).status).toBe(403);
    expect((await member.client.get("/api/email/settings")).status).toBe(200);
  });

  it("refuses unknown merge fields by name, unknown e-mails, colours and languages, and intros on security mail; nothing is saved", async () => {
    const unknown = await send(owner.client, "PUT", "/api/email/templates/notification", { intro: "Dear {{recipeint.name}}", greeting: "Hi {{nick}}" });
    expect(unknown.status).toBe(400);
    const refusal = await json<{ error: string; fieldErrors: Record<string, string[]> }>(unknown);
    expect(refusal.error).toBe("{{nick}}, {{recipeint.name}} are not merge fields. Use the fields listed under the form.");
    expect(Object.keys(refusal.fieldErrors).sort()).toEqual(["greeting", "intro"]);
    const security = await send(owner.client, "PUT", "/api/email/templates/reset_password", { intro: "Our family's words" });
    expect(security.status).toBe(400);
    expect((await json<{ error: string }>(security)).error).toBe("Security e-mails keep the platform's own words: only their greeting can be changed.");
    expect((await send(owner.client, "PUT", "/api/email/templates/newsletter", { intro: "x" })).status).toBe(404);
    expect((await send(owner.client, "PUT", "/api/email/templates/notification", { accentTheme: "neon" })).status).toBe(400);
    expect((await send(owner.client, "PUT", "/api/email/templates/notification", { intro: "x".repeat(2001) })).status).toBe(400);
    expect((await send(owner.client, "POST", "/api/email/templates/notification/preview", { language: "xx" })).status).toBe(400);
    const bad = await owner.client.fetch("/api/email/templates/notification", {
      method: "PUT",
      headers: { "Content-Type": "application/json", Origin: owner.client.origin },
      body: "{nope",
    });
    expect(bad.status).toBe(400);
    const saved = await json<{ template: { intro: string | null }; branding: { greeting: string | null } }>(
      await owner.client.get("/api/email/templates/notification"),
    );
    expect(saved.template.intro).toBeNull();
    expect(saved.branding.greeting).toBeNull();
  });

  it("saves the family's look (markup reduced to the safe subset, audited) and every notification e-mail wears it", async () => {
    const put = await send(owner.client, "PUT", "/api/email/templates/notification", {
      familyName: "The Personal family",
      greeting: "Dear <b>{{recipient.firstName}}</b>,",
      signature: "With love, <i>Eleanor</i>",
      accentTheme: "ocean",
      intro: `<script>alert(1)</script><p onclick="x()">News from <b>{{family.name}}</b> for {{recipient.name}}.</p>`,
    });
    expect(put.status).toBe(200);
    const body = await json<{ markupRemoved: boolean; template: { intro: string; customised: boolean }; branding: { greeting: string } }>(put);
    expect(body.markupRemoved).toBe(true);
    expect(body.template.intro).toBe("<p>News from <b>{{family.name}}</b> for {{recipient.name}}.</p>");
    expect(body.branding.greeting).toBe("Dear {{recipient.firstName}},");
    expect(sql(`SELECT count(*) AS n FROM audit_log WHERE action = 'email.template_saved' AND workspace_id = '${owner.me.workspace.id}'`)[0].n).toBe(1);

    await changeRole(member, "viewer");
    const [mail] = mailsTo(member.account.email, "notification.member_role_changed");
    expect(mail).toBeDefined();
    const first = member.account.name.split(" ")[0];
    expect(mail.text_body).toContain(`THE PERSONAL FAMILY\n\nDear ${first},\n\nNews from The Personal family for ${member.account.name}.`);
    expect(mail.text_body).toContain("With love, Eleanor");
    expect(mail.html_body).toContain("border-top:6px solid #1d4ed8");
    expect(mail.html_body).toContain("<b>The Personal family</b>");
    expect(mail.html_body).not.toContain("<script");
    expect(mail.html_body).toContain('<meta name="color-scheme" content="light dark">');
    const headers = JSON.parse(mail.headers ?? "{}") as Record<string, string>;
    expect(headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(headers["List-Unsubscribe"]).toMatch(/^<http:\/\/[^>]+\/unsubscribe\?token=[^>]+>$/);
  });

  it("previews any e-mail in any of the 12 languages with a member's real data and unsaved changes", async () => {
    const preview = await send(owner.client, "POST", "/api/email/templates/notification/preview", {
      language: "de",
      memberId: member.me.id,
      intro: "Ungespeichert für {{recipient.firstName}}",
    });
    expect(preview.status).toBe(200);
    const { preview: de } = await json<{ preview: { subject: string; text: string; html: string; translated: boolean } }>(preview);
    expect(de.html).toContain('lang="de"');
    expect(de.text).toContain(`Ungespeichert für ${member.account.name.split(" ")[0]}`);
    // The member's real latest notification: their role change, in German.
    expect(de.subject).toContain("Personal Mail Trust");
    expect(de.translated).toBe(true);
    const ar = await json<{ preview: { html: string; translated: boolean } }>(
      await send(owner.client, "POST", "/api/email/templates/reminder/preview", { language: "ar" }),
    );
    expect(ar.preview.html).toContain('dir="rtl"');
    expect(ar.preview.translated).toBe(false);
    const stranger = await startWorkspace(baseUrl, "emstranger", "Stranger Mail Trust");
    const foreign = await send(owner.client, "POST", "/api/email/templates/notification/preview", { memberId: stranger.me.id });
    expect(foreign.status).toBe(404);
    // Nothing of the preview was saved.
    expect((await json<{ template: { intro: string } }>(await owner.client.get("/api/email/templates/notification"))).template.intro).not.toContain(
      "Ungespeichert",
    );
  });

  it("keeps security mail in the product's look with the family's greeting only, and without an unsubscribe link", async () => {
    await new Client(baseUrl).postJson("/api/auth/forgot-password", { email: owner.account.email });
    const [reset] = mailsTo(owner.account.email, "reset_password");
    expect(reset.text_body).toMatch(/^Dear \S+,\n\nSomeone asked to reset the password/);
    expect(reset.text_body).not.toContain("THE PERSONAL FAMILY");
    expect(reset.text_body).not.toContain("With love");
    expect(reset.text_body).toContain("This is a security e-mail about your account. It cannot be turned off.");
    expect(reset.headers).toBeNull();
    expect(reset.html_body).not.toContain("#1d4ed8");
  });

  it("sends a test to the owner, and resets one e-mail or everything", async () => {
    const test = await send(owner.client, "POST", "/api/email/templates/digest/test", { language: "fr" });
    expect(test.status).toBe(202);
    expect((await json<{ sentTo: string }>(test)).sentTo).toBe(owner.account.email);
    const [mail] = mailsTo(owner.account.email, "email_test");
    expect(mail.subject).toMatch(/^\[Test\] /);
    const reset = await send(owner.client, "POST", "/api/email/templates/notification/reset");
    expect(reset.status).toBe(200);
    expect((await json<{ template: { intro: string | null }; branding: { familyName: string } }>(reset)).template.intro).toBeNull();
    const all = await send(owner.client, "DELETE", "/api/email/templates/notification?all=1");
    expect((await json<{ branding: { familyName: string | null; greeting: string | null } }>(all)).branding).toMatchObject({
      familyName: null,
      greeting: null,
    });
    expect(
      sql(`SELECT count(*) AS n FROM audit_log WHERE action IN ('email.template_reset', 'email.test_sent') AND workspace_id = '${owner.me.workspace.id}'`)[0].n,
    ).toBe(3);
  });

  it("stops a kind of e-mail with one click from the mail app, never by a GET, and only with a genuine link", async () => {
    const [mail] = mailsTo(member.account.email, "notification.member_role_changed");
    const link = /^<(.+)>$/.exec((JSON.parse(mail.headers!) as Record<string, string>)["List-Unsubscribe"])![1]!;
    const url = new URL(link);
    const local = `${url.pathname}${url.search}`;
    // Opening the link asks; it changes nothing (mail scanners open links).
    const page = await fetch(new URL(local, baseUrl));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Stop receiving");
    expect(sql(`SELECT count(*) AS n FROM email_opt_outs WHERE user_id = '${member.me.id}'`)[0].n).toBe(0);
    // A forged token changes nothing.
    const forged = await fetch(new URL(`${local.slice(0, -3)}xyz`, baseUrl), {
      method: "POST",
      body: "List-Unsubscribe=One-Click",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(forged.status).toBe(400);
    expect(sql(`SELECT count(*) AS n FROM email_opt_outs WHERE user_id = '${member.me.id}'`)[0].n).toBe(0);
    // The mail app's one-click POST (RFC 8058), from a server: no Origin, no cookie.
    const oneClick = await fetch(new URL(local, baseUrl), {
      method: "POST",
      body: "List-Unsubscribe=One-Click",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(oneClick.status).toBe(200);
    expect(sql(`SELECT scope FROM email_opt_outs WHERE user_id = '${member.me.id}'`)).toEqual([{ scope: "member_role_changed" }]);
    expect(sql(`SELECT count(*) AS n FROM audit_log WHERE action = 'email.unsubscribed' AND actor_user_id = '${member.me.id}'`)[0].n).toBe(1);

    await changeRole(member, "family_member");
    expect(mailsTo(member.account.email, "notification.member_role_changed")).toHaveLength(1);
    // The bell still rings: only the e-mail stopped.
    expect(sql(`SELECT count(*) AS n FROM notifications WHERE user_id = '${member.me.id}' AND type = 'member_role_changed'`)[0].n).toBe(2);
    const settings = await json<{ optOuts: { scope: string; label: string }[] }>(await member.client.get("/api/email/settings"));
    expect(settings.optOuts.map((o) => o.scope)).toEqual(["member_role_changed"]);
    // Receiving it again.
    expect((await send(member.client, "DELETE", "/api/email/settings", { scope: "member_role_changed" })).status).toBe(200);
    await changeRole(member, "viewer");
    expect(mailsTo(member.account.email, "notification.member_role_changed")).toHaveLength(2);
  });

  it("holds notification e-mails for a digest and sends each in exactly one digest", async () => {
    expect((await send(beneficiary.client, "PUT", "/api/email/settings", { digest: "sometimes" })).status).toBe(400);
    expect((await send(beneficiary.client, "PUT", "/api/email/settings", { digest: "daily" })).status).toBe(200);
    await changeRole(beneficiary, "family_member");
    await changeRole(beneficiary, "beneficiary");
    expect(mailsTo(beneficiary.account.email, "notification.member_role_changed")).toHaveLength(0);
    expect(sql(`SELECT count(*) AS n FROM email_digest_items WHERE user_id = '${beneficiary.me.id}' AND sent_in IS NULL`)[0].n).toBe(2);
    // Turning the digest off sends what was held at the next run, once, however often the cron runs.
    expect((await send(beneficiary.client, "PUT", "/api/email/settings", { digest: "off" })).status).toBe(200);
    await runCron();
    await runCron();
    const digests = mailsTo(beneficiary.account.email, "digest");
    expect(digests).toHaveLength(1);
    expect(digests[0].text_body).toContain("2 things happened since your last summary:");
    expect(digests[0].text_body).toContain("/unsubscribe?token=");
    expect(sql(`SELECT count(*) AS n FROM email_digest_items WHERE user_id = '${beneficiary.me.id}' AND sent_in IS NULL`)[0].n).toBe(0);
    expect(sql(`SELECT count(*) AS n FROM audit_log WHERE action = 'email.digest_changed' AND actor_user_id = '${beneficiary.me.id}'`)[0].n).toBe(2);
  });

  it("sends a daily digest from 8:00 in the person's own time zone, once that day", async () => {
    // A zone where it is now midday, whatever the hour of this run (Etc/GMT-X is UTC+X).
    let offset = (12 - new Date().getUTCHours() + 24) % 24;
    if (offset > 14) offset -= 24;
    const zone = offset === 0 ? "Etc/GMT" : `Etc/GMT${offset > 0 ? "-" : "+"}${Math.abs(offset)}`;
    const zoned = await send(member.client, "PUT", "/api/profile/quiet-hours", {
      timeZone: zone,
      quietHours: { enabled: false, start: "21:00", end: "08:00" },
    });
    expect(zoned.status).toBe(200);
    expect((await send(member.client, "PUT", "/api/email/settings", { digest: "daily" })).status).toBe(200);
    await changeRole(member, "family_member");
    expect(sql(`SELECT count(*) AS n FROM email_digest_items WHERE user_id = '${member.me.id}'`)[0].n).toBe(1);
    await runCron();
    await runCron();
    const digests = mailsTo(member.account.email, "digest");
    expect(digests).toHaveLength(1);
    expect(digests[0].subject).toBe("Your daily summary from Personal Mail Trust");
    expect(digests[0].text_body).toContain("One thing happened since your last summary:");
    // Another event the same day waits for tomorrow's digest.
    await changeRole(member, "viewer");
    await runCron();
    expect(mailsTo(member.account.email, "digest")).toHaveLength(1);
    expect(sql(`SELECT count(*) AS n FROM email_digest_items WHERE user_id = '${member.me.id}'`)[0].n).toBe(1);
  });
});
