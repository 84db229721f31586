import { describe, expect, it } from "vitest";
import { testServer } from "../helpers/test-server";
import type { Client } from "../helpers/client";
import { addMember, sql as runSql, startWorkspace } from "../helpers/workspace";

const baseUrl = testServer().baseUrl;
const sqlUrl = testServer().sqlUrl;
const sql = (query: string) => runSql(sqlUrl, query);

interface Tx {
  id: string;
  postedOn: string;
  description: string;
  purpose: string | null;
  category: string | null;
  principalOrIncome: string | null;
  responsibleParty: { userId?: string; name: string } | null;
  status: string;
  rule: { id: string; name: string | null } | null;
}
interface Preview {
  matched: number;
  changed: number;
  locked: number;
  kept: number;
  changes: { id: string; description: string; fields: { field: string; before: string | null; after: string | null }[] }[];
}

const ACCOUNT = {
  name: "Trust checking",
  institution: "Pacific Coast Bank",
  type: "checking",
  currency: "USD",
  lastFour: "0932",
  openingBalanceMinor: 0,
  openingOn: "2026-09-01",
};

const SEPTEMBER = [
  "Date,Description,Amount,Reference",
  "2026-09-15,PG&E UTILITIES CEDAR CREST,-318.27,R-1",
  "2026-08-15,PG&E UTILITIES CEDAR CREST,-290.00,R-0",
  "2026-09-20,PG&E UTILITIES CEDAR CREST,-12.00,R-2",
  "2026-09-28,INTEREST PAYMENT,42.77,R-3",
  "2026-09-30,MONTHLY SERVICE FEE,-15.00,R-4",
].join("\n");

