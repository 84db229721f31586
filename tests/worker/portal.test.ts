import { beforeAll, describe, expect, it } from "vitest";
import { testServer } from "../helpers/test-server";
import type { Client } from "../helpers/client";
import { addMember, sql as runSql, startWorkspace } from "../helpers/workspace";

const baseUrl = testServer().baseUrl;
const sqlUrl = testServer().sqlUrl;
const sql = (query: string) => runSql(sqlUrl, query);
const q = (value: string) => `'${value.replace(/'/g, "''")}'`;

type Member = Awaited<ReturnType<typeof addMember>>;
interface Beneficiary extends Member {
  /** Strings only her portal may carry: her requests' purposes, her shared document, her vote, her accounting's period. */
  markers: string[];
}

const error = async (response: Response) => ((await response.json()) as { error: string }).error;
const portalJson = async (client: Client, query = "") => {
  const response = await client.get(`/api/portal${query}`);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as Record<string, unknown> & { sentences: string[]; totals: Record<string, number> | null; threadId: string | null };
};

async function upload(client: Client, fileName: string) {
  const response = await client.fetch(`/api/documents?${new URLSearchParams({ fileName })}`, {
    method: "POST",
    headers: { "Content-Type": "application/octet-stream", Origin: client.origin },
    body: `A letter for one beneficiary only (${fileName}).`,
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { document: { id: string; title: string } }).document;
}

const authority = JSON.stringify({
  documentId: "00000000-0000-4000-8000-000000000000",
  versionId: null,
  provisionId: "p1",
  documentTitle: "Trust",
  reference: "Article 4",
  title: "Support",
  passage: "The Trustee may distribute income for the health and education of each beneficiary.",
});

/** Gives a beneficiary a share, a paid and a waiting request, a shared document, an open vote and a delivered accounting, all marked with `tag`. */
async function furnish(
  owner: Client,
  workspaceId: string,
  member: Member,
  tag: string,
  shareBp: number,
  paidMinor: number,
  period: string,
): Promise<Beneficiary> {
  const ws = workspaceId;
  const userId = member.me.id;
  const now = Date.now();
  const document = await upload(owner, `${tag}-letter.txt`);
  const shared = await owner.fetch(`/api/documents/${document.id}/shares/${userId}`, {
    method: "PUT",
    headers: { "Content-Type": "application/json", Origin: owner.origin },
    body: JSON.stringify({ permission: "view" }),
  });
  expect(shared.status).toBe(200);
  const paid = crypto.randomUUID();
  const waiting = crypto.randomUUID();
  const poll = crypto.randomUUID();
  const accounting = crypto.randomUUID();
  const year = new Date().getUTCFullYear();
  sql(
    [
      `UPDATE memberships SET beneficial_share_bp = ${shareBp} WHERE workspace_id = ${q(ws)} AND user_id = ${q(userId)}`,
      ...[
        [paid, `${tag} paid purpose`, paidMinor, "paid", `${year}-01-15`],
        [waiting, `${tag} waiting purpose`, 4321, "requested", null],
      ].map(
        ([id, purpose, amount, status, paidOn]) =>
          `INSERT INTO finance_distributions (id, workspace_id, beneficiary_user_id, beneficiary_name, amount_minor, currency, purpose, principal_or_income, status, approval_mode, authority, warnings, paid_on, requested_by, created_at, updated_at)
           VALUES (${q(String(id))}, ${q(ws)}, ${q(userId)}, ${q(member.account.name)}, ${amount}, 'USD', ${q(String(purpose))}, 'income', ${q(String(status))}, 'trustee', ${q(authority)}, '[]', ${paidOn ? q(String(paidOn)) : "NULL"}, ${q(userId)}, ${now}, ${now})`,
      ),
      `INSERT INTO polls (id, workspace_id, title, type, status, closes_at, eligibility, quorum_percent, hide_results, weighted, anonymous, created_at)
       VALUES (${q(poll)}, ${q(ws)}, ${q(`${tag} vote`)}, 'yes_no', 'open', ${now + 7 * 86_400_000}, 'people', 50, 0, 0, 0, ${now})`,
      `INSERT INTO poll_voters (poll_id, user_id, workspace_id, weight) VALUES (${q(poll)}, ${q(userId)}, ${q(ws)}, 1)`,
      `INSERT INTO finance_accountings (id, workspace_id, period_from, period_to, reason, document_id, created_at) VALUES (${q(accounting)}, ${q(ws)}, ${q(period)}, ${q(period)}, 'annual', ${q(document.id)}, ${now})`,
      `INSERT INTO finance_accounting_deliveries (accounting_id, user_id, workspace_id, delivered_at) VALUES (${q(accounting)}, ${q(userId)}, ${q(ws)}, ${now})`,
    ].join(";\n"),
  );
  return {
    ...member,
    markers: [`${tag} paid purpose`, `${tag} waiting purpose`, `${tag} vote`, document.title, period, member.account.name, userId, String(paidMinor)],
  };
}

/** Every portal answer a person gets: the JSON endpoint, the page's HTML (which carries its loader data) and the single-fetch data. */
async function everyPortalAnswer(client: Client, query = "") {
  const paths = [`/api/portal${query}`, `/beneficiary-portal${query}`, `/beneficiary-portal.data${query}`];
  if (!query) paths.push("/dashboard.data", "/dashboard");
  const answers: { path: string; body: string; whole: boolean }[] = [];
  for (const path of paths) {
    const response = await client.get(path);
    expect(response.status, path).toBe(200);
    // The dashboard carries only the summary: her paid request's purpose, not her documents or votes.
    answers.push({ path, body: await response.text(), whole: !path.startsWith("/dashboard") });
  }
  return answers;
}

async function expectOnlyOwn(client: Client, own: Beneficiary, other: Beneficiary, query = "") {
  for (const { path, body, whole } of await everyPortalAnswer(client, query)) {
    for (const marker of own.markers.slice(0, whole ? 4 : 1)) expect(body, `${path} lacks ${marker}`).toContain(marker);
    for (const marker of other.markers) expect(body, `${path} leaks ${marker}`).not.toContain(marker);
  }
}

describe("beneficiary portal", () => {
  let owner: Awaited<ReturnType<typeof startWorkspace>>;
  let trustee: Member;
  let family: Member;
  let alpha: Beneficiary;
  let bravo: Beneficiary;

  beforeAll(async () => {
    owner = await startWorkspace(baseUrl, "portalown", "The Portal Test Trust");
    trustee = await addMember(baseUrl, owner.client, "trustee", "portaltr");
    family = await addMember(baseUrl, owner.client, "family_member", "portalfam");
    const ws = owner.me.workspace.id;
    alpha = await furnish(owner.client, ws, await addMember(baseUrl, owner.client, "beneficiary", "portalalpha"), "Alphamark", 2345, 123_456, "2018-02-03");
    bravo = await furnish(owner.client, ws, await addMember(baseUrl, owner.client, "beneficiary", "portalbravo"), "Bravomark", 3117, 987_654, "2019-04-05");
  }, 120_000);

  it("gives each beneficiary her own portal and nothing of the other's, on every endpoint and page", async () => {
    await expectOnlyOwn(alpha.client, alpha, bravo);
    await expectOnlyOwn(bravo.client, bravo, alpha);
    const summary = await portalJson(alpha.client);
    expect(summary.sentences[0]).toBe("Your share of The Portal Test Trust is 23.45%.");
    expect(summary.sentences[1]).toBe("This year you have received $1,234.56 for Alphamark paid purpose.");
    expect(summary.sentences[2]).toContain("$43.21");
    expect((await portalJson(bravo.client)).sentences[0]).toBe("Your share of The Portal Test Trust is 31.17%.");
  });

  it("keeps trust-wide totals hidden until the owner turns them on; only the owner may, and it is audited", async () => {
    expect((await portalJson(alpha.client)).totals).toBeNull();
    for (const client of [trustee.client, alpha.client]) {
      const refused = await client.postForm("/beneficiary-portal", { intent: "totals", show: "on" });
      expect(refused.status).toBe(403);
      expect(await refused.text()).toContain("owner can choose whether beneficiaries see the trust-wide totals");
    }
    expect((await portalJson(alpha.client)).totals).toBeNull();
    expect((await owner.client.postForm("/beneficiary-portal", { intent: "totals", show: "on" })).status).toBe(200);
    const totals = (await portalJson(alpha.client)).totals!;
    expect(totals.paidThisYearMinor).toBe(123_456 + 987_654);
    expect(totals.pendingMinor).toBe(2 * 4321);
    // Totals are sums: still nothing of the other beneficiary by name, purpose or amount.
    await expectOnlyOwn(alpha.client, alpha, bravo);
    expect((await owner.client.postForm("/beneficiary-portal", { intent: "totals", show: "off" })).status).toBe(200);
    expect((await portalJson(alpha.client)).totals).toBeNull();
    const audit = sql(
      `SELECT action, outcome FROM audit_log WHERE workspace_id = ${q(owner.me.workspace.id)} AND action LIKE 'portal.totals%' ORDER BY created_at`,
    );
    expect(audit.map((r) => r.action)).toEqual(["portal.totals_denied", "portal.totals_denied", "portal.totals_shown", "portal.totals_hidden"]);
  });

  it("lets owners and trustees preview any beneficiary's portal, audited, and shows them whom they may preview", async () => {
    await expectOnlyOwn(trustee.client, alpha, bravo, `?as=${alpha.me.id}`);
    await expectOnlyOwn(owner.client, bravo, alpha, `?as=${bravo.me.id}`);
    const choices = (await portalJson(trustee.client)) as unknown as { preview: { beneficiaries: { userId: string }[] } };
    expect(choices.preview.beneficiaries.map((b) => b.userId).sort()).toEqual([alpha.me.id, bravo.me.id].sort());
    const audit = sql(`SELECT target_id FROM audit_log WHERE action = 'portal.previewed' AND actor_user_id = ${q(trustee.me.id)}`);
    expect(audit.map((r) => r.target_id)).toContain(alpha.me.id);
  });

  it("refuses other people's portals and bad ids with a 4xx and a sentence, never a 500", async () => {
    const cases: [Client, string, number, string][] = [
      [alpha.client, `?as=${bravo.me.id}`, 403, "Only the owner and the trustees can see another beneficiary's portal."],
      [family.client, "", 403, "The beneficiary portal is for the trust's beneficiaries"],
      [family.client, `?as=${alpha.me.id}`, 403, "Only the owner and the trustees"],
      [trustee.client, `?as=${family.me.id}`, 404, "No beneficiary with that id belongs to this trust."],
      [trustee.client, `?as=${crypto.randomUUID()}`, 404, "No beneficiary with that id"],
      [trustee.client, "?as=not-an-id", 400, "That is not a member's id."],
      [owner.client, `?as=${owner.me.id}`, 404, "No beneficiary with that id"],
    ];
    for (const [client, query, status, message] of cases) {
      const api = await client.get(`/api/portal${query}`);
      expect(api.status, query).toBe(status);
      expect(await error(api)).toContain(message);
      for (const path of [`/beneficiary-portal${query}`, `/beneficiary-portal.data${query}`]) {
        const page = await client.get(path);
        expect(page.status, path).toBe(status);
        expect(await page.text(), path).not.toContain("Alphamark paid purpose");
      }
    }
    // Asking for her own id is simply her own portal.
    expect((await portalJson(alpha.client, `?as=${alpha.me.id}`)).sentences[0]).toContain("23.45%");
    expect((await alpha.client.postForm("/beneficiary-portal", { intent: "nonsense" })).status).toBe(400);
    const outsider = await startWorkspace(baseUrl, "portalout", "Another Trust");
    expect((await outsider.client.get(`/api/portal?as=${alpha.me.id}`)).status).toBe(404);
    expect(await (await fetch(new URL("/api/portal", baseUrl))).status).toBe(401);
    const denied = sql(`SELECT outcome FROM audit_log WHERE action = 'portal.preview_denied' AND actor_user_id = ${q(alpha.me.id)}`);
    expect(denied[0]?.outcome).toBe("denied");
  });

  it("opens her private thread with the trustees on first use; the other beneficiary cannot see it", async () => {
    expect((await portalJson(alpha.client)).threadId).toBeNull();
    const opened = await alpha.client.postForm("/beneficiary-portal", { intent: "thread" });
    expect(opened.status).toBe(302);
    const threadId = (await portalJson(alpha.client)).threadId!;
    expect(opened.headers.get("Location")).toBe(`/channel/${threadId}`);
    // Opening again (a trustee from the preview) finds the same channel.
    expect((await trustee.client.postForm("/beneficiary-portal", { intent: "thread", as: alpha.me.id })).headers.get("Location")).toBe(`/channel/${threadId}`);
    expect((await alpha.client.get(`/api/chat/channels/${threadId}`)).status).toBe(200);
    expect((await owner.client.get(`/api/chat/channels/${threadId}`)).status).toBe(200);
    expect((await bravo.client.get(`/api/chat/channels/${threadId}`)).status).toBe(404);
    expect((await family.client.get(`/api/chat/channels/${threadId}`)).status).toBe(404);
    expect((await portalJson(bravo.client)).threadId).toBeNull();
    expect((await bravo.client.postForm("/beneficiary-portal", { intent: "thread", as: alpha.me.id })).status).toBe(403);
  });
});
