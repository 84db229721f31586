import { describe, expect, it } from "vitest";
import { testServer } from "../helpers/test-server";
import type { Client } from "../helpers/client";
import { addMember, sql as runSql, startWorkspace } from "../helpers/workspace";

// Splits, bulk edits, the three-way reconciliation and who sees banking (issue 16), through the API.
const baseUrl = testServer().baseUrl;
const sqlUrl = testServer().sqlUrl;
const sql = (query: string) => runSql(sqlUrl, query);

interface Tx {
  id: string;
  description: string;
  amountMinor: number;
  purpose: string | null;
  category: string | null;
  status: string;
  splits: { amountMinor: number; category: string; principalOrIncome: string; beneficiaryUserId: string | null; note: string | null }[];
}

const STATEMENT = [
  "Date,Description,Amount,Reference",
  "2026-10-01,SCHWAB DIVIDEND,1000.00,L-1",
  "2026-10-05,TUITION STANFORD,-3000.00,L-2",
  "2026-10-09,INSURANCE PREMIUM,-250.00,L-3",
  "2026-10-12,RENT CEDAR CREST,2400.00,L-4",
  "2026-10-20,HARDWARE STORE,-45.10,L-5",
].join("\n");

async function send(client: Client, method: string, path: string, body?: unknown) {
  return client.fetch(path, {
    method,
    headers: { "Content-Type": "application/json", Origin: client.origin },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}
const error = async (response: Response) => ((await response.json()) as { error: string }).error;

/** A workspace with one account of five transactions (opening 10,000.00, ledger 10,104.90). */
async function bankedWorkspace(prefix: string) {
  const owner = await startWorkspace(baseUrl, prefix, `The ${prefix} Trust`);
  const created = await owner.client.postJson("/api/banking/accounts", {
    name: "Checking",
    institution: "Pacific Coast Bank",
    type: "checking",
    currency: "USD",
    lastFour: "1234",
    openingBalanceMinor: 1_000_000,
    openingOn: "2026-10-01",
  });
  expect(created.status).toBe(201);
  const accountId = ((await created.json()) as { id: string }).id;
  const form = new FormData();
  form.set("file", new Blob([STATEMENT]), "october.csv");
  const preview = await owner.client.fetch(`/api/banking/accounts/${accountId}/imports`, {
    method: "POST",
    body: form,
    headers: { Origin: owner.client.origin },
  });
  expect(preview.status, await preview.clone().text()).toBe(200);
  const { importId } = (await preview.json()) as { importId: string };
  expect((await owner.client.postJson(`/api/banking/imports/${importId}/commit`, {})).status).toBe(200);
  return { owner, accountId };
}

async function list(client: Client, accountId: string, query = "") {
  const response = await client.get(`/api/banking/accounts/${accountId}/transactions${query}`);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as { transactions: Tx[]; balanceMinor: number | null };
}
const byDescription = (txs: Tx[], text: string) => txs.find((t) => t.description.includes(text))!;

describe("trust banking: the ledger", () => {
  it("splits: parts that sum exactly, per beneficiary, audited; a beneficiary sees only her part; locked is locked", async () => {
    const { owner, accountId } = await bankedWorkspace("banksplit");
    const ava = await addMember(baseUrl, owner.client, "beneficiary", "ava");
    const ben = await addMember(baseUrl, owner.client, "beneficiary", "ben");
    const tuition = byDescription((await list(owner.client, accountId)).transactions, "TUITION");
    const path = `/api/banking/transactions/${tuition.id}/splits`;

    const wrongSum = await send(owner.client, "PUT", path, {
      parts: [
        { amountMinor: -200_000, category: "distribution", beneficiaryUserId: ava.me.id },
        { amountMinor: -99_999, category: "distribution", beneficiaryUserId: ben.me.id },
      ],
    });
    expect(wrongSum.status).toBe(400);
    expect(await error(wrongSum)).toBe("The parts add up to -$2,999.99, but the transaction is -$3,000.00. Change a part so that they add up exactly.");
    const one = await send(owner.client, "PUT", path, { parts: [{ amountMinor: -300_000, category: "distribution" }] });
    expect(one.status).toBe(400);
    expect(await error(one)).toBe("A split needs at least two parts. To undo a split, remove it instead.");
    const zero = await send(owner.client, "PUT", path, {
      parts: [
        { amountMinor: 0, category: "distribution" },
        { amountMinor: -300_000, category: "distribution" },
      ],
    });
    expect(zero.status).toBe(400);
    const stranger = await send(owner.client, "PUT", path, {
      parts: [
        { amountMinor: -100_000, category: "distribution", beneficiaryUserId: crypto.randomUUID() },
        { amountMinor: -200_000, category: "distribution" },
      ],
    });
    expect(stranger.status).toBe(400);
    expect(await error(stranger)).toBe("Choose a member of this trust as the beneficiary.");
    expect(sql(`SELECT count(*) AS n FROM bank_transaction_splits WHERE transaction_id = '${tuition.id}'`)[0].n).toBe(0);

    const ok = await send(owner.client, "PUT", path, {
      parts: [
        { amountMinor: -200_000, category: "distribution", beneficiaryUserId: ava.me.id, note: "Spring term" },
        { amountMinor: -100_000, category: "distribution", beneficiaryUserId: ben.me.id },
      ],
    });
    expect(ok.status, await ok.clone().text()).toBe(200);
    const split = byDescription((await list(owner.client, accountId)).transactions, "TUITION");
    expect(split.amountMinor).toBe(-300_000);
    expect(split.splits).toEqual([
      { amountMinor: -200_000, category: "distribution", principalOrIncome: "income", beneficiaryUserId: ava.me.id, note: "Spring term" },
      { amountMinor: -100_000, category: "distribution", principalOrIncome: "income", beneficiaryUserId: ben.me.id, note: null },
    ]);
    const audit = sql(`SELECT metadata FROM audit_log WHERE action = 'banking.transaction_split' AND target_id = '${tuition.id}'`);
    expect(audit).toHaveLength(1);
    expect(JSON.parse(JSON.parse(audit[0].metadata as string).after as string)).toHaveLength(2);

    // Ava sees the tuition as her own 2,000.00 and nothing of Ben's part; nor the other transactions.
    const hers = await list(ava.client, accountId);
    expect(hers.transactions.map((t) => [t.description, t.amountMinor])).toEqual([["TUITION STANFORD", -200_000]]);
    expect(hers.transactions[0].splits.map((p) => p.beneficiaryUserId)).toEqual([ava.me.id]);
    expect(hers.balanceMinor).toBeNull();

    // A beneficiary cannot split; a locked transaction cannot be split.
    expect((await send(ava.client, "PUT", path, { parts: [] })).status).toBe(403);
    const reconciliationId = crypto.randomUUID();
    sql(
      `INSERT INTO bank_reconciliations (id, workspace_id, account_id, statement_end_on, closing_balance_minor, status, created_at, locked_at)
       VALUES ('${reconciliationId}', '${owner.me.workspace.id}', '${accountId}', '2026-10-31', 0, 'locked', 0, 0)`,
    );
    sql(`UPDATE bank_transactions SET reconciliation_id = '${reconciliationId}' WHERE id = '${tuition.id}'`);
    const locked = await send(owner.client, "PUT", path, { parts: [] });
    expect(locked.status).toBe(409);
    expect(sql(`SELECT count(*) AS n FROM bank_transaction_splits WHERE transaction_id = '${tuition.id}'`)[0].n).toBe(2);
    sql(`UPDATE bank_transactions SET reconciliation_id = NULL WHERE id = '${tuition.id}'`);
    // An empty list removes the split.
    expect((await send(owner.client, "PUT", path, { parts: [] })).status).toBe(200);
    expect(byDescription((await list(owner.client, accountId)).transactions, "TUITION").splits).toEqual([]);
  });

  it("bulk edit: one change for the selected rows, locked rows named and left alone, the lawyer refused, bad input a 400", async () => {
    const { owner, accountId } = await bankedWorkspace("bankbulk");
    const lawyer = await addMember(baseUrl, owner.client, "legal_professional", "lawyer");
    const txs = (await list(owner.client, accountId)).transactions;
    const [a, b, c] = [byDescription(txs, "INSURANCE"), byDescription(txs, "HARDWARE"), byDescription(txs, "RENT")];
    const reconciliationId = crypto.randomUUID();
    sql(
      `INSERT INTO bank_reconciliations (id, workspace_id, account_id, statement_end_on, closing_balance_minor, status, created_at, locked_at)
       VALUES ('${reconciliationId}', '${owner.me.workspace.id}', '${accountId}', '2026-10-31', 0, 'locked', 0, 0)`,
    );
    sql(`UPDATE bank_transactions SET reconciliation_id = '${reconciliationId}' WHERE id = '${c.id}'`);

    const changes = { purpose: "House upkeep", category: "repairs", responsibleParty: "Bay Property Services" };
    const response = await send(owner.client, "PATCH", "/api/banking/transactions", { ids: [a.id, b.id, c.id], changes });
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await response.json()).toEqual({ success: true, updated: 2, locked: [c.id], notFound: [] });
    const after = (await list(owner.client, accountId)).transactions;
    for (const id of [a.id, b.id]) expect(after.find((t) => t.id === id)).toMatchObject({ purpose: "House upkeep", category: "repairs", status: "accounted" });
    expect(after.find((t) => t.id === c.id)?.purpose).toBeNull();
    expect(sql(`SELECT count(*) AS n FROM audit_log WHERE action = 'banking.transaction_updated' AND target_id IN ('${a.id}', '${b.id}')`)[0].n).toBe(2);

    // The responsible-party filter finds them.
    const filtered = await list(owner.client, accountId, `?party=${encodeURIComponent("Bay Property Services")}`);
    expect(filtered.transactions.map((t) => t.id).sort()).toEqual([a.id, b.id].sort());

    expect((await send(lawyer.client, "PATCH", "/api/banking/transactions", { ids: [a.id], changes: { purpose: "x" } })).status).toBe(403);
    const empty = await send(owner.client, "PATCH", "/api/banking/transactions", { ids: [], changes: { purpose: "x" } });
    expect(empty.status).toBe(400);
    expect(await error(empty)).toBe("Select at least one transaction.");
    const nothing = await send(owner.client, "PATCH", "/api/banking/transactions", { ids: [a.id], changes: {} });
    expect(nothing.status).toBe(400);
    const tooMany = await send(owner.client, "PATCH", "/api/banking/transactions", {
      ids: Array.from({ length: 201 }, () => crypto.randomUUID()),
      changes: { purpose: "x" },
    });
    expect(tooMany.status).toBe(400);
    // Another workspace's transaction is not found, and nothing of it changes.
    const other = await bankedWorkspace("bankbulk2");
    const theirs = (await list(other.owner.client, other.accountId)).transactions[0];
    const cross = await send(owner.client, "PATCH", "/api/banking/transactions", { ids: [theirs.id], changes: { purpose: "Mine now" } });
    expect(await cross.json()).toMatchObject({ updated: 0, notFound: [theirs.id] });
    expect((await list(other.owner.client, other.accountId)).transactions[0].purpose).toBeNull();
  });

  it("three-way: bank ± outstanding = ledger = sub-ledgers, causes named, signed off only when locked, kept and audited", async () => {
    const { owner, accountId } = await bankedWorkspace("bank3way");
    const ava = await addMember(baseUrl, owner.client, "beneficiary", "ava");
    const ben = await addMember(baseUrl, owner.client, "beneficiary", "ben");
    const txs = (await list(owner.client, accountId)).transactions;
    const tuition = byDescription(txs, "TUITION");
    expect(
      (await send(owner.client, "PATCH", `/api/banking/transactions/${tuition.id}`, { category: "distribution", beneficiaryUserId: ava.me.id })).status,
    ).toBe(200);
    // The hardware store has not reached the bank yet.
    const hardware = byDescription(txs, "HARDWARE");
    expect((await send(owner.client, "PATCH", `/api/banking/transactions/${hardware.id}`, { cleared: false })).status).toBe(200);
    const started = await owner.client.postJson(`/api/banking/accounts/${accountId}/reconciliations`, {
      statementEndOn: "2026-10-31",
      closingBalanceMinor: 1_015_000,
    });
    const rec = (await started.json()) as { id: string; differenceMinor: number };
    expect(rec.differenceMinor).toBe(0);

    const read = async () => {
      const response = await owner.client.get(`/api/banking/reconciliations/${rec.id}/three-way`);
      expect(response.status, await response.clone().text()).toBe(200);
      return (await response.json()) as Record<string, unknown> & { subLedgers: { userId: string; balanceMinor: number }[]; causes: { key: string }[] };
    };
    const noShares = await read();
    expect(noShares).toMatchObject({
      statementBalanceMinor: 1_015_000,
      outstandingMinor: -4_510,
      adjustedBankMinor: 1_010_490,
      ledgerBalanceMinor: 1_010_490,
      subLedgerTotalMinor: -300_000,
      balanced: false,
    });
    expect(noShares.causes.map((c) => c.key)).toEqual(["threeWay.cause.noShares"]);

    for (const [member, shareBp] of [
      [ava, 6000],
      [ben, 4000],
    ] as const)
      expect((await send(owner.client, "PUT", `/api/workspaces/members/${member.me.id}/share`, { shareBp })).status).toBe(200);
    const shared = await read();
    // The rest (1,310,490) divides 60/40; Ava's tuition comes off hers.
    expect(shared.subLedgers).toEqual([
      expect.objectContaining({ userId: ava.me.id, directMinor: -300_000, allocatedMinor: 786_294, balanceMinor: 486_294 }),
      expect.objectContaining({ userId: ben.me.id, directMinor: 0, allocatedMinor: 524_196, balanceMinor: 524_196 }),
    ]);
    expect(shared).toMatchObject({ subLedgerTotalMinor: 1_010_490, balanced: true, causes: [] });

    // Sign-off waits for the lock, and is for those who manage.
    const early = await owner.client.postJson(`/api/banking/reconciliations/${rec.id}/sign-off`, {});
    expect(early.status).toBe(409);
    expect(await error(early)).toBe("Lock the period first: a three-way reconciliation is signed off for a locked period.");
    expect((await owner.client.postJson(`/api/banking/reconciliations/${rec.id}/lock`, {})).status).toBe(200);
    expect((await ava.client.postJson(`/api/banking/reconciliations/${rec.id}/sign-off`, {})).status).toBe(403);
    expect((await ava.client.get(`/api/banking/reconciliations/${rec.id}/three-way`)).status).toBe(403);
    const signed = await owner.client.postJson(`/api/banking/reconciliations/${rec.id}/sign-off`, { note: "Reviewed with the accountant" });
    expect(signed.status, await signed.clone().text()).toBe(200);
    expect(await signed.json()).toMatchObject({ balanced: true, signedOff: { by: expect.any(String), note: "Reviewed with the accountant" } });
    expect((await owner.client.postJson(`/api/banking/reconciliations/${rec.id}/sign-off`, {})).status).toBe(409);
    expect(sql(`SELECT count(*) AS n FROM audit_log WHERE action = 'banking.three_way_signed_off' AND target_id = '${rec.id}'`)[0].n).toBe(1);

    // The kept figures do not move when shares change later; the PDF report carries them.
    expect((await send(owner.client, "PUT", `/api/workspaces/members/${ben.me.id}/share`, { shareBp: 1000 })).status).toBe(200);
    expect((await read()).subLedgers[1]).toMatchObject({ balanceMinor: 524_196 });
    const report = await owner.client.get(`/api/banking/reconciliations/${rec.id}/report`);
    expect(report.status).toBe(200);
    expect(report.headers.get("Content-Type")).toBe("application/pdf");

    // Unlocking undoes the sign-off: a period locked again is signed again, and now the shares make 70%.
    expect((await owner.client.postJson(`/api/banking/reconciliations/${rec.id}/unlock`, { reason: "Recategorise the rent" })).status).toBe(200);
    expect((await owner.client.postJson(`/api/banking/reconciliations/${rec.id}/lock`, {})).status).toBe(200);
    const unbalanced = await read();
    expect(unbalanced).toMatchObject({ signedOff: null, balanced: false });
    expect(unbalanced.causes.map((c) => c.key)).toEqual(["threeWay.cause.sharesIncomplete"]);
    const noNote = await owner.client.postJson(`/api/banking/reconciliations/${rec.id}/sign-off`, {});
    expect(noNote.status).toBe(400);
    expect(await error(noNote)).toBe("The three figures do not agree: say why you are signing off anyway. The note is kept with the report.");
    expect((await owner.client.get(`/api/banking/reconciliations/${rec.id}/nonsense`)).status).toBe(404);
    expect((await owner.client.get(`/api/banking/reconciliations/${rec.id}/constructor`)).status).toBe(404);
  });

  it("a CSV whose columns cannot be told apart: the person chooses them, and dates and decimals are still read from the data", async () => {
    const { owner, accountId } = await bankedWorkspace("bankcols");
    const csv = "Wann;Was genau;Wie viel\n13.10.2026;Gärtnerei Sommer;-1.234,50\n14.10.2026;Zinsgutschrift;12,07\n";
    const upload = (extra: Record<string, string> = {}) => {
      const form = new FormData();
      form.set("file", new Blob([csv]), "export.csv");
      for (const [k, v] of Object.entries(extra)) form.set(k, v);
      return owner.client.fetch(`/api/banking/accounts/${accountId}/imports`, { method: "POST", body: form, headers: { Origin: owner.client.origin } });
    };
    const first = await upload();
    expect(first.status, await first.clone().text()).toBe(200);
    const asked = (await first.json()) as {
      importId: string | null;
      needsMapping?: boolean;
      csvHeaders: string[];
      rows: unknown[];
      proposedMapping: Record<string, unknown>;
    };
    expect(asked).toMatchObject({ importId: null, needsMapping: true, csvHeaders: ["Wann", "Was genau", "Wie viel"], rows: [] });
    expect(asked.proposedMapping).toMatchObject({ delimiter: ";", headerRow: 0 });

    const chosen = { delimiter: ";", encoding: "utf-8", headerRow: 0, columns: { date: "Wann", description: "Was genau", amount: "Wie viel" } };
    const second = await upload({ mapping: JSON.stringify(chosen) });
    expect(second.status, await second.clone().text()).toBe(200);
    const read = (await second.json()) as { importId: string; rows: { postedOn: string; amountMinor: number }[] };
    expect(read.rows.map((r) => [r.postedOn, r.amountMinor])).toEqual([
      ["2026-10-13", -123_450],
      ["2026-10-14", 1_207],
    ]);
    // A mapping naming a column the file does not have is a clear 422.
    const missing = await upload({ mapping: JSON.stringify({ ...chosen, columns: { ...chosen.columns, amount: "Betrag" } }) });
    expect(missing.status).toBe(422);
    expect(await error(missing)).toBe("This file has no column called “Betrag”. Choose the file's columns again.");
  });

  it("who sees banking: the owner's totals switch for beneficiaries, read grants for family and viewers, audited", async () => {
    const { owner, accountId } = await bankedWorkspace("bankshare");
    const trustee = await addMember(baseUrl, owner.client, "trustee");
    const ava = await addMember(baseUrl, owner.client, "beneficiary", "ava");
    const family = await addMember(baseUrl, owner.client, "family_member", "family");

    expect((await list(ava.client, accountId)).balanceMinor).toBeNull();
    const byTrustee = await send(trustee.client, "PUT", "/api/banking/sharing", { beneficiariesSeeTotals: true });
    expect(byTrustee.status).toBe(403);
    expect(await error(byTrustee)).toBe("Only the owner decides whether beneficiaries see the account totals.");
    expect((await send(owner.client, "PUT", "/api/banking/sharing", { beneficiariesSeeTotals: "yes" })).status).toBe(400);
    expect((await send(owner.client, "PUT", "/api/banking/sharing", { beneficiariesSeeTotals: true })).status).toBe(200);
    expect((await list(ava.client, accountId)).balanceMinor).toBe(1_010_490);
    expect((await ava.client.get("/api/banking/sharing")).status).toBe(403);

    expect((await family.client.get(`/api/banking/accounts/${accountId}/transactions`)).status).toBe(403);
    expect((await send(ava.client, "PUT", `/api/banking/grants/${family.me.id}`)).status).toBe(403);
    const wrongRole = await send(trustee.client, "PUT", `/api/banking/grants/${ava.me.id}`);
    expect(wrongRole.status).toBe(400);
    expect((await send(trustee.client, "PUT", `/api/banking/grants/${crypto.randomUUID()}`)).status).toBe(404);
    expect((await send(trustee.client, "PUT", `/api/banking/grants/${family.me.id}`)).status).toBe(200);
    const sharing = (await (await owner.client.get("/api/banking/sharing")).json()) as {
      beneficiariesSeeTotals: boolean;
      people: { userId: string; granted: boolean }[];
    };
    expect(sharing).toMatchObject({ beneficiariesSeeTotals: true, people: [{ userId: family.me.id, granted: true }] });
    const granted = await list(family.client, accountId);
    expect(granted.transactions).toHaveLength(5);
    // Read only.
    expect((await send(family.client, "PATCH", `/api/banking/transactions/${granted.transactions[0].id}`, { purpose: "x" })).status).toBe(403);
    expect((await send(owner.client, "DELETE", `/api/banking/grants/${family.me.id}`)).status).toBe(200);
    expect((await family.client.get(`/api/banking/accounts/${accountId}/transactions`)).status).toBe(403);
    const actions = sql(`SELECT action FROM audit_log WHERE workspace_id = '${owner.me.workspace.id}' AND action LIKE 'banking.%' ORDER BY created_at`).map(
      (r) => r.action,
    );
    expect(actions).toEqual(expect.arrayContaining(["banking.totals_visibility_set", "banking.access_granted", "banking.access_revoked"]));
  });
});
