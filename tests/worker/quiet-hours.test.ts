import { beforeAll, describe, expect, it } from "vitest";
import { testServer } from "../helpers/test-server";
import { Client } from "../helpers/client";
import { runCronTwiceAtOnce, runCron as runCronOnce } from "../helpers/cron";
import { addMember, eventually, sql as runSql, startWorkspace } from "../helpers/workspace";

// Quiet hours and time zones (issue 21, ADR 0033): no non-urgent e-mail or text inside a person's quiet hours; held
// until they end, then sent once by the cron; the recipient's local time for a scheduled message.
const baseUrl = testServer().baseUrl;
const sqlUrl = testServer().sqlUrl;
const sql = (query: string) => runSql(sqlUrl, query);

type Person = Awaited<ReturnType<typeof addMember>>;
const put = (client: Client, path: string, body: unknown, headers: Record<string, string> = {}) =>
  client.fetch(path, {
    method: "PUT",
    headers: { "Content-Type": "application/json", Origin: client.origin, ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
const fieldErrors = async (response: Response) => ((await response.json()) as { fieldErrors: Record<string, string[]> }).fieldErrors;
const runCron = () => runCronOnce(baseUrl);
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
const MINUTE = 60_000;
/** "HH:MM" of an instant in UTC. */
const clock = (ms: number) => new Date(ms).toISOString().slice(11, 16);

describe("quiet hours", () => {
  let owner: Awaited<ReturnType<typeof startWorkspace>>;
  let sleeper: Person;
  let nightOwl: Person;

  beforeAll(async () => {
    owner = await startWorkspace(baseUrl, "qhowner", "Quiet Hours Trust");
    sleeper = await addMember(baseUrl, owner.client, "beneficiary", "qhsleeper");
    nightOwl = await addMember(baseUrl, owner.client, "trustee", "qhowl");
  });

  it("keeps a person's time zone and quiet hours on their profile: defaults, round trip, audit, and the page", async () => {
    const fresh = await sleeper.client.get("/api/profile/quiet-hours");
    expect(fresh.status).toBe(200);
    expect(await fresh.json()).toEqual({ success: true, timeZone: null, quietHours: { enabled: false, start: "21:00", end: "08:00" } });
    const settings = { timeZone: "Europe/Paris", quietHours: { enabled: true, start: "22:30", end: "07:15" } };
    const saved = await put(sleeper.client, "/api/profile/quiet-hours", settings);
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({ success: true, ...settings });
    expect(await (await sleeper.client.get("/api/profile/quiet-hours")).json()).toEqual({ success: true, ...settings });
    const audit = sql(`SELECT action, metadata FROM audit_log WHERE actor_user_id = '${sleeper.me.id}' AND action = 'profile.quiet_hours_updated'`);
    expect(audit).toHaveLength(1);
    expect(JSON.parse(String(audit[0].metadata))).toMatchObject({ timeZone: "Europe/Paris", enabled: true, start: "22:30", end: "07:15" });
    const page = await (await sleeper.client.get("/profile")).text();
    expect(page).toContain("Time zone and quiet hours");
    expect(page).toContain("Europe/Paris");
    expect((await new Client(baseUrl).get("/api/profile/quiet-hours")).status).toBe(401);
  });

  it("refuses bad input with a 400 naming each field, in the caller's language, never a 500", async () => {
    const path = "/api/profile/quiet-hours";
    const badZone = await put(sleeper.client, path, { timeZone: "Mars/Olympus_Mons", quietHours: { enabled: false, start: "21:00", end: "08:00" } });
    expect(badZone.status).toBe(400);
    expect((await fieldErrors(badZone)).timeZone).toEqual(["Choose a time zone by its name, such as Europe/Paris."]);
    const badTimes = await put(sleeper.client, path, { timeZone: "UTC", quietHours: { enabled: true, start: "25:00", end: "8am" } });
    expect(badTimes.status).toBe(400);
    expect(await fieldErrors(badTimes)).toMatchObject({
      "quietHours.start": ["Give the start as a time such as 21:00."],
      "quietHours.end": ["Give the end as a time such as 08:00."],
    });
    const same = await put(sleeper.client, path, { timeZone: "UTC", quietHours: { enabled: true, start: "21:00", end: "21:00" } });
    expect((await fieldErrors(same))["quietHours.end"]).toEqual(["Quiet hours must end at a different time than they start."]);
    const noZone = await put(sleeper.client, path, { timeZone: null, quietHours: { enabled: true, start: "21:00", end: "08:00" } });
    expect((await fieldErrors(noZone)).timeZone).toEqual(["Choose your time zone so that your quiet hours can be read on your clock."]);
    const offset = await put(sleeper.client, path, { timeZone: "+01:00", quietHours: { enabled: false, start: "21:00", end: "08:00" } });
    expect(offset.status).toBe(400);
    for (const body of ["not json", "[]", "{}", JSON.stringify({ timeZone: "UTC", quietHours: { enabled: "yes", start: "21:00", end: "08:00" } })]) {
      const response = await put(sleeper.client, path, body);
      expect(response.status, body).toBe(400);
      expect(((await response.json()) as { error: string }).error.length).toBeGreaterThan(0);
    }
    const french = await put(
      sleeper.client,
      path,
      { timeZone: "Nowhere/City", quietHours: { enabled: false, start: "21:00", end: "08:00" } },
      {
        "Accept-Language": "fr",
      },
    );
    expect((await fieldErrors(french)).timeZone).toEqual(["Choisissez un fuseau horaire par son nom, par exemple Europe/Paris."]);
    // Nothing of that was saved.
    expect(((await (await sleeper.client.get(path)).json()) as { timeZone: string }).timeZone).toBe("Europe/Paris");
  });

  it("holds a notification's e-mail and text inside quiet hours, then the cron sends each exactly once after the window", async () => {
    // A window on the UTC clock from this minute to the next minute boundary at least 20 s away.
    let now = Date.now();
    if (now % MINUTE > 40_000) {
      await pause(MINUTE - (now % MINUTE) + 500);
      now = Date.now();
    }
    const start = Math.floor(now / MINUTE) * MINUTE;
    const end = start + MINUTE;
    expect(
      (await put(sleeper.client, "/api/profile/quiet-hours", { timeZone: "UTC", quietHours: { enabled: true, start: clock(start), end: clock(end) } })).status,
    ).toBe(200);
    const phone = `+1415555${String(Math.floor(Math.random() * 10_000)).padStart(4, "0")}`;
    sql(`UPDATE users SET phone = '${phone}' WHERE id = '${sleeper.me.id}'`);
    expect((await put(sleeper.client, "/api/notifications/preferences", { preferences: { meeting_invited: { sms: true } } })).status).toBe(200);

    const invited = await owner.client.postJson("/api/meetings", {
      title: "Night meeting",
      startsAt: new Date(Date.now() + 86_400_000).toISOString(),
      durationMinutes: 30,
      inviteeIds: [sleeper.me.id],
    });
    expect(invited.status).toBe(201);
    const mails = () =>
      sql(`SELECT status, send_after FROM mail_outbox WHERE to_address = '${sleeper.account.email}' AND kind = 'notification.meeting_invited'`);
    const held = await eventually(async () => mails()[0]);
    expect(held).toMatchObject({ status: "held", send_after: end });
    const texts = () => sql(`SELECT status, outcome, send_after FROM held_texts WHERE user_id = '${sleeper.me.id}'`);
    await eventually(async () => texts().length > 0);
    expect(texts()).toEqual([{ status: "held", outcome: null, send_after: end }]);
    const sms = () => sql(`SELECT body FROM sms_messages WHERE to_number = '${phone}' AND direction = 'outbound'`);
    expect(sms()).toEqual([]);
    // In the app it is there at once: the bell is never held.
    expect(sql(`SELECT count(*) AS n FROM notifications WHERE user_id = '${sleeper.me.id}' AND type = 'meeting_invited'`)[0].n).toBe(1);

    // A cron run inside the window sends nothing.
    if (Date.now() < end - 2_000) {
      await runCron();
      expect(mails()[0].status).toBe("held");
      expect(texts()[0].status).toBe("held");
    }
    await pause(Math.max(0, end - Date.now()) + 1_000);
    await runCronTwiceAtOnce(baseUrl, () => owner.client.get("/api/auth/user"));
    await runCron();
    expect(mails()).toEqual([{ status: "recorded", send_after: end }]);
    expect(texts()).toEqual([{ status: "released", outcome: "sent", send_after: end }]);
    expect(sms()).toHaveLength(1);
    expect(String(sms()[0].body)).toContain("Night meeting");
  }, 150_000);

  it("sends an urgent scheduled e-mail at once inside quiet hours and holds the one not marked urgent; account mail is never held", async () => {
    const now = Date.now();
    const window = { enabled: true, start: clock(now - 60 * MINUTE), end: clock(now + 60 * MINUTE) };
    expect((await put(nightOwl.client, "/api/profile/quiet-hours", { timeZone: "UTC", quietHours: window })).status).toBe(200);
    const schedule = (subject: string, urgent?: boolean) =>
      owner.client.postJson("/api/communication/scheduled", {
        target: "email",
        recipientId: nightOwl.me.id,
        subject,
        body: "About the roof",
        sendAt: new Date(Date.now() + 1_500).toISOString(),
        ...(urgent === undefined ? {} : { urgent }),
      });
    const urgent = await schedule("Urgent: the roof", true);
    expect(urgent.status).toBe(201);
    expect(((await urgent.json()) as { scheduled: { urgent: boolean } }).scheduled.urgent).toBe(true);
    expect((await schedule("When you can: the roof")).status).toBe(201);
    const badUrgent = await schedule("x", "yes" as unknown as boolean);
    expect(badUrgent.status).toBe(400);
    expect((await fieldErrors(badUrgent)).urgent).toEqual(["Say whether the message is urgent (true or false)."]);
    await pause(2_000);
    await runCron();
    const sent = (subject: string) =>
      sql(`SELECT status, send_after FROM mail_outbox WHERE to_address = '${nightOwl.account.email}' AND subject = '${subject.replace(/'/g, "''")}'`);
    expect(await eventually(async () => sent("Urgent: the roof")[0])).toMatchObject({ status: "recorded", send_after: null });
    const waiting = await eventually(async () => sent("When you can: the roof")[0]);
    expect(waiting.status).toBe("held");
    expect(Number(waiting.send_after)).toBeGreaterThan(Date.now() + 50 * MINUTE);
    const audit = sql(`SELECT metadata FROM audit_log WHERE action = 'communication.scheduled' AND actor_user_id = '${owner.me.id}'`);
    expect(audit.map((a) => JSON.parse(String(a.metadata)).urgent).sort()).toEqual([false, true]);

    // A password reset asked inside quiet hours goes at once.
    expect((await new Client(baseUrl).postJson("/api/auth/forgot-password", { email: nightOwl.account.email })).status).toBe(200);
    const reset = await eventually(
      async () => sql(`SELECT status FROM mail_outbox WHERE to_address = '${nightOwl.account.email}' AND kind = 'reset_password'`)[0],
    );
    expect(reset.status).toBe("recorded");
  });

  it("schedules at the recipient's local time: their zone, else the author's, said with the message", async () => {
    // A member with a zone of their own: the time is read on their clock.
    const cousin = await addMember(baseUrl, owner.client, "family_member", "qhcousin");
    expect(
      (await put(cousin.client, "/api/profile/quiet-hours", { timeZone: "Asia/Tokyo", quietHours: { enabled: false, start: "21:00", end: "08:00" } })).status,
    ).toBe(200);
    const local = (recipientId: string, localTime: string, target = "email") =>
      owner.client.postJson("/api/communication/scheduled", {
        target,
        recipientId,
        channelId: null,
        subject: "Local time",
        body: "Good morning",
        localTime,
      });
    const tokyo = await local(cousin.me.id, "2027-01-15T09:00");
    expect(tokyo.status).toBe(201);
    expect(((await tokyo.json()) as { scheduled: unknown }).scheduled).toMatchObject({
      sendAt: "2027-01-15T00:00:00.000Z",
      localTime: "2027-01-15T09:00",
      timeZone: "Asia/Tokyo",
    });
    // A recipient without a zone: the author's (New York, on winter time).
    const zoneless = await addMember(baseUrl, owner.client, "family_member", "qhzoneless");
    expect(
      (await put(owner.client, "/api/profile/quiet-hours", { timeZone: "America/New_York", quietHours: { enabled: false, start: "21:00", end: "08:00" } }))
        .status,
    ).toBe(200);
    const fallback = await local(zoneless.me.id, "2027-01-15T09:00");
    expect(((await fallback.json()) as { scheduled: unknown }).scheduled).toMatchObject({ sendAt: "2027-01-15T14:00:00.000Z", timeZone: "America/New_York" });

    const past = await local(cousin.me.id, "2020-01-01T09:00");
    expect(past.status).toBe(400);
    expect((await fieldErrors(past)).localTime).toEqual(["That time has passed; choose a time in the future."]);
    const garbled = await local(cousin.me.id, "next tuesday");
    expect((await fieldErrors(garbled)).localTime).toEqual(["Give the recipient's local time as a date and time, such as 2026-12-01T09:00."]);
    const channelId = ((await (await owner.client.get("/api/chat/channels")).json()) as { channels: { id: string }[] }).channels[0].id;
    const toChannel = await owner.client.postJson("/api/communication/scheduled", {
      target: "channel",
      channelId,
      body: "Hi all",
      localTime: "2027-01-15T09:00",
    });
    expect(toChannel.status).toBe(400);
    expect((await fieldErrors(toChannel)).localTime).toEqual(["The recipient's local time is for an e-mail to one member; a channel has no single clock."]);
  });
});
