// The second outside probe, money and mail: a trustee paying herself by typing her own name, formulas in the CSV
// exports, and a template preview carrying a member's real unsubscribe link. Each test failed before its mend.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { unzipSync, strFromU8 } from "fflate";
import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { testServer } from "../helpers/test-server";
import { checkingWithStatement } from "../helpers/banking";
import { Client, latestMail, newAccount } from "../helpers/client";
import { addMember, sql as runSql, startWorkspace, uploadAnalysed } from "../helpers/workspace";

const baseUrl = testServer().baseUrl;
const sqlUrl = testServer().sqlUrl;
const sql = (query: string) => runSql(sqlUrl, query);
const fixture = (path: string) => readFileSync(new URL(`../fixtures/${path}`, import.meta.url));
const json = async <T = any>(response: Response): Promise<T> => (await response.json()) as T;
const error = async (response: Response) => (await json<{ error: string }>(response)).error;

describe("a trustee never approves or pays a distribution to herself, named by her account or by her name", () => {
  /** A trust with its instrument analysed and September's statement imported (a 2,500.00 transfer among the rows). */
  async function fundedTrust(prefix: string) {
    const owner = await startWorkspace(baseUrl, prefix, `The ${prefix} Trust`);
    const documentId = await uploadAnalysed(owner.client, fixture("documents/hartwell-family-trust.txt"), "hartwell-family-trust.txt");
    await checkingWithStatement(owner.client, 2026, fixture("bank/pacific-coast-2026-09.ofx").toString("utf8"), "september.ofx");
    return { owner, documentId };
  }

  it("refuses her approval and her payment when the payee is her name typed as free text; a co-trustee decides and pays", async () => {
    const { owner, documentId } = await fundedTrust("probeself");
    const james = await addMember(baseUrl, owner.client, "co_trustee", "probeselfjames");
    // The owner is Eleanor Hartwell; the requests name her as someone without a login would be named.
    sql(`update users set name = 'Eleanor Hartwell' where id = '${owner.me.id}'`);
    const base = {
      amountMinor: 250_000,
      currency: "USD",
      purpose: "Medical bills",
      principalOrIncome: "principal",
      authority: { documentId, provisionId: "p5" },
    };
    const ask = async (beneficiaryName: string, approvalMode = "trustee") => {
      const response = await owner.client.postJson("/api/finance/distributions", { ...base, beneficiaryName, approvalMode });
      expect(response.status, await response.clone().text()).toBe(201);
      return (await json<{ id: string }>(response)).id;
    };
    const refused = async (response: Response) => {
      expect(response.status).toBe(403);
      expect(await error(response)).toBe("You cannot approve or pay a distribution to yourself: another trustee or the family's vote must.");
    };

    // Her name in another case, with a space after it; with accents; in the bank's order; her e-mail.
    const own = await ask("eleanor hartwell ");
    for (const name of ["ÉLÉANOR  HÁRTWELL", "Hartwell, Eleanor", ` ${owner.account.email.toUpperCase()} `]) {
      const id = await ask(name);
      await refused(await owner.client.postJson(`/api/finance/distributions/${id}/approve`, { confirmWarnings: true }));
    }
    await refused(await owner.client.postJson(`/api/finance/distributions/${own}/approve`, { confirmWarnings: true }));
    await refused(await owner.client.postJson(`/api/finance/distributions/${own}/reject`, {}));
    const denied = sql(`select metadata from audit_log where target_id = '${own}' and action = 'finance.distribution_approve_denied'`);
    expect(JSON.parse(denied[0]!.metadata as string)).toMatchObject({ reason: "own", by: "name" });
    const listed = async (client: Client) =>
      (await json<{ distributions: { id: string; ownPayee: boolean; status: string }[] }>(await client.get("/api/finance/distributions"))).distributions.find(
        (d) => d.id === own,
      )!;
    expect((await listed(owner.client)).ownPayee).toBe(true);
    expect((await listed(james.client)).ownPayee).toBe(false);
    expect((await listed(owner.client)).status).toBe("requested");

    // Another trustee approves it; the owner may not pay it either, the co-trustee does.
    expect((await james.client.postJson(`/api/finance/distributions/${own}/approve`, { confirmWarnings: true })).status).toBe(200);
    const { candidates } = await json<{ candidates: { id: string }[] }>(await james.client.get(`/api/finance/distributions/${own}/payments`));
    await refused(await owner.client.postJson(`/api/finance/distributions/${own}/pay`, { transactionId: candidates[0]!.id }));
    expect(sql(`select action from audit_log where target_id = '${own}' and action = 'finance.distribution_pay_denied'`)).toHaveLength(1);
    const paid = await james.client.postJson(`/api/finance/distributions/${own}/pay`, { transactionId: candidates[0]!.id });
    expect(paid.status, await paid.clone().text()).toBe(200);

    // "Every trustee approves": she is the payee, so every trustee but her is enough, and hers is refused.
    const all = await ask("Hartwell, Éleanor", "all_trustees");
    await refused(await owner.client.postJson(`/api/finance/distributions/${all}/approve`, { confirmWarnings: true }));
    const approved = await james.client.postJson(`/api/finance/distributions/${all}/approve`, { confirmWarnings: true });
    expect((await json<{ status: string }>(approved)).status).toBe("approved");

    // Someone else of the family, named in free text, is hers to decide.
    const daniel = await ask("Daniel R. Hartwell");
    expect((await owner.client.postJson(`/api/finance/distributions/${daniel}/approve`, { confirmWarnings: true })).status).toBe(200);
  });
});