async function createAccount(client: Client) {
  const response = await client.postJson("/api/banking/accounts", ACCOUNT);
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

async function importCsv(client: Client, accountId: string, text: string) {
  const form = new FormData();
  form.set("file", new Blob([text]), "statement.csv");
  const preview = await client.fetch(`/api/banking/accounts/${accountId}/imports`, { method: "POST", body: form, headers: { Origin: client.origin } });
  expect(preview.status, await preview.clone().text()).toBe(200);
  const { importId } = (await preview.json()) as { importId: string };
  const committed = await client.postJson(`/api/banking/imports/${importId}/commit`, {});
  expect(committed.status, await committed.clone().text()).toBe(200);
  return (await committed.json()) as { imported: number };
}

async function transactions(client: Client, accountId: string) {
  const response = await client.get(`/api/banking/accounts/${accountId}/transactions`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { transactions: Tx[] }).transactions;
}

const send = (client: Client, method: string, path: string, body?: unknown) =>
  client.fetch(path, {
    method,
    headers: { "Content-Type": "application/json", Origin: client.origin },
    ...(body !== undefined ? { body: typeof body === "string" ? body : JSON.stringify(body) } : {}),
  });
const error = async (response: Response) => ((await response.json()) as { error: string }).error;

async function createRule(client: Client, body: unknown) {
  const response = await client.postJson("/api/banking/rules", body);
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

const listRules = async (client: Client) =>
  ((await (await client.get("/api/banking/rules")).json()) as { rules: { id: string; name: string; position: number }[] }).rules;

const pge = (accountId: string) => ({
  name: "PG&E",
  conditions: [
    { field: "description", op: "contains", value: "pg&e" },
    { field: "account", accountId },
    { field: "date", from: "2026-09-01" },
  ],
  actions: { purpose: "Electricity for Cedar Crest", category: "utilities", responsibleParty: "Pacific Gas and Electric" },
});

describe("trust banking rules", () => {
  it("rules are listed in order, edited, moved and deleted, each change audited", async () => {
    const owner = await startWorkspace(baseUrl, "rulecrud", "The Rules Trust");
    const accountId = await createAccount(owner.client);
    const first = await createRule(owner.client, pge(accountId));
    const second = await createRule(owner.client, {
      name: "Interest",
      conditions: [{ field: "description", op: "equals", value: "INTEREST PAYMENT" }],
      actions: { category: "interest", principalOrIncome: "income", note: "Monthly interest" },
    });
    expect((await listRules(owner.client)).map((r) => [r.name, r.position])).toEqual([
      ["PG&E", 1],
      ["Interest", 2],
    ]);
    const got = (await (await owner.client.get(`/api/banking/rules/${first}`)).json()) as { rule: { actions: Record<string, unknown> } };
    expect(got.rule.actions.responsibleParty).toEqual({ name: "Pacific Gas and Electric" });

    const moved = await owner.client.postJson(`/api/banking/rules/${second}/move`, { direction: "up" });
    expect(moved.status, await moved.clone().text()).toBe(200);
    expect((await listRules(owner.client)).map((r) => r.id)).toEqual([second, first]);
    expect((await owner.client.postJson(`/api/banking/rules/${second}/move`, { position: 2 })).status).toBe(200);
    expect((await listRules(owner.client)).map((r) => r.id)).toEqual([first, second]);

    const edited = await send(owner.client, "PATCH", `/api/banking/rules/${second}`, {
      name: "Bank interest",
      actions: { category: "interest", responsibleParty: owner.me.id },
    });
    expect(edited.status, await edited.clone().text()).toBe(200);
    const rule = ((await edited.json()) as { rule: { name: string; actions: Record<string, unknown> } }).rule;
    expect(rule.name).toBe("Bank interest");
    expect(rule.actions).toEqual({ category: "interest", responsibleParty: { userId: owner.me.id, name: expect.any(String) } });

    expect((await send(owner.client, "DELETE", `/api/banking/rules/${first}`)).status).toBe(200);
    expect((await listRules(owner.client)).map((r) => r.id)).toEqual([second]);
    expect((await owner.client.get(`/api/banking/rules/${first}`)).status).toBe(404);
    const audit = sql(`SELECT action FROM audit_log WHERE target_type = 'bank_rule' AND workspace_id = '${owner.me.workspace.id}' ORDER BY created_at`);
    expect(audit.map((a) => a.action)).toEqual([
      "banking.rule_created",
      "banking.rule_created",
      "banking.rule_moved",
      "banking.rule_moved",
      "banking.rule_updated",
      "banking.rule_deleted",
    ]);
  });

  it("roles: trustees manage rules, the lawyer reads and previews them, a beneficiary, a family member and a viewer see none; another family's rules do not exist", async () => {
    const owner = await startWorkspace(baseUrl, "ruleroles", "The Rule Roles Trust");
    const accountId = await createAccount(owner.client);
    const ruleId = await createRule(owner.client, pge(accountId));
    const [lawyer, coTrustee, beneficiary, family, viewer] = [
      await addMember(baseUrl, owner.client, "legal_professional", "rulelaw"),
      await addMember(baseUrl, owner.client, "co_trustee", "ruleco"),
      await addMember(baseUrl, owner.client, "beneficiary", "ruleben"),
      await addMember(baseUrl, owner.client, "family_member", "rulefam"),
      await addMember(baseUrl, owner.client, "viewer", "ruleview"),
    ];
    expect((await listRules(lawyer.client)).map((r) => r.id)).toEqual([ruleId]);
    expect((await lawyer.client.get(`/api/banking/rules/${ruleId}/preview`)).status).toBe(200);
    const refused = await lawyer.client.postJson("/api/banking/rules", pge(accountId));
    expect(refused.status).toBe(403);
    expect(await error(refused)).toBe("Only owners, trustees and co-trustees can change the trust's banking.");
    expect((await send(lawyer.client, "PATCH", `/api/banking/rules/${ruleId}`, { name: "Mine" })).status).toBe(403);
    expect((await send(lawyer.client, "DELETE", `/api/banking/rules/${ruleId}`)).status).toBe(403);
    expect((await lawyer.client.postJson(`/api/banking/rules/${ruleId}/apply`, {})).status).toBe(403);
    expect((await lawyer.client.postJson(`/api/banking/rules/${ruleId}/move`, { direction: "down" })).status).toBe(403);

    expect((await coTrustee.client.postJson("/api/banking/rules", { ...pge(accountId), name: "Co-trustee's" })).status).toBe(201);
    for (const member of [beneficiary, family, viewer]) {
      expect((await member.client.get("/api/banking/rules")).status).toBe(403);
      expect((await member.client.get(`/api/banking/rules/${ruleId}`)).status).toBe(403);
      expect((await member.client.postJson("/api/banking/rules", pge(accountId))).status).toBe(403);
      expect((await member.client.postJson(`/api/banking/rules/${ruleId}/apply`, {})).status).toBe(403);
    }

    const other = await startWorkspace(baseUrl, "ruleother", "The Other Rules Trust");
    expect((await other.client.get(`/api/banking/rules/${ruleId}`)).status).toBe(404);
    expect((await send(other.client, "PATCH", `/api/banking/rules/${ruleId}`, { name: "Taken" })).status).toBe(404);
    expect((await send(other.client, "DELETE", `/api/banking/rules/${ruleId}`)).status).toBe(404);
    expect((await other.client.postJson(`/api/banking/rules/${ruleId}/apply`, {})).status).toBe(404);
    // A rule naming another family's account: that account does not exist for this family.
    const foreign = await other.client.postJson("/api/banking/rules", pge(accountId));
    expect(foreign.status).toBe(404);
    expect(await error(foreign)).toBe("This bank account does not exist, or it belongs to another workspace.");
    expect(await listRules(other.client)).toEqual([]);
  });

  it("preview then apply: empty fields filled, people's words kept unless asked, locked rows untouched, audited, and the rule named", async () => {
    const owner = await startWorkspace(baseUrl, "ruleapply", "The Applied Trust");
    const accountId = await createAccount(owner.client);
    expect((await importCsv(owner.client, accountId, SEPTEMBER)).imported).toBe(5);
    const before = await transactions(owner.client, accountId);
    const [written, plain, locked] = ["2026-09-15", "2026-09-20", "2026-08-15"].map((d) => before.find((t) => t.postedOn === d)!);
    // A person wrote the purpose of one bill by hand.
    expect((await send(owner.client, "PATCH", `/api/banking/transactions/${written.id}`, { purpose: "Gas and power, paid late" })).status).toBe(200);

    // The August bill is in a locked period (the third is outside the rule's dates anyway: it starts in September).
    const lockedRule = { ...pge(accountId), conditions: pge(accountId).conditions.slice(0, 2) };
    const reconciliationId = crypto.randomUUID();
    sql(
      `INSERT INTO bank_reconciliations (id, workspace_id, account_id, statement_end_on, closing_balance_minor, status, created_at, locked_at)
       VALUES ('${reconciliationId}', '${owner.me.workspace.id}', '${accountId}', '2026-08-31', -29000, 'locked', 0, 0)`,
    );
    sql(`UPDATE bank_transactions SET reconciliation_id = '${reconciliationId}', status = 'reconciled' WHERE id = '${locked.id}'`);

    // The unsaved rule's preview: what would change, field by field.
    const preview = await owner.client.postJson("/api/banking/rules/preview", lockedRule);
    expect(preview.status, await preview.clone().text()).toBe(200);
    const seen = (await preview.json()) as Preview;
    expect(seen).toMatchObject({ matched: 3, changed: 2, locked: 1, kept: 1 });
    expect(seen.changes.find((c) => c.id === plain.id)?.fields).toEqual([
      { field: "purpose", before: null, after: "Electricity for Cedar Crest" },
      { field: "category", before: null, after: "utilities" },
      { field: "principalOrIncome", before: null, after: "income" },
      { field: "responsibleParty", before: null, after: "Pacific Gas and Electric" },
    ]);
    expect(seen.changes.find((c) => c.id === written.id)?.fields.map((f) => f.field)).toEqual(["category", "principalOrIncome", "responsibleParty"]);
    // Nothing changed by looking.
    expect(sql(`SELECT count(*) AS n FROM bank_transactions WHERE rule_id IS NOT NULL AND account_id = '${accountId}'`)[0].n).toBe(0);

    const ruleId = await createRule(owner.client, lockedRule);
    expect(((await (await owner.client.get(`/api/banking/rules/${ruleId}/preview`)).json()) as Preview).changed).toBe(2);
    const applied = await owner.client.postJson(`/api/banking/rules/${ruleId}/apply`, {});
    expect(applied.status, await applied.clone().text()).toBe(200);
    expect(await applied.json()).toEqual({ success: true, changed: 2, locked: 1, kept: 1 });

    const after = await transactions(owner.client, accountId);
    const byId = (id: string) => after.find((t) => t.id === id)!;
    expect(byId(plain.id)).toMatchObject({
      purpose: "Electricity for Cedar Crest",
      category: "utilities",
      principalOrIncome: "income",
      status: "accounted",
      responsibleParty: { name: "Pacific Gas and Electric" },
      rule: { id: ruleId, name: "PG&E" },
    });
    expect(byId(written.id)).toMatchObject({ purpose: "Gas and power, paid late", category: "utilities", rule: { id: ruleId, name: "PG&E" } });
    expect(byId(locked.id)).toMatchObject({ purpose: null, category: null, rule: null });
    const audit = sql(`SELECT target_id, metadata FROM audit_log WHERE action = 'banking.rule_filled' AND workspace_id = '${owner.me.workspace.id}'`);
    expect(audit).toHaveLength(2);
    expect(JSON.parse(String(audit.find((a) => a.target_id === plain.id)!.metadata))).toMatchObject({
      ruleId,
      rule: "PG&E",
      "before.purpose": null,
      "after.purpose": "Electricity for Cedar Crest",
      "after.category": "utilities",
    });
    expect(sql(`SELECT count(*) AS n FROM audit_log WHERE action = 'banking.rule_applied' AND target_id = '${ruleId}'`)[0].n).toBe(1);

    // Applying again changes nothing; asking to replace people's words replaces them, still never the locked row.
    expect(((await (await owner.client.postJson(`/api/banking/rules/${ruleId}/apply`, {})).json()) as { changed: number }).changed).toBe(0);
    const replaced = (await (await owner.client.postJson(`/api/banking/rules/${ruleId}/apply`, { overwrite: true })).json()) as { changed: number };
    expect(replaced.changed).toBe(1);
    expect(sql(`SELECT purpose FROM bank_transactions WHERE id = '${written.id}'`)[0].purpose).toBe("Electricity for Cedar Crest");
    expect(sql(`SELECT purpose, rule_id FROM bank_transactions WHERE id = '${locked.id}'`)[0]).toEqual({ purpose: null, rule_id: null });

    // A person's edit takes the rule's name off the transaction.
    expect((await send(owner.client, "PATCH", `/api/banking/transactions/${plain.id}`, { notes: "Checked" })).status).toBe(200);
    expect(byId(plain.id).rule).not.toBeNull();
    expect((await transactions(owner.client, accountId)).find((t) => t.id === plain.id)!.rule).toBeNull();

    // The next statement is filled in by the rule as it is imported, and says so.
    await importCsv(owner.client, accountId, "Date,Description,Amount,Reference\n2026-10-15,PG&E UTILITIES CEDAR CREST,-301.10,R-5\n");
    const october = (await transactions(owner.client, accountId)).find((t) => t.postedOn === "2026-10-15")!;
    expect(october).toMatchObject({ purpose: "Electricity for Cedar Crest", category: "utilities", status: "accounted", rule: { id: ruleId, name: "PG&E" } });

    // Deleted, the rule is still named as the one that filled these in (without its name).
    expect((await send(owner.client, "DELETE", `/api/banking/rules/${ruleId}`)).status).toBe(200);
    expect((await transactions(owner.client, accountId)).find((t) => t.id === october.id)!.rule).toEqual({ id: ruleId, name: null });
  });

  it("bad input gets a 4xx and a clear sentence, never a 500", async () => {
    const owner = await startWorkspace(baseUrl, "rulebad", "The Careful Rules Trust");
    const accountId = await createAccount(owner.client);
    const ruleId = await createRule(owner.client, pge(accountId));
    const body = pge(accountId);
    const cases: [unknown, number, string | RegExp][] = [
      [
        { ...body, conditions: [{ field: "description", op: "matches", value: "(unclosed" }] },
        400,
        /^“\(unclosed” is not a regular expression that can be used \(.+\)\./,
      ],
      [
        { ...body, conditions: [{ field: "amount", op: "between", valueMinor: 5000, toMinor: 100 }] },
        400,
        "The first amount of the range must not be greater than the second.",
      ],
      [{ ...body, conditions: [] }, 400, "Add at least one condition."],
      [{ ...body, actions: {} }, 400, "Say what the rule fills in: at least one of purpose, category, responsible party, principal or income, and note."],
      [{ ...body, actions: { category: "yachts" } }, 400, "Choose a category from the trust's chart of accounts."],
      [
        { ...body, actions: { responsibleParty: crypto.randomUUID() } },
        400,
        "That person is not a member of this trust. Type an outside party's name instead.",
      ],
      [{ ...body, conditions: [{ field: "date", from: "2026-13-01" }] }, 400, "Enter a real date as YYYY-MM-DD."],
      [{ ...body, conditions: [{ field: "weather", value: "rain" }] }, 400, "A condition looks at the description, the amount, the account or the date."],
      [{ ...body, conditions: [{ field: "account", accountId: "not-an-id" }] }, 404, "This bank account does not exist, or it belongs to another workspace."],
      [{ ...body, name: "" }, 400, "Give the rule a name."],
      [{ ...body, colour: "red" }, 400, /colour/],
      [[1, 2], 400, /\S/],
    ];
    for (const [input, status, message] of cases) {
      const response = await owner.client.postJson("/api/banking/rules", input);
      expect(response.status, JSON.stringify(input)).toBe(status);
      const text = await error(response);
      if (typeof message === "string") expect(text).toBe(message);
      else expect(text).toMatch(message);
    }
    const broken = await send(owner.client, "POST", "/api/banking/rules", "{not json");
    expect(broken.status).toBe(400);
    const preview = await owner.client.postJson("/api/banking/rules/preview", { ...body, conditions: [{ field: "description", op: "matches", value: "[" }] });
    expect(preview.status).toBe(400);
    expect(
      (await send(owner.client, "PATCH", `/api/banking/rules/${ruleId}`, { conditions: [{ field: "amount", op: "between", valueMinor: 1 }] })).status,
    ).toBe(400);
    expect((await owner.client.postJson(`/api/banking/rules/${ruleId}/move`, { direction: "sideways" })).status).toBe(400);
    expect((await owner.client.postJson(`/api/banking/rules/${ruleId}/move`, {})).status).toBe(400);
    expect((await owner.client.postJson(`/api/banking/rules/${ruleId}/apply`, { overwrite: "yes" })).status).toBe(400);
    expect((await owner.client.postJson(`/api/banking/rules/${ruleId}/explode`, {})).status).toBe(404);
    expect((await owner.client.get("/api/banking/rules/not-a-rule")).status).toBe(404);
    expect((await owner.client.postJson("/api/banking/rules/preview", { ...body, id: crypto.randomUUID() })).status).toBe(404);
    expect((await send(owner.client, "PUT", `/api/banking/rules/${ruleId}`, {})).status).toBe(405);
    // Nothing was saved by any of it.
    expect((await listRules(owner.client)).map((r) => r.id)).toEqual([ruleId]);
  });
});
