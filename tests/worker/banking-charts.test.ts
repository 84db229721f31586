import { describe, expect, it } from "vitest";
import { testServer } from "../helpers/test-server";
import { defaultRange } from "../../app/modules/banking/charts";
import type { Client } from "../helpers/client";
import { addMember, sql as runSql, startWorkspace } from "../helpers/workspace";

const baseUrl = testServer().baseUrl;
const sqlUrl = testServer().sqlUrl;
const sql = (query: string) => runSql(sqlUrl, query);

interface Charts {
  from: string;
  to: string;
  balances: { currency: string; step: string; days: string[]; series: { accountId: string; name: string; balancesMinor: (number | null)[] }[] }[] | null;
  flows: {
    currency: string;
    months: string[];
    categories: { category: string | null; inMinor: number[]; outMinor: number[]; totalInMinor: number; totalOutMinor: number }[];
  }[];
}

const ACCOUNT = {
  name: "Trust checking",
  institution: "Pacific Coast Bank",
  type: "checking",
  currency: "USD",
  lastFour: "0932",
  openingBalanceMinor: 100000,
  openingOn: "2026-09-01",
};

// A small account worked out by hand: $1,000.00 opening, five movements over three months.
const STATEMENT = [
  "Date,Description,Amount,Reference",
  "2026-09-02,DIVIDEND ACME,500.00,C-1",
  "2026-09-10,INSURANCE CO,-200.00,C-2",
  "2026-10-05,UNIVERSITY TUITION,-300.00,C-3",
  "2026-10-20,RENT CEDAR CREST,100.00,C-4",
  "2026-11-03,FAMILY DISTRIBUTIONS,-400.00,C-5",
].join("\n");

async function charts(client: Client, query: string) {
  const response = await client.get(`/api/banking/charts${query}`);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as Charts;
}

const patch = (client: Client, id: string, body: unknown) =>
  client.fetch(`/api/banking/transactions/${id}`, {
    method: "PATCH",
    headers: { "Content-Type": "application/json", Origin: client.origin },
    body: JSON.stringify(body),
  });

async function setUp(prefix: string) {
  const owner = await startWorkspace(baseUrl, prefix, "The Charts Trust");
  const created = await owner.client.postJson("/api/banking/accounts", ACCOUNT);
  expect(created.status).toBe(201);
  const accountId = ((await created.json()) as { id: string }).id;
  const form = new FormData();
  form.set("file", new Blob([STATEMENT]), "statement.csv");
  const uploaded = await owner.client.fetch(`/api/banking/accounts/${accountId}/imports`, {
    method: "POST",
    body: form,
    headers: { Origin: owner.client.origin },
  });
  expect(uploaded.status, await uploaded.clone().text()).toBe(200);
  const { importId } = (await uploaded.json()) as { importId: string };
  expect((await owner.client.postJson(`/api/banking/imports/${importId}/commit`, {})).status).toBe(200);
  const list = (await (await owner.client.get(`/api/banking/accounts/${accountId}/transactions`)).json()) as {
    transactions: { id: string; description: string }[];
  };
  const tx = (start: string) => list.transactions.find((t) => t.description.startsWith(start))!.id;

  const [beneficiary, sister, family] = [
    await addMember(baseUrl, owner.client, "beneficiary", "chartben"),
    await addMember(baseUrl, owner.client, "beneficiary", "chartsis"),
    await addMember(baseUrl, owner.client, "family_member", "chartfam"),
  ];
  for (const [id, body] of [
    [tx("DIVIDEND"), { category: "dividends", purpose: "Q3 dividend" }],
    [tx("INSURANCE"), { category: "insurance", purpose: "House insurance" }],
    [tx("UNIVERSITY"), { category: "distribution", beneficiaryUserId: beneficiary.me.id, purpose: "Fall tuition" }],
  ] as const) {
    expect((await patch(owner.client, id, body)).status).toBe(200);
  }
  // The November distribution is split between the two sisters; the chart counts the parts, not the whole.
  const split = tx("FAMILY");
  const workspaceId = owner.me.workspace.id;
  sql(
    `INSERT INTO bank_transaction_splits (id, transaction_id, workspace_id, position, amount_minor, category, principal_or_income, beneficiary_user_id) VALUES
     ('${crypto.randomUUID()}', '${split}', '${workspaceId}', 0, -25000, 'distribution', 'income', '${beneficiary.me.id}'),
     ('${crypto.randomUUID()}', '${split}', '${workspaceId}', 1, -15000, 'distribution', 'income', '${sister.me.id}')`,
  );
  return { owner, accountId, beneficiary, sister, family, workspaceId };
}