describe("no CSV the product writes carries a live formula", () => {
  const HOSTILE = '=HYPERLINK("http://evil.example","Interest")';
  /** A cell a spreadsheet would run (OWASP): = + - @, a tab, a carriage return or a line feed first. */
  const FORMULA = /^[=+\-@\t\r\n]/;
  /** A negative number the product wrote itself: it begins with a minus and stays a number. */
  const NEGATIVE_NUMBER = /^-\d+(\.\d+)?$/;
  const cells = (csv: string) => Papa.parse<string[]>(csv.replace(/^\uFEFF/, ""), { delimiter: ",", newline: "\r\n", skipEmptyLines: true }).data.flat();

  /** The files that write CSV through platform/csv.ts: each must be one of the exports below. */
  function csvWriters(dir = "app"): string[] {
    return readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return csvWriters(path);
      if (!/\.tsx?$/.test(name) || /\.test\.tsx?$/.test(name) || path === join("app", "platform", "csv.ts")) return [];
      return /from "~\/platform\/csv"/.test(readFileSync(path, "utf8")) ? [relative(".", path)] : [];
    });
  }

  it("neutralises a beneficiary's display name and a statement's description in every export, and keeps amounts numbers", async () => {
    const owner = await startWorkspace(baseUrl, "probecsv", "The Spreadsheet Trust");
    // A beneficiary whose own display name is a formula.
    const account = { ...newAccount("probecsvben"), name: HOSTILE };
    expect((await owner.client.postForm("/admin", { email: account.email, role: "beneficiary" })).status).toBe(200);
    const invited = new Client(baseUrl);
    expect((await invited.postForm(`/invite-signup?token=${(await latestMail(baseUrl, account.email))!.token}`, account)).status).toBe(302);
    const beneficiary = { client: invited, me: await json<{ id: string; name: string }>(await invited.get("/api/auth/user")) };
    expect(beneficiary.me.name).toBe(HOSTILE);

    // A statement line from an outside payer whose description is a formula; the payment to the beneficiary.
    const statement = ["Date,Description,Amount", `2026-09-02,"${HOSTILE.replace(/"/g, '""')}",12.34`, "2026-09-05,ZELLE TO BENEFICIARY,-500.00"].join("\n");
    const accountId = await checkingWithStatement(owner.client, 2026, statement, "hostile.csv");
    const rows = sql(`select id, amount_minor as amount from bank_transactions where account_id = '${accountId}'`) as { id: string; amount: number }[];
    const patch = (id: string, body: Record<string, unknown>) =>
      owner.client.fetch(`/api/banking/transactions/${id}`, {
        method: "PATCH",
        headers: { "Content-Type": "application/json", Origin: owner.client.origin },
        body: JSON.stringify(body),
      });
    expect((await patch(rows.find((r) => r.amount === 1234)!.id, { category: "interest" })).status).toBe(200);
    expect((await patch(rows.find((r) => r.amount === -50_000)!.id, { category: "distribution", beneficiaryUserId: beneficiary.me.id })).status).toBe(200);

    // A vote the beneficiary takes part in, its title a formula too.
    const poll = await owner.client.postJson("/api/polls", {
      title: HOSTILE,
      type: "yes_no",
      eligibility: "all",
      closesAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(poll.status, await poll.clone().text()).toBe(201);
    const pollId = (await json<{ poll: { id: string } }>(poll)).poll.id;
    const detail = await json<{ options: { id: string; text: string }[] }>(await beneficiary.client.get(`/api/polls/${pollId}`));
    expect((await beneficiary.client.postJson(`/api/polls/${pollId}/ballot`, { choices: [detail.options[0]!.id] })).status).toBe(200);

    const text = async (path: string) => {
      const response = await owner.client.get(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("Content-Type"), path).toBe("text/csv; charset=utf-8");
      return [await response.text()];
    };
    const zipped = async (path: string) => {
      const response = await owner.client.get(path);
      expect(response.status, path).toBe(200);
      return Object.values(unzipSync(new Uint8Array(await response.arrayBuffer()))).map((bytes) => strFromU8(bytes));
    };
    // Every CSV export, by the file that writes it.
    const exports: Record<string, () => Promise<string[]>> = {
      "app/modules/tax/k1-export.ts": () => text("/api/tax/k1?year=2026&format=csv"),
      "app/modules/finance/accounting/csv.ts": () => zipped("/api/finance/accounting?from=2026-09-01&to=2026-09-30&format=csv"),
      "app/modules/banking/export.server.ts": () => text(`/api/banking/accounts/${accountId}/transactions?format=csv`),
      "app/modules/compliance/audit-log.server.ts": () => text("/api/audit/entries?format=csv"),
      "app/modules/polls/export.server.ts": () => text(`/api/polls/${pollId}/export?format=csv`),
    };
    const neutralised = `'${HOSTILE}`;
    const seen: Record<string, string[]> = {};
    for (const [writer, download] of Object.entries(exports)) {
      const all = (await download()).flatMap(cells);
      seen[writer] = all;
      const live = all.filter((cell) => FORMULA.test(cell) && !NEGATIVE_NUMBER.test(cell));
      expect(live, writer).toEqual([]);
      // The hostile text is there, shown as text.
      expect(all, writer).toContain(neutralised);
    }
    // The K-1 worksheet names her and lists the interest line; the accounting too; amounts are numbers, negatives included.
    const k1 = seen["app/modules/tax/k1-export.ts"]!;
    expect(k1.filter((cell) => cell === neutralised).length).toBeGreaterThanOrEqual(2);
    expect(k1).toContain("12.34");
    const accounting = seen["app/modules/finance/accounting/csv.ts"]!;
    expect(accounting.filter((cell) => cell === neutralised).length).toBeGreaterThanOrEqual(2);
    expect(accounting).toContain("-500.00");
    expect(seen["app/modules/banking/export.server.ts"]).toContain("-500.00");
    // Each writes through platform/csv.ts, and a new CSV writer needs its export here.
    expect(csvWriters().sort()).toEqual(Object.keys(exports).sort());
  });
});

