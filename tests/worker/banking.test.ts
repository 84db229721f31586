import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { testServer } from "../helpers/test-server";
import type { Client } from "../helpers/client";
import { addMember, sql as runSql, startWorkspace } from "../helpers/workspace";

const baseUrl = testServer().baseUrl;
const sqlUrl = testServer().sqlUrl;
const sql = (query: string) => runSql(sqlUrl, query);
const fixture = (name: string) => readFileSync(new URL(`../fixtures/bank/${name}`, import.meta.url));

interface Preview {
  importId: string;
  format: string;
  proposedMapping?: { columns: Record<string, string> };
  rows: { postedOn: string; description: string; amountMinor: number; currency: string; bankId?: string; state: string; duplicateOf?: string }[];
  ledgerBalanceMinor?: number;
}
interface Tx {
  id: string;
  postedOn: string;
  description: string;
  amountMinor: number;
  purpose: string | null;
  responsibleParty: { userId?: string; name: string } | null;
  notes: string | null;
  category: string | null;
  principalOrIncome: string | null;
  status: string;
  receipts: unknown[];
}

const ACCOUNT = {
  name: "Trust checking",
  institution: "Pacific Coast Bank",
  type: "checking",
  currency: "USD",
  lastFour: "0932",
  openingBalanceMinor: 8421055,
  openingOn: "2026-09-01",
};