describe("banking charts", () => {
  it("balance over time and money in and out by category, worked out by hand; the page draws them with their tables", async () => {
    const { owner, accountId } = await setUp("chartsown");
    const result = await charts(owner.client, `?account=${accountId}&from=2026-09-01&to=2026-11-30`);
    expect(result).toMatchObject({ from: "2026-09-01", to: "2026-11-30" });

    const [balance] = result.balances!;
    expect(balance).toMatchObject({ currency: "USD", step: "day" });
    expect(balance.days).toHaveLength(91);
    const at = (day: string) => balance.series[0].balancesMinor[balance.days.indexOf(day)];
    expect(balance.series[0]).toMatchObject({ accountId, name: "Trust checking" });
    expect([
      at("2026-09-01"),
      at("2026-09-02"),
      at("2026-09-09"),
      at("2026-09-10"),
      at("2026-10-05"),
      at("2026-10-20"),
      at("2026-11-03"),
      at("2026-11-30"),
    ]).toEqual([100000, 150000, 150000, 130000, 100000, 110000, 70000, 70000]);

    const [flow] = result.flows;
    expect(flow.months).toEqual(["2026-09", "2026-10", "2026-11"]);
    expect(flow.categories).toEqual([
      { category: "distribution", inMinor: [0, 0, 0], outMinor: [0, -30000, -40000], totalInMinor: 0, totalOutMinor: -70000 },
      { category: "dividends", inMinor: [50000, 0, 0], outMinor: [0, 0, 0], totalInMinor: 50000, totalOutMinor: 0 },
      { category: "insurance", inMinor: [0, 0, 0], outMinor: [-20000, 0, 0], totalInMinor: 0, totalOutMinor: -20000 },
      { category: null, inMinor: [0, 10000, 0], outMinor: [0, 0, 0], totalInMinor: 10000, totalOutMinor: 0 },
    ]);

    // A range that starts mid-history carries what came before; a long one is drawn monthly, never before the opening.
    const october = await charts(owner.client, `?account=${accountId}&from=2026-10-01&to=2026-10-31`);
    expect(october.balances![0].series[0].balancesMinor[0]).toBe(130000);
    expect(october.flows[0].categories.map((c) => c.category)).toEqual(["distribution", null]);
    const decade = await charts(owner.client, `?from=2016-12-01&to=2026-11-30`);
    expect(decade.balances![0].step).toBe("month");
    expect(decade.balances![0].days.length).toBeLessThanOrEqual(120);
    expect(decade.balances![0].days.at(-1)).toBe("2026-11-30");
    expect(decade.balances![0].series[0].balancesMinor[0]).toBeNull();
    expect(decade.balances![0].series[0].balancesMinor.at(-1)).toBe(70000);

    // Unless chosen: up to today, the whole history when it is shorter than twelve months.
    const today = new Date().toISOString().slice(0, 10);
    const initial = await charts(owner.client, "");
    expect(initial.to).toBe(today);
    expect(initial).toMatchObject(defaultRange(today, "2026-09-01"));
    expect(initial.balances![0].series[0].balancesMinor.at(-1)).toBe(70000);

    // Bad ranges are refused with a sentence.
    const bad = await owner.client.get(`/api/banking/charts?from=2026-02-30`);
    expect(bad.status).toBe(400);
    const backwards = await owner.client.get(`/api/banking/charts?from=2026-11-01&to=2026-10-01`);
    expect(backwards.status).toBe(400);
    expect(((await backwards.json()) as { error: string }).error).toBe("The start of the period must come before its end.");

    // The page draws both charts on the server, each with its table.
    const page = await owner.client.get("/trust-banking", { "User-Agent": "test-bot" });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('data-testid="balance-chart"');
    expect(html).toContain('data-testid="flow-chart"');
    expect(html).toContain("Balance over time");
    expect(html).toContain("Money in and out by category");
    expect(html.match(/Show as table/g)?.length).toBeGreaterThanOrEqual(2);
    // The plots themselves, not only their placeholders: drawn on the server (no window in a Worker).
    expect(html).toContain('data-testid="balance-line"');
    expect(html.match(/data-side="(in|out)"/g)?.length).toBe(5);
  });

  it("roles: a beneficiary charts only her own money (totals only when allowed), a family member nothing unless granted, another family's account does not exist", async () => {
    const { owner, accountId, beneficiary, sister, family, workspaceId } = await setUp("chartsrole");
    const range = `?from=2026-09-01&to=2026-11-30`;

    // Her tuition and her part of the split; never her sister's part, the trust's income or its expenses; no balances.
    const own = await charts(beneficiary.client, range);
    expect(own.balances).toBeNull();
    expect(own.flows[0].categories).toEqual([
      { category: "distribution", inMinor: [0, 0, 0], outMinor: [0, -30000, -25000], totalInMinor: 0, totalOutMinor: -55000 },
    ]);
    const hers = await charts(sister.client, range);
    expect(hers.flows[0].categories).toEqual([
      { category: "distribution", inMinor: [0, 0, 0], outMinor: [0, 0, -15000], totalInMinor: 0, totalOutMinor: -15000 },
    ]);
    const page = await (await beneficiary.client.get("/trust-banking", { "User-Agent": "test-bot" })).text();
    expect(page).not.toContain('data-testid="balance-chart"');
    expect(page).toContain("Only the transactions of your own sub-ledger.");

    // When the owner lets beneficiaries see totals, the account's balance line is theirs too; the categories stay her own.
    sql(`INSERT INTO banking_settings (workspace_id, beneficiaries_see_totals) VALUES ('${workspaceId}', 1)`);
    const totals = await charts(beneficiary.client, range);
    expect(totals.balances![0].series[0].balancesMinor.at(-1)).toBe(70000);
    expect(totals.flows[0].categories).toHaveLength(1);

    // A family member sees nothing of banking, until an owner grants it.
    expect((await family.client.get(`/api/banking/charts${range}`)).status).toBe(403);
    expect((await family.client.get(`/api/banking/charts?account=${accountId}`)).status).toBe(403);
    sql(
      `INSERT INTO banking_grants (workspace_id, user_id, granted_by, created_at) VALUES ('${workspaceId}', '${family.me.id}', '${owner.me.id}', ${Date.now()})`,
    );
    const granted = await charts(family.client, range);
    expect(granted.flows[0].categories).toHaveLength(4);

    // Another family's account does not exist for this one; nor does a made-up id.
    const stranger = await startWorkspace(baseUrl, "chartsother", "Another Trust");
    expect((await stranger.client.get(`/api/banking/charts?account=${accountId}`)).status).toBe(404);
    expect((await owner.client.get(`/api/banking/charts?account=not-an-id`)).status).toBe(404);
    // Nor does anyone's chart show another workspace's money.
    expect(await charts(stranger.client, range)).toMatchObject({ balances: [], flows: [] });
  });
});