describe("an e-mail preview's unsubscribe link stops nothing", () => {
  const links = (...texts: (string | null | undefined)[]) => [
    ...new Set(texts.flatMap((t) => [...(t ?? "").replace(/&amp;/g, "&").matchAll(/https?:\/\/[^\s"'<>]+\/unsubscribe\?token=[^\s"'<>]*/g)].map((m) => m[0]))),
  ];
  const tokenOf = (link: string) => new URL(link).searchParams.get("token") ?? "";
  const optOuts = (userId: string) => sql(`select count(*) as n from email_opt_outs where user_id = '${userId}'`)[0]!.n;
  /** What the owner can do with a link she was shown: POST it as a mail app would, confirm on its page, open it. */
  async function follow(link: string, userId: string) {
    const url = new URL(link);
    const local = new URL(`${url.pathname}${url.search}`, baseUrl);
    for (const body of ["List-Unsubscribe=One-Click", "intent=stop"]) {
      const posted = await fetch(local, { method: "POST", body, headers: { "Content-Type": "application/x-www-form-urlencoded" } });
      expect(optOuts(userId), `${link} opted ${userId} out`).toBe(0);
      expect(posted.status).toBe(400);
    }
    const page = await fetch(local);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).not.toContain("Stop receiving");
    expect(html).toContain("This link comes from a preview of the e-mail: it stops nothing.");
  }

  it("an owner's preview for a member, and a test send, carry no token of anyone's", async () => {
    const owner = await startWorkspace(baseUrl, "probemail", "The Preview Trust");
    const member = await addMember(baseUrl, owner.client, "family_member", "probemailmember");
    // The member's real mail: a notification of her role change, with her own, working link.
    const changed = await owner.client.fetch(`/api/workspaces/members/${member.me.id}`, {
      method: "PATCH",
      headers: { "Content-Type": "application/json", Origin: owner.client.origin },
      body: JSON.stringify({ role: "viewer" }),
    });
    expect(changed.status).toBe(200);
    const real = sql(
      `select text_body, html_body, headers from mail_outbox where to_address = '${member.account.email}' and kind = 'notification.member_role_changed'`,
    )[0] as { text_body: string; html_body: string; headers: string };
    const realTokens = links(real.text_body, real.html_body, real.headers).map(tokenOf);
    expect(realTokens.length).toBeGreaterThan(0);

    const { templates } = await json<{ templates: { key: string; unsubscribable: boolean }[] }>(await owner.client.get("/api/email/templates"));
    const unsubscribable = templates.filter((t) => t.unsubscribable).map((t) => t.key);
    expect(unsubscribable).toEqual(["notification", "reminder", "digest"]);
    for (const key of unsubscribable) {
      const response = await owner.client.postJson(`/api/email/templates/${key}/preview`, { memberId: member.me.id });
      expect(response.status, key).toBe(200);
      const { preview } = await json<{ preview: { text: string; html: string; headers: Record<string, string> | null } }>(response);
      const shown = links(preview.text, preview.html, JSON.stringify(preview.headers));
      // The preview looks like her mail, unsubscribe link included, but the link is a preview's.
      expect(shown.length, key).toBeGreaterThan(0);
      for (const link of shown) {
        await follow(link, member.me.id);
        expect(realTokens, key).not.toContain(tokenOf(link));
        expect(tokenOf(link), key).toBe("preview");
      }
      for (const token of realTokens) expect(`${preview.text}${preview.html}${JSON.stringify(preview.headers)}`, key).not.toContain(token);
    }
    expect(optOuts(member.me.id)).toBe(0);

    // A test send to the owner herself is a preview too.
    const test = await owner.client.postJson("/api/email/templates/digest/test", {});
    expect(test.status).toBe(202);
    const mail = sql(`select text_body, html_body, headers from mail_outbox where to_address = '${owner.account.email}' and kind = 'email_test'`)[0] as {
      text_body: string;
      html_body: string;
      headers: string;
    };
    const sent = links(mail.text_body, mail.html_body, mail.headers);
    expect(sent.length).toBeGreaterThan(0);
    for (const link of sent) {
      await follow(link, owner.me.id);
      expect(tokenOf(link)).toBe("preview");
    }
    expect(optOuts(owner.me.id)).toBe(0);
    expect(sql(`select count(*) as n from audit_log where action = 'email.unsubscribed' and workspace_id = '${owner.me.workspace.id}'`)[0]!.n).toBe(0);

    // The member's own link still works.
    const own = new URL(links(real.headers)[0]!);
    const oneClick = await fetch(new URL(`${own.pathname}${own.search}`, baseUrl), {
      method: "POST",
      body: "List-Unsubscribe=One-Click",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(oneClick.status).toBe(200);
    expect(optOuts(member.me.id)).toBe(1);
  });
});
