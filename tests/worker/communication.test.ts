import { beforeAll, describe, expect, it } from "vitest";
import { testServer } from "../helpers/test-server";
import type { Client } from "../helpers/client";
import { runCronTwiceAtOnce, runCron as runCronOnce } from "../helpers/cron";
import { addMember, sql as runSql, startWorkspace } from "../helpers/workspace";

// Smart communication (issue 21): templates with merge fields from the workspace, and messages sent later, once.
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
const errorOf = async (response: Response) => ((await response.json()) as { error: string }).error;
const CRON_TEST_TIMEOUT_MS = 120_000;
const runCron = () => runCronOnce(baseUrl);
const inSeconds = (s: number) => new Date(Date.now() + s * 1000).toISOString();
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("smart communication", () => {
  let owner: Awaited<ReturnType<typeof startWorkspace>>;
  let trustee: Person;
  let sophie: Person;
  let stranger: Awaited<ReturnType<typeof startWorkspace>>;
  let channelId: string;

  beforeAll(async () => {
    owner = await startWorkspace(baseUrl, "scowner", "Communication Trust");
    trustee = await addMember(baseUrl, owner.client, "trustee", "sctrustee");
    sophie = await addMember(baseUrl, owner.client, "beneficiary", "scbenef");
    stranger = await startWorkspace(baseUrl, "scstranger", "Stranger Trust");
    channelId = ((await (await owner.client.get("/api/chat/channels")).json()) as { channels: { id: string }[] }).channels[0].id;
    // An approved distribution of Sophie's, and one of the trustee's, so a preview shows the right person's.
    const now = Date.now();
    for (const [who, amount, purpose] of [
      [sophie.me.id, 250000, "tuition"],
      [trustee.me.id, 990000, "a new roof"],
    ] as const) {
      sql(
        `INSERT INTO finance_distributions (id, workspace_id, beneficiary_user_id, beneficiary_name, amount_minor, currency, purpose, principal_or_income, status, approval_mode, authority, warnings, decided_at, created_at, updated_at)
         VALUES ('${crypto.randomUUID()}', '${owner.me.workspace.id}', '${who}', 'x', ${amount}, 'USD', '${purpose}', 'income', 'approved', 'trustee', '{}', '[]', ${now}, ${now}, ${now})`,
      );
    }
  });

  it("lists the four built-in templates with the merge fields, to organisers only", async () => {
    const list = await owner.client.get("/api/communication/templates");
    expect(list.status).toBe(200);
    const body = (await list.json()) as { templates: { id: string; name: string; builtin: boolean }[]; fields: string[] };
    expect(body.templates.filter((t) => t.builtin).map((t) => t.name)).toEqual([
      "Distribution approved",
      "Meeting reminder",
      "Documents needed for the tax return",
      "Annual accounting available",
    ]);
    expect(body.fields).toContain("recipient.firstName");
    const refused = await sophie.client.get("/api/communication/templates");
    expect(refused.status).toBe(403);
    expect(await errorOf(refused)).toBe(
      "Only owners, trustees and the family's lawyer use message templates and scheduled messages; ask one of them to write to the family.",
    );
    const page = await sophie.client.get("/smart-communication");
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Only owners, trustees and the family&#x27;s lawyer use message templates");
  });

  it("saves a template as plain text, names an unknown merge field, and keeps built-in and other workspaces' templates apart", async () => {
    const unknown = await owner.client.postJson("/api/communication/templates", { name: "Typo", body: "Dear {{recipeint.name}} of {{trust.name}} {{amount}}" });
    expect(unknown.status).toBe(400);
    expect(await errorOf(unknown)).toBe("{{recipeint.name}}, {{amount}} are not merge fields. Use the fields listed under the message.");
    const empty = await owner.client.postJson("/api/communication/templates", { name: " ", body: "" });
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as { fieldErrors: Record<string, string[]> }).fieldErrors).toMatchObject({
      name: ["Give the template a name."],
      body: ["Write the message."],
    });

    const created = await owner.client.postJson("/api/communication/templates", {
      name: "Thanks <b>note</b>",
      body: "Thank you {{recipient.firstName}}<script>alert(1)</script> — <i>{{trust.name}}</i>",
    });
    expect(created.status).toBe(201);
    const { template, markupRemoved } = (await created.json()) as { template: { id: string; name: string; body: string }; markupRemoved: boolean };
    expect(markupRemoved).toBe(true);
    expect(template).toMatchObject({ name: "Thanks note", body: "Thank you {{recipient.firstName}} — {{trust.name}}" });

    expect((await send(owner.client, "PUT", "/api/communication/templates/builtin:meetingReminder", { name: "x", body: "y" })).status).toBe(409);
    expect((await send(stranger.client, "DELETE", `/api/communication/templates/${template.id}`)).status).toBe(404);
    const renamed = await send(trustee.client, "PUT", `/api/communication/templates/${template.id}`, { name: "Thanks", body: "Thanks, {{recipient.name}}" });
    expect(renamed.status).toBe(200);
    const activity = sql(`SELECT action FROM audit_log WHERE target_id = '${template.id}' ORDER BY created_at`);
    expect(activity.map((a) => a.action)).toEqual(["communication.template_saved", "communication.template_saved"]);
    expect((await send(owner.client, "DELETE", `/api/communication/templates/${template.id}`)).status).toBe(200);
  });

  it("previews a template with the chosen member's own values, and says in words what has none", async () => {
    const body = "Dear {{recipient.firstName}}, {{distribution.amount}} for {{distribution.purpose}} from {{trust.name}}. {{meeting.title}}";
    const forSophie = (await (await owner.client.postJson("/api/communication/templates/preview", { body, recipientId: sophie.me.id })).json()) as {
      text: string;
      missing: string[];
    };
    expect(forSophie.text).toContain(`, $2,500.00 for tuition from Communication Trust. (no meeting is planned)`);
    expect(forSophie.text).not.toContain("9,900");
    expect(forSophie.missing).toEqual(["meeting.title"]);
    const forChannel = (await (await owner.client.postJson("/api/communication/templates/preview", { body })).json()) as { text: string };
    expect(forChannel.text).toContain("(no approved distribution)");
    const outsider = await owner.client.postJson("/api/communication/templates/preview", { body, recipientId: stranger.me.id });
    expect(outsider.status).toBe(422);
    expect(await errorOf(outsider)).toBe("The recipient is not a member of this workspace.");
  });

  it("refuses a scheduled message with a past time, a per-person field for a channel, or a channel or member not its own", async () => {
    const past = await owner.client.postJson("/api/communication/scheduled", { target: "channel", channelId, body: "Hi", sendAt: "2020-01-01T00:00:00Z" });
    expect(past.status).toBe(400);
    expect(((await past.json()) as { fieldErrors: Record<string, string[]> }).fieldErrors.sendAt).toEqual([
      "That time has passed; choose a time in the future.",
    ]);
    const perPerson = await owner.client.postJson("/api/communication/scheduled", {
      target: "channel",
      channelId,
      body: "Dear {{recipient.name}}",
      sendAt: inSeconds(60),
    });
    expect(perPerson.status).toBe(400);
    expect(await errorOf(perPerson)).toBe("{{recipient.name}} needs a single recipient: send it by e-mail to one member instead of to a channel.");
    const strangersChannel = ((await (await stranger.client.get("/api/chat/channels")).json()) as { channels: { id: string }[] }).channels[0].id;
    const foreign = await owner.client.postJson("/api/communication/scheduled", {
      target: "channel",
      channelId: strangersChannel,
      body: "Hi",
      sendAt: inSeconds(60),
    });
    expect(foreign.status).toBe(422);
    const noSubject = await owner.client.postJson("/api/communication/scheduled", {
      target: "email",
      recipientId: sophie.me.id,
      body: "Hi",
      sendAt: inSeconds(60),
    });
    expect(noSubject.status).toBe(400);
    expect((await sophie.client.postJson("/api/communication/scheduled", { target: "channel", channelId, body: "Hi", sendAt: inSeconds(60) })).status).toBe(
      403,
    );
  });

  // Three cron runs, each doing every module's work over every workspace the suite has made so far (2 to 8 s late in
  // a full run), so more than the 60 s default.
  it(
    "sends a channel message and an e-mail exactly once when two cron runs meet, filled with that day's values",
    async () => {
      const text = `Family news ${crypto.randomUUID().slice(0, 8)} from {{trust.name}}`;
      // As the page sends it: the fields of the other target null.
      const toChannel = await owner.client.postJson("/api/communication/scheduled", {
        target: "channel",
        channelId,
        recipientId: null,
        subject: null,
        body: text,
        sendAt: inSeconds(2),
      });
      expect(toChannel.status).toBe(201);
      const channelItem = ((await toChannel.json()) as { scheduled: { id: string; status: string; channelName: string } }).scheduled;
      expect(channelItem.status).toBe("scheduled");
      const toSophie = await owner.client.postJson("/api/communication/scheduled", {
        target: "email",
        recipientId: sophie.me.id,
        subject: "Your distribution from {{trust.name}}",
        body: "Dear {{recipient.firstName}}, {{distribution.amount}} is on its way.",
        sendAt: inSeconds(2),
      });
      expect(toSophie.status).toBe(201);
      await pause(2500);
      await runCronTwiceAtOnce(baseUrl, () => owner.client.get("/api/auth/user"));
      await runCron();

      const posted = sql(`SELECT author_id, body FROM chat_messages WHERE channel_id = '${channelId}' AND body LIKE '${text.split(" from")[0]}%'`);
      expect(posted).toEqual([{ author_id: owner.me.id, body: `${text.split(" from")[0]} from Communication Trust` }]);
      const mails = sql(`SELECT subject, text_body FROM mail_outbox WHERE kind = 'scheduled_message' AND to_address = '${sophie.account.email}'`);
      expect(mails).toHaveLength(1);
      expect(mails[0].subject).toBe("Your distribution from Communication Trust");
      expect(String(mails[0].text_body)).toContain("$2,500.00 is on its way.");
      const listed = (await (await owner.client.get("/api/communication/scheduled")).json()) as { scheduled: { id: string; status: string }[] };
      expect(listed.scheduled.find((s) => s.id === channelItem.id)?.status).toBe("sent");
      const late = await owner.client.postJson(`/api/communication/scheduled/${channelItem.id}/cancel`, {});
      expect(late.status).toBe(409);
      expect(await errorOf(late)).toBe("This message has already been sent or cancelled; it cannot be changed.");
      const sent = sql(`SELECT count(*) AS n FROM audit_log WHERE target_id = '${channelItem.id}' AND action = 'communication.scheduled_sent'`);
      expect(Number(sent[0].n)).toBe(1);
    },
    CRON_TEST_TIMEOUT_MS,
  );

  it("changes or cancels a message before it goes, only by its author (or an administrator to cancel)", async () => {
    const created = await trustee.client.postJson("/api/communication/scheduled", {
      target: "channel",
      channelId,
      body: "First words",
      sendAt: inSeconds(3600),
    });
    const { id } = ((await created.json()) as { scheduled: { id: string } }).scheduled;
    expect((await send(sophie.client, "PUT", `/api/communication/scheduled/${id}`, { body: "Mine now" })).status).toBe(403);
    expect((await send(owner.client, "PUT", `/api/communication/scheduled/${id}`, { body: "Owner's words" })).status).toBe(404);
    const changed = await send(trustee.client, "PUT", `/api/communication/scheduled/${id}`, { body: "Second words", sendAt: inSeconds(7200) });
    expect(changed.status).toBe(200);
    expect(((await changed.json()) as { scheduled: { body: string } }).scheduled.body).toBe("Second words");
    const cancelled = await owner.client.postJson(`/api/communication/scheduled/${id}/cancel`, {});
    expect(cancelled.status).toBe(200);
    expect(((await cancelled.json()) as { scheduled: { status: string } }).scheduled.status).toBe("cancelled");
    expect((await send(trustee.client, "PUT", `/api/communication/scheduled/${id}`, { body: "Third" })).status).toBe(409);
    const actions = sql(`SELECT action FROM audit_log WHERE target_id = '${id}' ORDER BY created_at`).map((a) => a.action);
    expect(actions).toEqual(["communication.scheduled", "communication.scheduled_changed", "communication.scheduled_cancelled"]);
  });

  it("drafts replies in the chosen tone and language and summarises a thread citing its messages, from the offline engine here", async () => {
    const post = (client: Client, body: string) => client.postJson(`/api/chat/channels/${channelId}/messages`, { body });
    expect((await post(owner.client, "The roofer quoted $18,400 for the repair. Should we approve it before the storms?")).status).toBe(201);
    expect((await post(trustee.client, "I agree, let us vote on it at the meeting on 3 December.")).status).toBe(201);

    const warm = await owner.client.postJson("/api/communication/assist", { action: "suggest", channelId, tone: "warm", language: "de" });
    expect(warm.status).toBe(200);
    const drafts = (await warm.json()) as { drafts: string[]; engine: string; fellBack: boolean; replyingTo: { authorName: string } };
    expect(drafts.engine).toBe("offline");
    expect(drafts.fellBack).toBe(false);
    expect(drafts.replyingTo.authorName).toBe(trustee.account.name);
    expect(drafts.drafts).toHaveLength(3);
    expect(drafts.drafts[0]).toBe(`Danke, ${trustee.account.name.split(" ")[0]}! Ich schaue es mir an und melde mich bald.`);

    const summary = (await (await owner.client.postJson("/api/communication/assist", { action: "summary", channelId })).json()) as {
      points: { text: string; messages: number[] }[];
      engine: string;
      from: number;
      to: number;
    };
    expect(summary.engine).toBe("offline");
    const seqs = sql(`SELECT seq FROM chat_messages WHERE channel_id = '${channelId}'`).map((r) => Number(r.seq));
    expect(summary.points.length).toBeGreaterThan(0);
    for (const point of summary.points) for (const n of point.messages) expect(seqs).toContain(n);
    expect(summary.points.map((p) => p.text)).toContain(`${owner.account.name}: The roofer quoted $18,400 for the repair.`);

    const badTone = await owner.client.postJson("/api/communication/assist", { action: "suggest", channelId, tone: "sarcastic" });
    expect(badTone.status).toBe(400);
    expect(await errorOf(badTone)).toBe("The tone is formal or warm.");
    expect((await sophie.client.postJson("/api/communication/assist", { action: "summary", channelId })).status).toBe(403);
    expect((await stranger.client.postJson("/api/communication/assist", { action: "summary", channelId })).status).toBe(404);
  });
});
