import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { testServer } from "../helpers/test-server";
import { checkingWithStatement } from "../helpers/banking";
import type { Client } from "../helpers/client";
import { addMember, sql as runSql, startWorkspace } from "../helpers/workspace";

const baseUrl = testServer().baseUrl;
const sqlUrl = testServer().sqlUrl;
const sql = (query: string) => runSql(sqlUrl, query);
const september = readFileSync("/work/shared/fixtures/bank/pacific-coast-2026-09.ofx", "utf8");

function send(client: Client, method: string, path: string, body?: unknown) {
  return client.fetch(path, {
    method,
    headers: body === undefined ? { Origin: client.origin } : { "Content-Type": "application/json", Origin: client.origin },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}
const error = async (response: Response) => ((await response.json()) as { error: string }).error;

function upload(client: Client, accountId: string, name: string, text: string) {
  const form = new FormData();
  form.set("file", new Blob([text]), name);
  return client.fetch(`/api/banking/accounts/${accountId}/imports`, { method: "POST", body: form, headers: { Origin: client.origin } });
}

interface Preview {
  importId: string;
  lockedThrough?: string;
  rows: { postedOn: string; description: string; state: string; refusal?: string }[];
}
async function preview(client: Client, accountId: string, name: string, text: string) {
  const response = await upload(client, accountId, name, text);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as Preview;
}

interface Tx {
  id: string;
  postedOn: string;
  description: string;
  cleared: boolean;
}
async function transactions(client: Client, accountId: string) {
  const response = await client.get(`/api/banking/accounts/${accountId}/transactions?limit=500`);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as { transactions: Tx[]; balanceMinor: number | null };
}

const csv = (rows: [string, string, string, string][]) => ["Date,Description,Amount,Reference", ...rows.map((r) => r.join(","))].join("\n") + "\n";

describe("banking mends (probe 2)", () => {
  it("a banking grant counts only for the roles it is for, and goes (audited) when the role changes or the member is removed", async () => {
    const owner = await startWorkspace(baseUrl, "p2grant", "The Grant Trust");
    const accountId = await checkingWithStatement(owner.client, 2026, september, "september.ofx");
    const family = await addMember(baseUrl, owner.client, "family_member", "p2fam");
    const other = await addMember(baseUrl, owner.client, "beneficiary", "p2other");
    const workspaceId = owner.me.workspace.id;
    // A distribution to someone else: only those who read all the trust's finances see it.
    sql(
      `INSERT INTO finance_distributions (id, workspace_id, beneficiary_user_id, beneficiary_name, amount_minor, currency, purpose, principal_or_income,
         status, approval_mode, authority, warnings, requested_by, created_at, updated_at)
       VALUES ('${crypto.randomUUID()}', '${workspaceId}', '${other.me.id}', 'Someone Else', 50000, 'USD', 'Tuition', 'income', 'requested', 'trustee',
         '{"documentId":"${crypto.randomUUID()}","versionId":null,"provisionId":"p1"}', '[]', '${owner.me.id}', 0, 0)`,
    );
    const distributions = async (client: Client) => {
      const response = await client.get("/api/finance/distributions");
      expect(response.status).toBe(200);
      return ((await response.json()) as { distributions: { beneficiaryUserId: string | null }[] }).distributions;
    };

    expect((await send(owner.client, "PUT", `/api/banking/grants/${family.me.id}`)).status).toBe(200);
    // With the grant, the family member reads the banking and the trust's finances.
    expect((await transactions(family.client, accountId)).transactions).toHaveLength(10);
    expect((await family.client.get("/api/finance/overview")).status).toBe(200);
    expect((await family.client.get("/api/finance/assets")).status).toBe(200);
    expect(await distributions(family.client)).toHaveLength(1);

    const changed = await send(owner.client, "PATCH", `/api/workspaces/members/${family.me.id}`, { role: "beneficiary" });
    expect(changed.status, await changed.clone().text()).toBe(200);

    // Now a beneficiary: her own sub-ledger and her own distributions only, nothing of the trust's books.
    const own = await transactions(family.client, accountId);
    expect(own.transactions).toHaveLength(0);
    expect(own.balanceMinor).toBeNull();
    expect(await distributions(family.client)).toEqual([]);
    for (const path of ["/api/finance/overview", "/api/finance/assets"]) {
      const refused = await family.client.get(path);
      expect(refused.status, path).toBe(403);
    }
    // The grant is gone, and the audit log says so: by whom, and why.
    expect(sql(`SELECT count(*) AS n FROM banking_grants WHERE workspace_id = '${workspaceId}' AND user_id = '${family.me.id}'`)[0].n).toBe(0);
    const revoked = sql(
      `SELECT actor_user_id, metadata FROM audit_log WHERE workspace_id = '${workspaceId}' AND action = 'banking.access_revoked' AND target_id = '${family.me.id}'`,
    );
    expect(revoked).toHaveLength(1);
    expect(revoked[0].actor_user_id).toBe(owner.me.id);
    expect(JSON.parse(String(revoked[0].metadata))).toEqual({ reason: "role_changed", from: "family_member", to: "beneficiary" });

    // A grant left from before (written straight into the table) gives a beneficiary nothing, shows in the panel, and
    // can be revoked.
    sql(`INSERT INTO banking_grants (workspace_id, user_id, granted_by, created_at) VALUES ('${workspaceId}', '${family.me.id}', '${owner.me.id}', 0)`);
    expect((await family.client.get("/api/finance/overview")).status).toBe(403);
    expect((await family.client.get("/api/finance/assets")).status).toBe(403);
    expect(await distributions(family.client)).toEqual([]);
    const panel = (await (await owner.client.get("/api/banking/sharing")).json()) as { people: { userId: string; granted: boolean; counts: boolean }[] };
    expect(panel.people).toContainEqual(expect.objectContaining({ userId: family.me.id, granted: true, counts: false }));
    // Granting to a beneficiary is still refused; revoking works whatever the role.
    expect((await send(owner.client, "PUT", `/api/banking/grants/${family.me.id}`)).status).toBe(400);
    expect((await send(owner.client, "DELETE", `/api/banking/grants/${family.me.id}`)).status).toBe(200);
    expect(sql(`SELECT count(*) AS n FROM banking_grants WHERE workspace_id = '${workspaceId}' AND user_id = '${family.me.id}'`)[0].n).toBe(0);

    // A viewer made a family member keeps the grant (both roles take one); removed from the workspace, it goes.
    const viewer = await addMember(baseUrl, owner.client, "viewer", "p2view");
    expect((await send(owner.client, "PUT", `/api/banking/grants/${viewer.me.id}`)).status).toBe(200);
    expect((await send(owner.client, "PATCH", `/api/workspaces/members/${viewer.me.id}`, { role: "family_member" })).status).toBe(200);
    expect((await transactions(viewer.client, accountId)).transactions).toHaveLength(10);
    expect((await send(owner.client, "DELETE", `/api/workspaces/members/${viewer.me.id}`)).status).toBe(200);
    expect(sql(`SELECT count(*) AS n FROM banking_grants WHERE user_id = '${viewer.me.id}'`)[0].n).toBe(0);
    const removed = sql(`SELECT metadata FROM audit_log WHERE action = 'banking.access_revoked' AND target_id = '${viewer.me.id}'`);
    expect(removed.map((r) => JSON.parse(String(r.metadata)))).toEqual([{ reason: "member_removed" }]);
  });

  it("the lawyer's tax calendar feed is revoked (audited) when her role no longer sees the taxes", async () => {
    const owner = await startWorkspace(baseUrl, "p2tax", "The Feed Role Trust");
    const lawyer = await addMember(baseUrl, owner.client, "legal_professional", "p2law");
    const created = await lawyer.client.postJson("/api/tax/feeds", {});
    expect(created.status).toBe(201);
    const { id, url } = (await created.json()) as { id: string; url: string };
    const path = new URL(url).pathname;
    expect((await fetch(new URL(path, baseUrl))).status).toBe(200);
    expect((await send(owner.client, "PATCH", `/api/workspaces/members/${lawyer.me.id}`, { role: "family_member" })).status).toBe(200);
    expect((await fetch(new URL(path, baseUrl))).status).toBe(404);
    expect(sql(`SELECT revoked_at IS NOT NULL AS revoked FROM tax_feed_tokens WHERE id = '${id}'`)[0].revoked).toBe(1);
    // Made the family's lawyer again, the old address stays dead.
    expect((await send(owner.client, "PATCH", `/api/workspaces/members/${lawyer.me.id}`, { role: "legal_professional" })).status).toBe(200);
    expect((await fetch(new URL(path, baseUrl))).status).toBe(404);
    const audit = sql(`SELECT actor_user_id, metadata FROM audit_log WHERE action = 'tax.feed_revoked' AND target_id = '${id}'`);
    expect(audit).toHaveLength(1);
    expect(audit[0].actor_user_id).toBe(owner.me.id);
    expect(JSON.parse(String(audit[0].metadata))).toMatchObject({ reason: "role_changed", from: "legal_professional", to: "family_member" });
  });

  it("a locked period does not change through an import: its rows are refused at preview and commit, and its items cannot be cleared", async () => {
    const owner = await startWorkspace(baseUrl, "p2lock", "The Locked Trust");
    const accountId = await checkingWithStatement(owner.client, 2026, september, "september.ofx");
    const sept = (await transactions(owner.client, accountId)).transactions;
    const fee = sept.find((t) => t.description.includes("SERVICE FEE"))!;
    // The bank has not cleared the fee: it stays outstanding in September's reconciliation.
    expect((await send(owner.client, "PATCH", `/api/banking/transactions/${fee.id}`, { cleared: false })).status).toBe(200);

    // A preview made before the period is locked, committed after.
    const stale = await preview(
      owner.client,
      accountId,
      "stale.csv",
      csv([
        ["2026-09-25", "STALE SEPTEMBER ROW", "-10.00", "STALE-0925"],
        ["2026-10-05", "STALE OCTOBER ROW", "20.00", "STALE-1005"],
      ]),
    );
    expect(stale.rows.map((r) => r.state)).toEqual(["new", "new"]);

    const started = await owner.client.postJson(`/api/banking/accounts/${accountId}/reconciliations`, { statementEndOn: "2026-09-30", closingBalanceMinor: 0 });
    expect(started.status, await started.clone().text()).toBe(201);
    const { id: recId, clearedBalanceMinor } = (await started.json()) as { id: string; clearedBalanceMinor: number };
    expect(
      (
        await owner.client.postJson(`/api/banking/accounts/${accountId}/reconciliations`, {
          statementEndOn: "2026-09-30",
          closingBalanceMinor: clearedBalanceMinor,
        })
      ).status,
    ).toBe(201);
    const locked = await owner.client.postJson(`/api/banking/reconciliations/${recId}/lock`, {});
    expect(locked.status, await locked.clone().text()).toBe(200);
    const difference = async () =>
      ((await (await owner.client.get(`/api/banking/reconciliations/${recId}`)).json()) as { differenceMinor: number }).differenceMinor;
    expect(await difference()).toBe(0);

    const sentence =
      "Not imported: dated on or before 2026-09-30, the end of a reconciled statement period that is locked. An owner or trustee must unlock that period before anything in it can change.";
    const fresh = await preview(
      owner.client,
      accountId,
      "late.csv",
      csv([
        ["2026-09-20", "LATE SEPTEMBER ENTRY", "-100.00", "LATE-0920"],
        ["2026-10-03", "OCTOBER DEPOSIT", "250.00", "OCT-1003"],
      ]),
    );
    expect(fresh.lockedThrough).toBe("2026-09-30");
    expect(fresh.rows).toEqual([
      expect.objectContaining({ postedOn: "2026-09-20", state: "locked", refusal: sentence }),
      expect.objectContaining({ postedOn: "2026-10-03", state: "new" }),
    ]);
    expect(fresh.rows[1].refusal).toBeUndefined();

    // Asked to import the locked row anyway: refused, with the reason, and nothing imported.
    const forced = await owner.client.postJson(`/api/banking/imports/${fresh.importId}/commit`, { overrides: { "0": "import" } });
    expect(forced.status).toBe(409);
    expect(await error(forced)).toBe(
      "Row 1 is dated on or before 2026-09-30, the end of a reconciled statement period that is locked, so it cannot be imported. An owner or trustee must unlock that period first.",
    );
    const committed = await owner.client.postJson(`/api/banking/imports/${fresh.importId}/commit`, {});
    expect(committed.status, await committed.clone().text()).toBe(200);
    expect(await committed.json()).toEqual({ success: true, imported: 1, skipped: 1, locked: 1 });

    // The preview from before the lock: its September row is refused now too.
    const staleCommit = await owner.client.postJson(`/api/banking/imports/${stale.importId}/commit`, {});
    expect(staleCommit.status, await staleCommit.clone().text()).toBe(200);
    expect(await staleCommit.json()).toEqual({ success: true, imported: 1, skipped: 1, locked: 1 });

    const after = (await transactions(owner.client, accountId)).transactions;
    expect(after.map((t) => t.description).sort()).toEqual([...sept.map((t) => t.description), "OCTOBER DEPOSIT", "STALE OCTOBER ROW"].sort());
    expect(await difference()).toBe(0);

    // Clearing the outstanding fee would move September's figures: refused, audited.
    const clearing = await send(owner.client, "PATCH", `/api/banking/transactions/${fee.id}`, { cleared: true });
    expect(clearing.status).toBe(409);
    expect(await error(clearing)).toBe(
      "This transaction is dated on or before 2026-09-30, the end of a reconciled statement period that is locked, so whether it is cleared cannot change. An owner or trustee must unlock that period first.",
    );
    expect(sql(`SELECT cleared FROM bank_transactions WHERE id = '${fee.id}'`)[0].cleared).toBe(0);
    expect(sql(`SELECT count(*) AS n FROM audit_log WHERE action = 'banking.locked_clear_refused' AND target_id = '${fee.id}'`)[0].n).toBe(1);
    expect(await difference()).toBe(0);
    // Its notes may still change (it is not in the locked reconciliation), and October's rows clear as before.
    expect((await send(owner.client, "PATCH", `/api/banking/transactions/${fee.id}`, { notes: "Cleared by the bank on 2 October" })).status).toBe(200);
    const october = after.find((t) => t.description === "OCTOBER DEPOSIT")!;
    expect((await send(owner.client, "PATCH", `/api/banking/transactions/${october.id}`, { cleared: false })).status).toBe(200);
    expect(await difference()).toBe(0);
  });

  it("a 300 KB description, payee or reference refuses the statement with the line and the limit; nothing saved before is lost", async () => {
    const owner = await startWorkspace(baseUrl, "p2long", "The Long Text Trust");
    const accountId = await checkingWithStatement(owner.client, 2026, september, "september.ofx");
    const before = (await transactions(owner.client, accountId)).transactions;
    const imports = () => sql(`SELECT count(*) AS n FROM bank_imports WHERE account_id = '${accountId}'`)[0].n;
    expect(imports()).toBe(1);
    const huge = "A".repeat(300 * 1024);

    const longCsv = await upload(
      owner.client,
      accountId,
      "long.csv",
      csv([
        ["2026-10-01", "OCTOBER RENT", "1200.00", "RENT-1001"],
        ["2026-10-02", huge, "-1.00", "BIG-1002"],
      ]),
    );
    expect(longCsv.status).toBe(422);
    expect(await error(longCsv)).toBe(
      "Line 3 has a description 307200 characters long; a bank writes at most 1000, so nothing was imported. The file is damaged or not as the bank wrote it: download the statement from your bank again.",
    );

    const longName = september.replace("<NAME>BAYVIEW SECURITIES DIVIDEND", `<NAME>${huge}`);
    const ofx = await upload(owner.client, accountId, "long.ofx", longName);
    expect(ofx.status).toBe(422);
    expect(await error(ofx)).toMatch(/^Line \d+ has a description 307200 characters long; a bank writes at most 1000, so nothing was imported\./);

    const longMemo = september.replace("<MEMO>SOFIA CHEN", `<MEMO>${huge}`);
    expect((await upload(owner.client, accountId, "memo.ofx", longMemo)).status).toBe(422);

    const longId = september.replace("<FITID>DIV-0902", `<FITID>${huge}`);
    const id = await upload(owner.client, accountId, "id.ofx", longId);
    expect(id.status).toBe(422);
    expect(await error(id)).toMatch(/^Line \d+ has a reference 307200 characters long; a bank writes at most 255, so nothing was imported\./);

    const camt = `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><Stmt><Id>1</Id>
<Acct><Id><IBAN>DE89370400440532010932</IBAN></Id><Ccy>USD</Ccy></Acct>
<Ntry><Amt Ccy="USD">10.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>2026-10-04</Dt></BookgDt><AcctSvcrRef>CAMT-1</AcctSvcrRef>
<NtryDtls><TxDtls><RmtInf><Ustrd>${huge}</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>
</Stmt></BkToCstmrStmt></Document>`;
    const camtResponse = await upload(owner.client, accountId, "long.xml", camt);
    expect(camtResponse.status).toBe(422);
    expect(await error(camtResponse)).toMatch(/^Line \d+ has a description 307200 characters long/);

    // A cell quoted back in a refusal is cut short, not echoed whole.
    const badAmount = await upload(owner.client, accountId, "amount.csv", csv([["2026-10-01", "RENT", `1${"9".repeat(300 * 1024)}x`, "R-1"]]));
    expect(badAmount.status).toBe(422);
    expect((await error(badAmount)).length).toBeLessThan(400);

    // Nothing saved before is lost or changed, and no refused file left an import behind.
    expect(imports()).toBe(1);
    const now = (await transactions(owner.client, accountId)).transactions;
    expect(now.map((t) => [t.id, t.description])).toEqual(before.map((t) => [t.id, t.description]));

    // Entries typed by hand are capped as before (purpose 500, notes 4,000 characters).
    const purpose = await send(owner.client, "PATCH", `/api/banking/transactions/${before[0].id}`, { purpose: "p".repeat(501) });
    expect(purpose.status).toBe(400);
    const notes = await send(owner.client, "PATCH", `/api/banking/transactions/${before[0].id}`, { notes: "n".repeat(4001) });
    expect(notes.status).toBe(400);
  });
});
