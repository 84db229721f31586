import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { testServer } from "../helpers/test-server";
import type { Client } from "../helpers/client";
import { addMember, eventually, sql as runSql, startWorkspace, uploadAnalysed } from "../helpers/workspace";
import { runCron as runCronOnce } from "../helpers/cron";

const baseUrl = testServer().baseUrl;
const sqlUrl = testServer().sqlUrl;
const sql = (query: string) => runSql(sqlUrl, query);
const fixture = (name: string) => readFileSync(new URL(`../fixtures/documents/${name}`, import.meta.url));
const DAY = 86_400_000;
const today = () => new Date().toISOString().slice(0, 10);
const daysFromToday = (n: number) => new Date(Date.parse(`${today()}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);

interface Item {
  id: string;
  title: string;
  dueOn: string;
  statutoryDueOn: string | null;
  citation: string | null;
  jurisdiction: string | null;
  source: string;
  documentId: string | null;
  status: string;
  responsible: string | null;
  also: { citation: string }[];
}
interface Field<T> {
  value: T;
  source: { documentId: string; passage: string | null } | null;
  edited: { by: string } | null;
}
interface Profile {
  fields: {
    name: Field<string>;
    type: Field<string>;
    date: Field<string>;
    settlors: Field<{ name: string }[]>;
    trustees: Field<{ name: string }[]>;
    successorTrustees: Field<{ name: string; order: number }[]>;
    beneficiaries: Field<{ name: string; share: string | null }[]>;
    governingLaw: Field<string>;
    jurisdictions: Field<string[]>;
  };
  events: { id: string; type: string; occurredOn: string }[];
}

const send = (client: Client, method: string, path: string, body: unknown) =>
  client.fetch(path, { method, headers: { "Content-Type": "application/json", Origin: client.origin }, body: JSON.stringify(body) });
const items = async (client: Client, query = "") => ((await (await client.get(`/api/compliance/items${query}`)).json()) as { items: Item[] }).items;
const runCron = () => runCronOnce(baseUrl);

describe("trust administration and compliance", () => {
  let owner: Awaited<ReturnType<typeof startWorkspace>>;
  let trustId: string;

  beforeAll(async () => {
    owner = await startWorkspace(baseUrl, "complyowner", "The Hartwell Family Trust");
    [trustId] = await Promise.all([
      uploadAnalysed(owner.client, fixture("hartwell-family-trust.txt"), "hartwell-family-trust.txt"),
      uploadAnalysed(owner.client, fixture("hartwell-trust-first-amendment.txt"), "hartwell-trust-first-amendment.txt"),
    ]);
  });

  it("fills the profile from the trust as amended, each field with its document and passage, and keeps a trustee's correction", async () => {
    const response = await owner.client.get("/api/trust/profile");
    expect(response.status).toBe(200);
    const { profile } = (await response.json()) as { profile: Profile };
    expect(profile.fields.name.value).toBe("The Hartwell Family Revocable Living Trust");
    expect(profile.fields.type.value).toBe("revocable");
    expect(profile.fields.date.value).toBe("2019-03-14");
    expect(profile.fields.settlors.value.map((s) => s.name)).toEqual(["Eleanor M. Hartwell", "Thomas J. Hartwell"]);
    expect(profile.fields.governingLaw.value).toBe("California");
    expect(profile.fields.jurisdictions.value).toEqual(["CA"]);
    expect(profile.fields.settlors.source?.documentId).toBe(trustId);
    expect(profile.fields.settlors.source?.passage).toContain("Eleanor M. Hartwell and Thomas J. Hartwell");
    expect(profile.fields.successorTrustees.value.length).toBeGreaterThan(0);

    // A code that is not one is refused beside the field; a jurisdiction without a pack is accepted and said plainly.
    let put = await send(owner.client, "PUT", "/api/trust/profile", { jurisdictions: ["C1"] });
    expect(put.status).toBe(400);
    expect(((await put.json()) as { fieldErrors: Record<string, string[]> }).fieldErrors["jurisdictions.0"] ?? []).toEqual([
      "Use a code such as CA, TX, FL, NY or GB-EWS.",
    ]);
    put = await send(owner.client, "PUT", "/api/trust/profile", { jurisdictions: ["CA", "ZZ"], name: "The Hartwell Trust" });
    expect(put.status).toBe(200);
    const saved = (await put.json()) as { profile: Profile; unknownJurisdictions: string[] };
    expect(saved.unknownJurisdictions).toEqual(["ZZ"]);
    expect(saved.profile.fields.name).toMatchObject({ value: "The Hartwell Trust", edited: { by: expect.any(String) } });
    const audit = sql(`select metadata from audit_log where action = 'compliance.profile_edited' and workspace_id = '${owner.me.workspace.id}'`);
    expect(JSON.stringify(audit)).toContain("name,jurisdictions");
    expect(JSON.stringify(audit)).not.toContain("Hartwell Trust");
    // Null gives the field back to the documents.
    put = await send(owner.client, "PUT", "/api/trust/profile", { jurisdictions: null, name: null });
    expect(((await put.json()) as { profile: Profile }).profile.fields.name).toMatchObject({
      value: "The Hartwell Family Revocable Living Trust",
      edited: null,
    });
  });

  it("records the settlor's death and computes California's notice, rolled past the weekend, with the trust's own clause folded in", async () => {
    const future = await send(owner.client, "POST", "/api/trust/events", { type: "settlor_died", occurredOn: daysFromToday(3) });
    expect(future.status).toBe(400);
    expect(((await future.json()) as { fieldErrors: Record<string, string[]> }).fieldErrors.occurredOn).toEqual([
      "This event cannot be dated in the future: record it once it has happened.",
    ]);
    expect((await send(owner.client, "POST", "/api/trust/events", { type: "nonsense", occurredOn: "2026-03-03" })).status).toBe(400);

    const created = await send(owner.client, "POST", "/api/trust/events", { type: "settlor_died", occurredOn: "2026-03-03", subject: "Thomas J. Hartwell" });
    expect(created.status).toBe(201);
    const all = await items(owner.client, "?from=2026-01-01&to=2026-12-31");
    // March 3 + 60 days is Saturday, May 2: due Monday, May 4.
    const notice = all.find((i) => i.citation?.includes("16061.7") && i.dueOn.startsWith("2026-05"));
    expect(notice).toMatchObject({ statutoryDueOn: "2026-05-02", dueOn: "2026-05-04", jurisdiction: "CA", source: "statute", status: "overdue" });
    // The instrument's own 60-day clause cites the same section: one item, not two.
    expect(all.filter((i) => i.source === "instrument" && i.title.includes("16061.7"))).toEqual([]);
    // The trust's April 15 returns clause is its own duty.
    expect(all.some((i) => i.source === "instrument" && i.dueOn === "2026-04-15" && i.documentId === trustId)).toBe(true);
    expect((await owner.client.get("/api/compliance/items?from=2026-13-01")).status).toBe(400);
  });

  it("marks a duty done with evidence, refuses a beneficiary (403) and another workspace (404), and scores honestly", async () => {
    const notice = (await items(owner.client)).find((i) => i.citation?.includes("16061.7"))!;
    const beneficiary = await addMember(baseUrl, owner.client, "beneficiary", "complyben");
    const refused = await send(beneficiary.client, "PATCH", `/api/compliance/items/${notice.id}`, { status: "done" });
    expect(refused.status).toBe(403);
    const stranger = await startWorkspace(baseUrl, "complystranger", "Another Trust");
    expect((await send(stranger.client, "PATCH", `/api/compliance/items/${notice.id}`, { status: "done" })).status).toBe(404);
    expect((await send(owner.client, "PATCH", `/api/compliance/items/${notice.id}`, { status: "finished" })).status).toBe(400);
    // The beneficiary sees the duty, not the clause behind it.
    expect((await items(beneficiary.client)).every((i) => i.documentId === null)).toBe(true);

    const before = (await (await owner.client.get("/api/compliance/health")).json()) as { score: number | null; overdue: number };
    const done = await send(owner.client, "PATCH", `/api/compliance/items/${notice.id}`, {
      status: "done",
      evidence: { documentId: trustId, note: "Served by mail" },
    });
    expect(done.status).toBe(200);
    expect(((await done.json()) as { item: Item }).item.status).toBe("done");
    const after = (await (await owner.client.get("/api/compliance/health")).json()) as { score: number | null; overdue: number; late: number };
    // Done after its date: no longer overdue, but late, so the score does not rise for it.
    expect(after.overdue).toBe(before.overdue - 1);
    expect(after.late).toBeGreaterThan(0);
    expect(after.score).toBe(before.score);
    expect(sql(`select count(*) as n from audit_log where action = 'compliance.item_done' and target_id = '${notice.id}'`)[0]!.n).toBe(1);
    // A delivery record offered as evidence must be one of this workspace's accountings.
    const foreign = await send(owner.client, "PATCH", `/api/compliance/items/${notice.id}`, { status: "done", evidence: { deliveryId: "not-ours" } });
    expect(foreign.status).toBe(422);
    expect(await foreign.json()).toMatchObject({ error: "That accounting is not in this workspace." });
  });

  it("an accounting delivered to the beneficiaries completes one annual account, however often the duties are worked out", async () => {
    const ws = owner.me.workspace.id;
    const accountingId = crypto.randomUUID();
    const lastYear = new Date().getUTCFullYear() - 1;
    sql(
      `insert into finance_accountings (id, workspace_id, period_from, period_to, reason, jurisdiction, document_id, sent_by, created_at) values ('${accountingId}', '${ws}', '${lastYear}-01-01', '${lastYear}-12-31', 'annual', 'CA', '${trustId}', '${owner.me.id}', ${Date.now()})`,
    );
    sql(
      `insert into finance_accounting_deliveries (accounting_id, user_id, workspace_id, delivered_at) values ('${accountingId}', '${owner.me.id}', '${ws}', ${Date.now()})`,
    );
    const usedBy = () => Number(sql(`select count(*) as n from compliance_items where json_extract(evidence, '$.deliveryId') = '${accountingId}'`)[0]!.n);
    for (let sync = 0; sync < 3; sync++) {
      // Stale: the next read works the duties out again.
      sql(`update trust_profiles set synced_at = 0 where workspace_id = '${ws}'`);
      expect((await owner.client.get("/api/compliance/items")).status).toBe(200);
    }
    expect(usedBy()).toBe(1);
  });

  it("sends each reminder once however often the cron runs", async () => {
    // A trustee who wants a reminder exactly as many days ahead as the next open duty.
    // Days are counted on the trust's clock (California's), which the API gives with the items.
    const listing = (await (await owner.client.get(`/api/compliance/items?from=${daysFromToday(1)}`)).json()) as {
      items: Item[];
      today: string;
      timeZone: string;
    };
    expect(listing.timeZone).toBe("America/Los_Angeles");
    const next = listing.items.find((i) => i.status !== "done")!;
    const days = Math.round((Date.parse(next.dueOn) - Date.parse(listing.today)) / DAY);
    // …in the app and by text to the mobile number on their profile.
    const phone = `+1415555${String(Math.floor(Math.random() * 10_000)).padStart(4, "0")}`;
    sql(`update users set phone = '(${phone.slice(2, 5)}) ${phone.slice(5, 8)}-${phone.slice(8)}' where id = '${owner.me.id}'`);
    const saved = await owner.client.postForm("/compliance-notifications", { leadDays: String(days), inApp: "on", sms: "on", overdueDaily: "on" });
    expect(saved.status).toBe(200);
    await runCron();
    await runCron();
    const sent = () => sql(`select count(*) as n from compliance_reminders_sent where item_id = '${next.id}' and lead_days = ${days}`)[0]!.n;
    await eventually(async () => Number(sent()) >= 1);
    expect(Number(sent())).toBe(1);
    const notifications = (await (await owner.client.get("/api/notifications")).json()) as { items: { type: string; metadata: { itemId?: string } }[] };
    expect(notifications.items.filter((n) => n.type === "compliance_deadline" && n.metadata.itemId === next.id)).toHaveLength(1);
    const texts = () =>
      sql(`select body, status, topic_id from sms_messages where to_number = '${phone}' and direction = 'outbound'`) as {
        body: string;
        status: string;
        topic_id: string | null;
      }[];
    // Duties due sooner than that lead, and the overdue ones, are owed their reminder too (a missed day is not lost),
    // each once: this duty's text is one of them, and a third run sends nothing new.
    const mine = texts().filter((text) => text.body.includes(`/compliance-health#item-${next.id}`));
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ status: "sent", topic_id: null });
    const count = texts().length;
    await runCron();
    expect(texts()).toHaveLength(count);
    // Each cron run keeps to its budgets (8 s of syncing, 8 s of chain walking) over every workspace the suite made.
  }, 90_000);

  it("e-mails the daily chain head to a trustee who asked for it, with the signing key's fingerprint", async () => {
    const page = await (await owner.client.get("/regulatory-audit")).text();
    expect(page).toContain("E-mail me the record&#x27;s latest hash after each daily check");
    // The person filter names the members; choosing one keeps only their entries.
    expect(page).toMatch(new RegExp(`<option value="${owner.me.id}">[^<]+</option>`));
    const mine = await (await owner.client.get(`/regulatory-audit?actor=${owner.me.id}`)).text();
    expect(mine).toMatch(new RegExp(`<option value="${owner.me.id}" selected="">`));
    const saved = await owner.client.postForm("/regulatory-audit", { intent: "chainHeadMail", enabled: "on" });
    expect(saved.status).toBe(200);
    // The daily walk of this chain is due (as if begun): the cron walks walks in progress first.
    const chain = owner.me.workspace.id;
    sql(`delete from audit_chain_checks where chain = '${chain}'`);
    sql(`insert into audit_chain_checks (chain, cursor_seq, cursor_hash, started_at) values ('${chain}', 0, '${"0".repeat(64)}', ${Date.now()})`);
    await runCron();
    const check = sql(`select head_seq, head_hash, ok from audit_chain_checks where chain = '${chain}'`)[0] as {
      head_seq: number;
      head_hash: string;
      ok: number;
    };
    expect(check.ok).toBe(1);
    const mails = sql(`select subject, text_body from mail_outbox where to_address = '${owner.account.email}' and kind = 'notification.audit_chain_head'`) as {
      subject: string;
      text_body: string;
    }[];
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Audit record of The Hartwell Family Trust: chain head for ${today()}`);
    expect(mails[0]!.text_body).toContain(`The last one, no. ${check.head_seq}, has this hash:\n\n${check.head_hash}`);
    const key = (await (await owner.client.get("/api/audit/entries?format=bundle")).json()) as { keyId: string };
    expect(mails[0]!.text_body).toContain(`whose fingerprint is ${key.keyId}`);
    expect(mails[0]!.text_body).toContain("/regulatory-audit");

    // A co-trustee who did not ask gets nothing; a beneficiary cannot ask (only trustees are sent it).
    const beneficiary = await addMember(baseUrl, owner.client, "beneficiary", "complyhead");
    expect((await beneficiary.client.postForm("/regulatory-audit", { intent: "chainHeadMail", enabled: "on" })).status).toBe(403);
  }, 90_000);

  it("chains the audit log: it verifies, and a row altered in D1 is named by the verifier", async () => {
    const first = await owner.client.get("/api/audit/verify");
    expect(first.status).toBe(200);
    const intact = (await first.json()) as { ok: boolean; entries: number; head: { seq: number; hash: string } };
    expect(intact.ok).toBe(true);
    expect(intact.entries).toBeGreaterThan(3);
    expect(intact.head.hash).toMatch(/^[0-9a-f]{64}$/);

    const beneficiary = await addMember(baseUrl, owner.client, "beneficiary", "complyaudit");
    expect((await beneficiary.client.get("/api/audit/verify")).status).toBe(403);

    sql(`update audit_log set metadata = '{"fields":"forged"}' where workspace_id = '${owner.me.workspace.id}' and seq = 2`);
    const broken = (await (await owner.client.get("/api/audit/verify")).json()) as { ok: boolean; brokenAt: { seq: number; at: string; reason: string } };
    expect(broken.ok).toBe(false);
    expect(broken.brokenAt).toMatchObject({ seq: 2, reason: "hash" });
    expect(broken.brokenAt.at).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    const csv = await owner.client.get("/api/audit/entries?format=csv");
    expect(csv.headers.get("Content-Type")).toContain("text/csv");
    expect((await csv.text()).split("\r\n")[0]).toBe("seq,time,person,action,outcome,target_type,target_id,ip,details,prev_hash,hash");
    // Two writes to D1 from outside the Worker (wrangler d1 execute) take seconds each on a busy machine.
  }, 60_000);

  it("serves the pages, and the profile only to those who may see every beneficiary's share", async () => {
    for (const path of ["/trust-administration", "/compliance-health", "/multi-jurisdiction-compliance", "/regulatory-audit"]) {
      const page = await owner.client.get(path);
      expect(page.status, path).toBe(200);
    }
    const member = await addMember(baseUrl, owner.client, "family_member", "complyfam");
    expect((await member.client.get("/api/trust/profile")).status).toBe(403);
    expect((await member.client.get("/compliance-health")).status).toBe(200);
    expect((await member.client.get("/regulatory-audit")).status).toBe(403);
  });
});