async function createAccount(client: Client, body: Record<string, unknown> = ACCOUNT) {
  const response = await client.postJson("/api/banking/accounts", body);
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

function upload(client: Client, accountId: string, name: string, bytes: Uint8Array | string, extra: Record<string, string> = {}) {
  const form = new FormData();
  form.set("file", new Blob([typeof bytes === "string" ? bytes : new Uint8Array(bytes)]), name);
  for (const [k, v] of Object.entries(extra)) form.set(k, v);
  return client.fetch(`/api/banking/accounts/${accountId}/imports`, { method: "POST", body: form, headers: { Origin: client.origin } });
}

async function preview(client: Client, accountId: string, name: string, bytes: Uint8Array | string, extra: Record<string, string> = {}) {
  const response = await upload(client, accountId, name, bytes, extra);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as Preview;
}

async function commit(client: Client, importId: string, overrides?: Record<string, string>) {
  const response = await client.postJson(`/api/banking/imports/${importId}/commit`, overrides ? { overrides } : {});
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as { imported: number; skipped: number };
}

async function transactions(client: Client, accountId: string, query = "") {
  const response = await client.get(`/api/banking/accounts/${accountId}/transactions${query}`);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as { transactions: Tx[]; balanceMinor: number | null };
}

const patch = (client: Client, id: string, body: unknown) =>
  client.fetch(`/api/banking/transactions/${id}`, {
    method: "PATCH",
    headers: { "Content-Type": "application/json", Origin: client.origin },
    body: JSON.stringify(body),
  });
const error = async (response: Response) => ((await response.json()) as { error: string }).error;

describe("trust banking", () => {
  it("statements in: OFX preview, commit, re-import adds nothing, the CSV of the same month adds nothing", async () => {
    const owner = await startWorkspace(baseUrl, "bankflow", "The Banking Trust");
    const accountId = await createAccount(owner.client);

    const ofx = await preview(owner.client, accountId, "september.ofx", fixture("pacific-coast-2026-09.ofx"));
    expect(ofx.format).toBe("ofx");
    expect(ofx.rows).toHaveLength(10);
    expect(ofx.rows.every((r) => r.state === "new")).toBe(true);
    expect(ofx.ledgerBalanceMinor).toBe(6148383);
    expect(ofx.rows[0]).toMatchObject({ postedOn: "2026-09-02", amountMinor: 124018, currency: "USD", bankId: "DIV-0902" });
    // Nothing is in the books before the commit.
    expect((await transactions(owner.client, accountId)).transactions).toHaveLength(0);
    expect(await commit(owner.client, ofx.importId)).toEqual({ success: true, imported: 10, skipped: 0 });
    const list = await transactions(owner.client, accountId);
    expect(list.transactions).toHaveLength(10);
    expect(list.balanceMinor).toBe(6148383);
    const accounts = (await (await owner.client.get("/api/banking/accounts")).json()) as { accounts: Record<string, unknown>[] };
    expect(accounts.accounts).toEqual([
      expect.objectContaining({ id: accountId, balanceMinor: 6148383, transactionCount: 10, unaccounted: 10, lastFour: "0932" }),
    ]);
    // A second commit of the same import is refused, and adds nothing.
    expect((await owner.client.postJson(`/api/banking/imports/${ofx.importId}/commit`, {})).status).toBe(409);

    const again = await preview(owner.client, accountId, "september-again.ofx", fixture("pacific-coast-2026-09.ofx"));
    expect(again.rows.map((r) => r.state)).toEqual(Array(10).fill("duplicate"));
    expect(await commit(owner.client, again.importId)).toMatchObject({ imported: 0, skipped: 10 });

    const csv = await preview(owner.client, accountId, "september.csv", fixture("pacific-coast-2026-09.csv"));
    expect(csv.format).toBe("csv");
    expect(csv.proposedMapping?.columns).toMatchObject({ date: "Date", description: "Description", amount: "Amount", reference: "Reference" });
    expect(csv.rows.every((r) => r.state === "duplicate")).toBe(true);
    expect(await commit(owner.client, csv.importId)).toMatchObject({ imported: 0 });
    expect((await transactions(owner.client, accountId)).transactions).toHaveLength(10);
    // The confirmed mapping is kept for the account.
    expect(sql(`SELECT csv_mapping IS NOT NULL AS saved FROM bank_accounts WHERE id = '${accountId}'`)[0].saved).toBe(1);
    expect(sql(`SELECT count(*) AS n FROM audit_log WHERE action = 'banking.statement_imported' AND target_id = '${accountId}'`)[0].n).toBe(3);
  });

  it("duplicates without bank ids: the same day and payee is skipped, a week later is for the person to decide, and they can override", async () => {
    const owner = await startWorkspace(baseUrl, "bankdup", "The Duplicate Trust");
    const accountId = await createAccount(owner.client);
    const first = "Date,Description,Amount\n2026-10-01,RENT CEDAR CREST,2400.00\n2026-10-01,RENT CEDAR CREST,2400.00\n2026-10-03,HARDWARE STORE,-45.10\n";
    const p1 = await preview(owner.client, accountId, "october.csv", first);
    expect(p1.rows.map((r) => r.state)).toEqual(["new", "new", "new"]);
    await commit(owner.client, p1.importId);
    const second = "Date,Description,Amount\n2026-10-01,RENT CEDAR CREST,2400.00\n2026-10-08,HARDWARE STORE,-45.10\n2026-10-09,NEW VENDOR,-10.00\n";
    const p2 = await preview(owner.client, accountId, "october-2.csv", second);
    expect(p2.rows.map((r) => r.state)).toEqual(["duplicate", "possible_duplicate", "new"]);
    // The person says the hardware store was bought twice.
    expect(await commit(owner.client, p2.importId, { "1": "import" })).toMatchObject({ imported: 2, skipped: 1 });
    expect((await transactions(owner.client, accountId)).transactions).toHaveLength(5);

    // A long statement: 600 rows in; pages of 100 unless asked, at most 500, newest first.
    const long = [
      "Date,Description,Amount,Reference",
      ...Array.from({ length: 600 }, (_, i) => `2026-11-${String((i % 28) + 1).padStart(2, "0")},PAYEE ${i},-${i + 1}.00,LONG-${i}`),
    ];
    const p3 = await preview(owner.client, accountId, "long.csv", long.join("\n"));
    expect(p3.rows).toHaveLength(600);
    expect(await commit(owner.client, p3.importId)).toMatchObject({ imported: 600 });
    const newest = (await transactions(owner.client, accountId)) as Awaited<ReturnType<typeof transactions>> & { more: boolean; page: number };
    expect(newest.transactions).toHaveLength(100);
    expect(newest).toMatchObject({ page: 1, more: true });
    expect(newest.transactions[0].postedOn).toBe("2026-11-28");
    expect((await transactions(owner.client, accountId, "?limit=500")).transactions).toHaveLength(500);
    const last = (await transactions(owner.client, accountId, "?page=7")) as Awaited<ReturnType<typeof transactions>> & { more: boolean };
    expect(last.transactions).toHaveLength(5);
    expect(last.more).toBe(false);
  });

  it("accounting for a transaction: purpose, party (member or outsider), notes, category with its side, audited before and after", async () => {
    const owner = await startWorkspace(baseUrl, "bankacct", "The Accounted Trust");
    const accountId = await createAccount(owner.client);
    await commit(owner.client, (await preview(owner.client, accountId, "s.ofx", fixture("pacific-coast-2026-09.ofx"))).importId);
    const tx = (await transactions(owner.client, accountId)).transactions.find((t) => t.description.includes("ALAMEDA"))!;
    expect(tx.status).toBe("unreviewed");

    const saved = await patch(owner.client, tx.id, {
      purpose: "Property tax for Cedar Crest",
      responsibleParty: owner.me.id,
      category: "taxes",
      notes: "Second half",
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
    const body = (await saved.json()) as { transaction: Tx };
    expect(body.transaction).toMatchObject({
      purpose: "Property tax for Cedar Crest",
      category: "taxes",
      principalOrIncome: "income",
      status: "accounted",
      notes: "Second half",
    });
    expect(body.transaction.responsibleParty).toEqual({ userId: owner.me.id, name: expect.any(String) });
    const outsider = (await (
      await patch(owner.client, tx.id, { responsibleParty: "Alameda County Tax Collector", principalOrIncome: "principal" })
    ).json()) as { transaction: Tx };
    expect(outsider.transaction.responsibleParty).toEqual({ name: "Alameda County Tax Collector" });
    expect(outsider.transaction.principalOrIncome).toBe("principal");
    const audit = sql(`SELECT metadata FROM audit_log WHERE action = 'banking.transaction_updated' AND target_id = '${tx.id}' ORDER BY created_at`);
    expect(audit).toHaveLength(2);
    expect(JSON.parse(String(audit[0].metadata))).toMatchObject({
      "before.purpose": null,
      "after.purpose": "Property tax for Cedar Crest",
      "after.category": "taxes",
    });

    // A receipt: a PDF kept with the transaction and shown back; a web page renamed .pdf is refused.
    const receiptForm = (body: string, name: string) => {
      const form = new FormData();
      form.set("file", new Blob([body]), name);
      return owner.client.fetch(`/api/banking/transactions/${tx.id}/receipts`, { method: "POST", body: form, headers: { Origin: owner.client.origin } });
    };
    const added = await receiptForm("%PDF-1.4\n% receipt\n", "tax-bill.pdf");
    expect(added.status, await added.clone().text()).toBe(201);
    const receipt = ((await added.json()) as { receipt: { id: string; contentType: string } }).receipt;
    expect(receipt.contentType).toBe("application/pdf");
    const fake = await receiptForm("<html><script>alert(1)</script></html>", "fake.pdf");
    expect(fake.status).toBe(415);
    expect(await error(fake)).toBe("A receipt must be a PDF, PNG or JPEG picture.");
    const shown = await owner.client.get(`/api/banking/receipts/${receipt.id}`);
    expect(shown.status).toBe(200);
    expect(shown.headers.get("Content-Type")).toBe("application/pdf");
    expect((await transactions(owner.client, accountId, "?q=alameda")).transactions[0].receipts).toEqual([
      { id: receipt.id, fileName: "tax-bill.pdf", contentType: "application/pdf" },
    ]);
    const stranger = await startWorkspace(baseUrl, "bankstranger", "The Stranger Trust");
    expect((await stranger.client.get(`/api/banking/receipts/${receipt.id}`)).status).toBe(404);

    const unaccounted = await transactions(owner.client, accountId, "?unaccounted=1");
    expect(unaccounted.transactions).toHaveLength(9);
    expect((await transactions(owner.client, accountId, "?q=alameda")).transactions.map((t) => t.id)).toEqual([tx.id]);
    // The CSV holds exactly what those filters show.
    const csv = await owner.client.get(`/api/banking/accounts/${accountId}/transactions?q=alameda&format=csv`);
    expect(csv.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    const lines = (await csv.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBe("Date,Description,Amount,Currency,Purpose,Responsible party,Category,Principal or income,Status,Notes,Bank reference");
    expect(lines[1]).toBe(
      "2026-09-05,ALAMEDA COUNTY TAX COLLECTOR,-6512.40,USD,Property tax for Cedar Crest,Alameda County Tax Collector,Taxes,Principal,Accounted for,Second half,CHK1043",
    );
  });

  it("bad input: a clear sentence and a 4xx, nothing half-imported, nothing saved lost", async () => {
    const owner = await startWorkspace(baseUrl, "bankbad", "The Careful Trust");
    const bad = await owner.client.postJson("/api/banking/accounts", { ...ACCOUNT, lastFour: "123456789", currency: "XYZ" });
    expect(bad.status).toBe(400);
    const badBody = (await bad.json()) as { error: string; fieldErrors: Record<string, string[]> };
    expect(badBody.fieldErrors.lastFour).toEqual(["Enter the last four digits of the account number (never the whole number)."]);
    expect(badBody.fieldErrors.currency).toEqual(["Enter the currency's three-letter code, such as USD or EUR."]);
    const accountId = await createAccount(owner.client);
    await commit(owner.client, (await preview(owner.client, accountId, "s.ofx", fixture("pacific-coast-2026-09.ofx"))).importId);

    const empty = await upload(owner.client, accountId, "empty.ofx", "");
    expect(empty.status).toBe(400);
    const html = await upload(owner.client, accountId, "statement.ofx", "<!DOCTYPE html><html><body>Sign in to your bank</body></html>");
    expect(html.status).toBe(422);
    expect(await error(html)).toMatch(/\S/);
    const amounts = await upload(owner.client, accountId, "bad.csv", "Date,Description,Amount\n2026-10-01,RENT,24OO.00\n");
    expect(amounts.status).toBe(422);
    const mapping = await upload(owner.client, accountId, "m.csv", "Date,Description,Amount\n2026-10-01,RENT,2400.00\n", {
      mapping: JSON.stringify({
        delimiter: ",",
        decimal: ".",
        dateFormat: "iso",
        encoding: "utf-8",
        headerRow: 0,
        columns: { date: "Date", description: "Memo", amount: "Amount" },
      }),
    });
    expect(mapping.status).toBe(422);
    const noFile = await owner.client.fetch(`/api/banking/accounts/${accountId}/imports`, {
      method: "POST",
      body: new FormData(),
      headers: { Origin: owner.client.origin },
    });
    expect(noFile.status).toBe(400);
    expect(await error(noFile)).toBe("Choose a statement file to import.");
    const wrongCategory = await patch(owner.client, (await transactions(owner.client, accountId)).transactions[0].id, { category: "yachts" });
    expect(wrongCategory.status).toBe(400);
    expect(await error(wrongCategory)).toBe("Choose a category from the trust's chart of accounts.");
    expect(
      (await patch(owner.client, (await transactions(owner.client, accountId)).transactions[0].id, { responsibleParty: crypto.randomUUID() })).status,
    ).toBe(400);
    // Nothing was lost or half-imported.
    expect((await transactions(owner.client, accountId)).transactions).toHaveLength(10);

    // Another family's account and transactions do not exist for this one.
    const other = await startWorkspace(baseUrl, "bankother", "The Other Trust");
    expect((await other.client.get(`/api/banking/accounts/${accountId}/transactions`)).status).toBe(404);
    expect((await patch(other.client, (await transactions(owner.client, accountId)).transactions[0].id, { notes: "x" })).status).toBe(404);
    expect((await upload(other.client, accountId, "s.ofx", fixture("pacific-coast-2026-09.ofx"))).status).toBe(404);
  });

  it("roles: trustees edit, the lawyer annotates, a beneficiary sees only her sub-ledger, a family member sees nothing; locked is locked", async () => {
    const owner = await startWorkspace(baseUrl, "bankroles", "The Roles Trust");
    const accountId = await createAccount(owner.client);
    await commit(owner.client, (await preview(owner.client, accountId, "s.ofx", fixture("pacific-coast-2026-09.ofx"))).importId);
    const all = (await transactions(owner.client, accountId)).transactions;
    const tuition = all.find((t) => t.description.includes("TUITION"))!;
    const [lawyer, beneficiary, family, coTrustee] = [
      await addMember(baseUrl, owner.client, "legal_professional", "banklaw"),
      await addMember(baseUrl, owner.client, "beneficiary", "bankben"),
      await addMember(baseUrl, owner.client, "family_member", "bankfam"),
      await addMember(baseUrl, owner.client, "co_trustee", "bankco"),
    ];
    expect(
      (await patch(coTrustee.client, tuition.id, { category: "distribution", beneficiaryUserId: beneficiary.me.id, purpose: "Fall tuition" })).status,
    ).toBe(200);

    // The lawyer reads everything and may add notes, nothing else.
    expect((await transactions(lawyer.client, accountId)).transactions).toHaveLength(10);
    expect((await patch(lawyer.client, tuition.id, { notes: "Check the education clause" })).status).toBe(200);
    const refused = await patch(lawyer.client, tuition.id, { purpose: "Something else" });
    expect(refused.status).toBe(403);
    expect(await error(refused)).toBe("You can add notes; only owners, trustees and co-trustees can change the rest.");
    expect((await lawyer.client.postJson("/api/banking/accounts", ACCOUNT)).status).toBe(403);

    // The beneficiary sees only what is categorised to her, and no balances unless the owner allows it.
    const own = await transactions(beneficiary.client, accountId);
    expect(own.transactions.map((t) => t.id)).toEqual([tuition.id]);
    expect(own.balanceMinor).toBeNull();
    const accounts = (await (await beneficiary.client.get("/api/banking/accounts")).json()) as { accounts: { balanceMinor: number | null }[] };
    expect(accounts.accounts[0].balanceMinor).toBeNull();
    expect((await patch(beneficiary.client, all[0].id, { notes: "mine?" })).status).toBe(404);
    expect((await patch(beneficiary.client, tuition.id, { notes: "thanks" })).status).toBe(403);
    expect((await upload(beneficiary.client, accountId, "s.ofx", fixture("pacific-coast-2026-09.ofx"))).status).toBe(403);

    // A family member sees nothing of banking.
    const familyList = await family.client.get(`/api/banking/accounts`);
    expect(familyList.status).toBe(403);
    expect((await family.client.get(`/api/banking/accounts/${accountId}/transactions`)).status).toBe(403);

    // A transaction in a locked reconciliation cannot change, whatever the screen showed.
    const reconciliationId = crypto.randomUUID();
    sql(
      `INSERT INTO bank_reconciliations (id, workspace_id, account_id, statement_end_on, closing_balance_minor, status, created_at, locked_at)
       VALUES ('${reconciliationId}', '${owner.me.workspace.id}', '${accountId}', '2026-09-30', 6148383, 'locked', 0, 0)`,
    );
    sql(`UPDATE bank_transactions SET reconciliation_id = '${reconciliationId}', status = 'reconciled' WHERE account_id = '${accountId}'`);
    const locked = await patch(owner.client, tuition.id, { purpose: "Changed later" });
    expect(locked.status).toBe(409);
    expect(await error(locked)).toBe("This transaction is in a locked reconciliation. An owner or trustee must unlock the period before it can change.");
    expect(sql(`SELECT purpose FROM bank_transactions WHERE id = '${tuition.id}'`)[0].purpose).toBe("Fall tuition");
    expect(sql(`SELECT count(*) AS n FROM audit_log WHERE action = 'banking.locked_edit_refused' AND target_id = '${tuition.id}'`)[0].n).toBe(1);
  });

  it("statement reconciliation: the difference moves as items are ticked, zero locks the period, unlocking needs an owner and a reason", async () => {
    const owner = await startWorkspace(baseUrl, "bankrec", "The Reconciled Trust");
    const accountId = await createAccount(owner.client);
    const p = await preview(owner.client, accountId, "s.ofx", fixture("pacific-coast-2026-09.ofx"));
    await commit(owner.client, p.importId);
    const all = (await transactions(owner.client, accountId)).transactions;
    // The bank has not cleared the last fee yet (as the person sees it): untick it.
    const fee = all.find((t) => t.description.includes("SERVICE FEE"))!;
    expect((await patch(owner.client, fee.id, { cleared: false })).status).toBe(200);

    const started = await owner.client.postJson(`/api/banking/accounts/${accountId}/reconciliations`, {
      statementEndOn: "2026-09-30",
      closingBalanceMinor: p.ledgerBalanceMinor,
    });
    expect(started.status, await started.clone().text()).toBe(201);
    const rec = (await started.json()) as { id: string; clearedBalanceMinor: number; differenceMinor: number; status: string; uncleared: { id: string }[] };
    expect(rec).toMatchObject({ clearedBalanceMinor: 6148383 + 1500, differenceMinor: -1500, status: "open" });
    expect(rec.uncleared.map((u) => u.id)).toEqual([fee.id]);
    const early = await owner.client.postJson(`/api/banking/reconciliations/${rec.id}/lock`, {});
    expect(early.status).toBe(409);
    expect(await error(early)).toBe("The difference is not zero yet: tick the items the bank has cleared, or check the closing balance.");

    expect((await patch(owner.client, fee.id, { cleared: true })).status).toBe(200);
    const now = (await (await owner.client.get(`/api/banking/reconciliations/${rec.id}`)).json()) as { differenceMinor: number };
    expect(now.differenceMinor).toBe(0);
    const locked = await owner.client.postJson(`/api/banking/reconciliations/${rec.id}/lock`, {});
    expect(locked.status, await locked.clone().text()).toBe(200);
    expect(((await locked.json()) as { status: string }).status).toBe("locked");
    expect((await transactions(owner.client, accountId)).transactions.every((t) => t.status === "reconciled")).toBe(true);
    expect((await patch(owner.client, fee.id, { purpose: "Fee" })).status).toBe(409);
    // The same period cannot be reconciled again while locked.
    expect(
      (await owner.client.postJson(`/api/banking/accounts/${accountId}/reconciliations`, { statementEndOn: "2026-09-15", closingBalanceMinor: 1 })).status,
    ).toBe(409);

    const report = await owner.client.get(`/api/banking/reconciliations/${rec.id}/report`);
    expect(report.status).toBe(200);
    expect(report.headers.get("Content-Type")).toBe("application/pdf");
    expect(new TextDecoder().decode((await report.arrayBuffer()).slice(0, 5))).toBe("%PDF-");

    const coTrustee = await addMember(baseUrl, owner.client, "co_trustee", "bankrecco");
    const refused = await coTrustee.client.postJson(`/api/banking/reconciliations/${rec.id}/unlock`, { reason: "Correct a category" });
    expect(refused.status).toBe(403);
    expect(await error(refused)).toBe("Only an owner or a trustee can unlock a reconciled period.");
    const noReason = await owner.client.postJson(`/api/banking/reconciliations/${rec.id}/unlock`, {});
    expect(noReason.status).toBe(400);
    const unlocked = await owner.client.postJson(`/api/banking/reconciliations/${rec.id}/unlock`, { reason: "The fee was refunded; recategorise it" });
    expect(unlocked.status, await unlocked.clone().text()).toBe(200);
    expect((await patch(owner.client, fee.id, { purpose: "Fee, refunded in October", category: "bank_fees" })).status).toBe(200);
    const audit = sql(`SELECT action, metadata FROM audit_log WHERE target_id = '${rec.id}' ORDER BY created_at`);
    expect(audit.map((a) => a.action)).toEqual(["banking.period_locked", "banking.period_unlocked"]);
    expect(JSON.parse(String(audit[1].metadata)).reason).toBe("The fee was refunded; recategorise it");
  });
});
