import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { testServer } from "../helpers/test-server";
import type { Client } from "../helpers/client";
import { addMember, eventually, sql as runSql, startWorkspace, uploadAnalysed } from "../helpers/workspace";

const baseUrl = testServer().baseUrl;
const sqlUrl = testServer().sqlUrl;
const sql = (query: string) => runSql(sqlUrl, query);
const fixture = (path: string) => readFileSync(new URL(`../fixtures/${path}`, import.meta.url));

interface Distribution {
  id: string;
  beneficiaryUserId: string | null;
  beneficiaryName: string;
  amountMinor: number;
  status: string;
  principalOrIncome: string;
  authority: { documentId: string; provisionId: string; reference: string | null; title: string; passage: string };
  warnings: { code: string; params?: Record<string, unknown> }[];
  poll: { id: string; status: string } | null;
  transactionId: string | null;
}
const error = async (response: Response) => ((await response.json()) as { error: string }).error;
const fieldErrors = async (response: Response) => ((await response.json()) as { fieldErrors?: Record<string, string[]> }).fieldErrors ?? {};

/** A trust with its instrument analysed and September's statement imported (a 2,500.00 transfer among the rows). */
async function fundedTrust(prefix: string) {
  const owner = await startWorkspace(baseUrl, prefix, `The ${prefix} Trust`);
  const documentId = await uploadAnalysed(owner.client, fixture("documents/hartwell-family-trust.txt"), "hartwell-family-trust.txt");
  const created = await owner.client.postJson("/api/banking/accounts", {
    name: "Checking",
    institution: "Pacific Coast Bank",
    type: "checking",
    currency: "USD",
    lastFour: "0932",
    openingBalanceMinor: 8421055,
    openingOn: "2026-09-01",
  });
  expect(created.status).toBe(201);
  const accountId = ((await created.json()) as { id: string }).id;
  const form = new FormData();
  form.set("file", new Blob([fixture("bank/pacific-coast-2026-09.ofx")]), "september.ofx");
  const preview = await owner.client.fetch(`/api/banking/accounts/${accountId}/imports`, {
    method: "POST",
    body: form,
    headers: { Origin: owner.client.origin },
  });
  expect(preview.status, await preview.clone().text()).toBe(200);
  const { importId } = (await preview.json()) as { importId: string };
  expect((await owner.client.postJson(`/api/banking/imports/${importId}/commit`, {})).status).toBe(200);
  return { owner, documentId, accountId };
}

const request = (client: Client, body: Record<string, unknown>) => client.postJson("/api/finance/distributions", body);
const list = async (client: Client) => {
  const response = await client.get("/api/finance/distributions");
  expect(response.status).toBe(200);
  return ((await response.json()) as { distributions: Distribution[] }).distributions;
};

describe("trust finances", () => {
  it("keeps assets with carrying and current values and their history; refuses bad values with clear messages", async () => {
    const owner = await startWorkspace(baseUrl, "finassets", "The Asset Trust");
    const created = await owner.client.postJson("/api/finance/assets", {
      name: "Cedar Crest residence",
      kind: "real_estate",
      currency: "USD",
      acquiredOn: "2009-05-14",
      carryingMinor: 61_200_000,
      currentMinor: 145_000_000,
      valuedOn: "2024-12-31",
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    expect(
      (
        await owner.client.postJson(`/api/finance/assets/${id}/valuations`, {
          valuedOn: "2026-06-30",
          carryingMinor: 61_200_000,
          currentMinor: 158_500_000,
          source: "appraisal",
        })
      ).status,
    ).toBe(201);

    let response = await owner.client.postJson(`/api/finance/assets/${id}/valuations`, { valuedOn: "2001-01-01", carryingMinor: 1, currentMinor: 1 });
    expect(response.status).toBe(422);
    expect(await error(response)).toBe("A valuation cannot be dated before the trust acquired the asset.");
    response = await owner.client.postJson("/api/finance/assets", {
      name: "Debt",
      kind: "liability",
      currency: "USD",
      acquiredOn: "2026-01-01",
      carryingMinor: -5,
      currentMinor: 5,
    });
    expect(response.status).toBe(400);
    expect((await fieldErrors(response)).carryingMinor).toEqual(["Enter the value as a positive amount (a liability is entered as what is owed)."]);
    response = await owner.client.postJson("/api/finance/assets", {
      name: "",
      kind: "yacht",
      currency: "US",
      acquiredOn: "2026-02-30",
      carryingMinor: 1,
      currentMinor: 1,
    });
    expect(response.status).toBe(400);
    expect(Object.keys(await fieldErrors(response)).sort()).toEqual(["acquiredOn", "currency", "kind", "name"]);
    expect(
      (await owner.client.postJson(`/api/finance/assets/${crypto.randomUUID()}/valuations`, { valuedOn: "2026-06-30", carryingMinor: 1, currentMinor: 1 }))
        .status,
    ).toBe(404);

    const assets = ((await (await owner.client.get("/api/finance/assets")).json()) as { assets: { id: string; currentMinor: number; valuations: unknown[] }[] })
      .assets;
    expect(assets.find((a) => a.id === id)).toMatchObject({ currentMinor: 158_500_000, valuations: [expect.anything(), expect.anything()] });

    // Another family cannot value this asset, and a beneficiary sees no assets at all.
    const stranger = await startWorkspace(baseUrl, "finstranger", "The Other Trust");
    expect((await stranger.client.postJson(`/api/finance/assets/${id}/valuations`, { valuedOn: "2026-06-30", carryingMinor: 1, currentMinor: 1 })).status).toBe(
      404,
    );
    const ben = await addMember(baseUrl, owner.client, "beneficiary", "finben");
    expect((await ben.client.get("/api/finance/assets")).status).toBe(403);
    expect(
      (
        await ben.client.postJson("/api/finance/assets", {
          name: "Mine",
          kind: "cash",
          currency: "USD",
          acquiredOn: "2026-01-01",
          carryingMinor: 1,
          currentMinor: 1,
        })
      ).status,
    ).toBe(403);
    const audit = sql(`select action from audit_log where workspace_id = '${owner.me.workspace.id}' and action like 'finance.%' order by created_at`).map(
      (r) => r.action,
    );
    expect(audit).toEqual(["finance.asset_created", "finance.asset_valued"]);
  });

  it("divides the ledger between principal and income by the Act's defaults, and by the trustee's own table", async () => {
    const { owner } = await fundedTrust("finalloc");
    const fee = sql(`select id from bank_transactions where workspace_id = '${owner.me.workspace.id}' and amount_minor = -315000`)[0].id as string;
    const categorised = await owner.client.fetch(`/api/banking/transactions/${fee}`, {
      method: "PATCH",
      headers: { "Content-Type": "application/json", Origin: owner.client.origin },
      body: JSON.stringify({ category: "professional_fees" }),
    });
    expect(categorised.status, await categorised.clone().text()).toBe(200);
    const before = (await (await owner.client.get("/api/finance/overview")).json()) as {
      flows: { category: string; principalMinor: number; incomeMinor: number }[];
    };
    // Counsel's fee (3,150.00) is a professional fee: half to income, half to principal.
    expect(before.flows.find((f) => f.category === "professional_fees")).toMatchObject({ principalMinor: -157_500, incomeMinor: -157_500 });
    const saved = await owner.client.fetch("/api/finance/allocations", {
      method: "PUT",
      headers: { "Content-Type": "application/json", Origin: owner.client.origin },
      body: JSON.stringify({ allocations: [{ category: "professional_fees", incomeShareBp: 0 }] }),
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
    const after = (await (await owner.client.get("/api/finance/overview")).json()) as {
      flows: { category: string; principalMinor: number; incomeMinor: number }[];
    };
    expect(after.flows.find((f) => f.category === "professional_fees")).toMatchObject({ principalMinor: -315_000, incomeMinor: 0 });
    const bad = await owner.client.fetch("/api/finance/allocations", {
      method: "PUT",
      headers: { "Content-Type": "application/json", Origin: owner.client.origin },
      body: JSON.stringify({ allocations: [{ category: "professional_fees", incomeShareBp: 10_001 }] }),
    });
    expect(bad.status).toBe(400);
  });

  it("takes a request citing its clause, warns from the instrument, refuses what must be refused, and pays it against the bank", async () => {
    const { owner, documentId } = await fundedTrust("findist");
    const sofia = await addMember(baseUrl, owner.client, "beneficiary", "sofia");
    const other = await addMember(baseUrl, owner.client, "beneficiary", "otherben");
    const authorities = (
      (await (await sofia.client.get("/api/finance/authorities")).json()) as {
        documents: { documentId: string; provisions: { provisionId: string; title: string }[] }[];
      }
    ).documents;
    // The trust is shared with nobody yet: a beneficiary sees no clause to cite.
    expect(authorities).toEqual([]);
    const ownerChoices = (
      (await (await owner.client.get("/api/finance/authorities")).json()) as { documents: { provisions: { provisionId: string; title: string }[] }[] }
    ).documents;
    const hems = ownerChoices[0].provisions.find((p) => p.title === "Health, Education, Maintenance and Support")!;
    const base = {
      amountMinor: 250_000,
      currency: "USD",
      purpose: "Monthly support",
      principalOrIncome: "income",
      authority: { documentId, provisionId: hems.provisionId },
    };

    // Bad input: each gets its sentence and a 4xx; nothing is saved.
    let response = await request(owner.client, { ...base, beneficiaryName: "Margaret A. Hartwell-Chen", amountMinor: 0 });
    expect(response.status).toBe(400);
    expect((await fieldErrors(response)).amountMinor).toEqual(["Enter an amount greater than zero."]);
    response = await request(owner.client, { ...base, beneficiaryName: "Margaret A. Hartwell-Chen", currency: "EUR" });
    expect(response.status).toBe(422);
    expect(await error(response)).toBe("The trust's accounts are kept in USD: request the distribution in USD.");
    response = await request(owner.client, { ...base, beneficiaryName: "Margaret A. Hartwell-Chen", amountMinor: 100_000_000 });
    expect(response.status).toBe(422);
    expect(await error(response)).toMatch(/^The trust has only \$\d[\d,]*\.\d\d in cash: this distribution cannot be paid\.$/);
    const stranger = await startWorkspace(baseUrl, "finstrange2", "Someone Else's Trust");
    const strangerDoc = await uploadAnalysed(stranger.client, fixture("documents/hartwell-family-trust.txt"), "theirs.txt");
    response = await request(owner.client, {
      ...base,
      beneficiaryName: "Margaret A. Hartwell-Chen",
      authority: { documentId: strangerDoc, provisionId: "p5" },
    });
    expect(response.status).toBe(422);
    expect(await error(response)).toBe("Choose a clause from one of this trust's own analysed documents.");
    response = await request(sofia.client, { ...base, beneficiaryUserId: other.me.id });
    expect(response.status).toBe(403);
    expect(await error(response)).toBe("You can only request a distribution for yourself.");
    expect(sql(`select count(*) as n from finance_distributions where workspace_id = '${owner.me.workspace.id}'`)[0].n).toBe(0);

    // Margaret has no login; the trustee asks for her. The instrument gives her 40%, a spendthrift clause applies, and
    // nothing of September is categorised yet, so the trust has no income cash to pay it from.
    response = await request(owner.client, { ...base, beneficiaryName: "Margaret A. Hartwell-Chen" });
    expect(response.status, await response.clone().text()).toBe(201);
    const { id, warnings } = (await response.json()) as { id: string; warnings: { code: string }[] };
    expect(warnings.map((w) => w.code)).toEqual(["share", "spendthrift", "overIncome"]);

    // A beneficiary cites only what she may read: the trust is shared with her, then she asks for herself.
    response = await request(sofia.client, { ...base, beneficiaryUserId: sofia.me.id, amountMinor: 120_000, purpose: "A car" });
    expect(response.status).toBe(422);
    const shared = await owner.client.fetch(`/api/documents/${documentId}/shares/${sofia.me.id}`, {
      method: "PUT",
      headers: { "Content-Type": "application/json", Origin: owner.client.origin },
      body: JSON.stringify({ permission: "view" }),
    });
    expect(shared.status).toBe(200);
    expect(((await (await sofia.client.get("/api/finance/authorities")).json()) as { documents: unknown[] }).documents).toHaveLength(1);
    // She is not named in the instrument, and "a car" is not health, education, maintenance or support.
    response = await request(sofia.client, { ...base, beneficiaryUserId: sofia.me.id, amountMinor: 120_000, purpose: "A car" });
    expect(response.status, await response.clone().text()).toBe(201);
    const sofiasId = ((await response.json()) as { id: string }).id;
    expect((await list(sofia.client)).map((d) => d.id)).toEqual([sofiasId]);
    // The income balance it is short of is the trust's figure: the trustees see that warning, she does not.
    expect((await list(sofia.client))[0].warnings.map((w) => w.code)).toEqual(["notNamed", "spendthrift", "hemsPurpose"]);
    expect((await list(owner.client)).find((d) => d.id === sofiasId)!.warnings.map((w) => w.code)).toEqual([
      "notNamed",
      "spendthrift",
      "hemsPurpose",
      "overIncome",
    ]);
    // Nor is she told how much cash the trust holds when she asks for more than it has.
    response = await request(sofia.client, { ...base, beneficiaryUserId: sofia.me.id, amountMinor: 100_000_000, purpose: "A house" });
    expect(response.status).toBe(422);
    expect(await error(response)).toBe("The trust does not hold enough cash to pay this amount now. The trustees can tell you more, or you can ask for less.");
    // The other beneficiary sees neither request, by list or by id.
    expect(await list(other.client)).toEqual([]);
    expect((await other.client.get(`/api/finance/distributions/${sofiasId}`)).status).toBe(404);
    expect((await other.client.postJson(`/api/finance/distributions/${sofiasId}/cancel`, {})).status).toBe(404);
    expect((await sofia.client.postJson(`/api/finance/distributions/${sofiasId}/approve`, {})).status).toBe(403);

    // Approve, find the payment (the September transfer of 2,500.00), pay; the transaction is now her distribution.
    response = await owner.client.postJson(`/api/finance/distributions/${id}/approve`, { note: "Within the HEMS standard" });
    expect(response.status).toBe(409);
    expect(await error(response)).toBe("This is more than the balance it is paid from. Tick the confirmation to approve it anyway.");
    response = await owner.client.postJson(`/api/finance/distributions/${id}/approve`, { note: "Within the HEMS standard", confirmWarnings: true });
    expect(response.status, await response.clone().text()).toBe(200);
    expect((await owner.client.postJson(`/api/finance/distributions/${id}/approve`, {})).status).toBe(409);
    const candidates = (
      (await (await owner.client.get(`/api/finance/distributions/${id}/payments`)).json()) as {
        candidates: { id: string; description: string; namesPayee: boolean }[];
      }
    ).candidates;
    expect(candidates[0]).toMatchObject({ description: "TRANSFER TO MARGARET HARTWELL-CHEN", namesPayee: true });
    const tuition = sql(`select id from bank_transactions where workspace_id = '${owner.me.workspace.id}' and amount_minor = -742000`)[0].id as string;
    response = await owner.client.postJson(`/api/finance/distributions/${id}/pay`, { transactionId: tuition });
    expect(response.status).toBe(422);
    expect(await error(response)).toBe("That transaction is not a payment of this amount in this currency.");
    response = await owner.client.postJson(`/api/finance/distributions/${id}/pay`, { transactionId: candidates[0].id });
    expect(response.status, await response.clone().text()).toBe(200);
    const paid = (await list(owner.client)).find((d) => d.id === id)!;
    expect(paid).toMatchObject({ status: "paid", transactionId: candidates[0].id });
    // The clause is linked to its words in the document, highlighted there.
    const content = sql(`select content from document_texts where document_id = '${documentId}'`)[0].content as string;
    const span = (paid.authority as { span?: { start: number; end: number } }).span!;
    expect(content.slice(span.start, span.end)).toContain("health, education, maintenance and support");
    expect(sql(`select category, principal_or_income as side from bank_transactions where id = '${candidates[0].id}'`)[0]).toEqual({
      category: "distribution",
      side: "income",
    });
    const audit = sql(`select action from audit_log where target_id = '${id}' order by created_at`).map((r) => r.action);
    expect(audit).toEqual(["finance.distribution_requested", "finance.distribution_approved", "finance.distribution_paid"]);

    // September's accounting balances to the cent against the bank, with Margaret's distribution in it.
    const accounting = await owner.client.get("/api/finance/accounting?from=2026-09-01&to=2026-09-30&jurisdiction=CA");
    expect(accounting.status, await accounting.clone().text()).toBe(200);
    const report = (await accounting.json()) as {
      check: { balanced: boolean; propertyEndMinor: number };
      summary: Record<string, { startMinor: number; endMinor: number }>;
      distributions: { beneficiaries: { beneficiary: { name: string }; totalMinor: number }[] };
    };
    expect(report.check).toMatchObject({ balanced: true, propertyEndMinor: 6_148_383 });
    expect(report.summary.total).toMatchObject({ startMinor: 8_421_055, endMinor: 6_148_383 });
    expect(JSON.stringify(report.distributions)).toContain("Margaret A. Hartwell-Chen");
    const pdf = await owner.client.get("/api/finance/accounting?from=2026-09-01&to=2026-09-30&format=pdf");
    expect(pdf.headers.get("Content-Type")).toBe("application/pdf");
    expect(new TextDecoder().decode((await pdf.arrayBuffer()).slice(0, 5))).toBe("%PDF-");
    const zip = await owner.client.get("/api/finance/accounting?from=2026-09-01&to=2026-09-30&format=csv");
    expect(zip.headers.get("Content-Type")).toBe("application/zip");
    expect(new TextDecoder().decode((await zip.arrayBuffer()).slice(0, 2))).toBe("PK");
    expect((await owner.client.get("/api/finance/accounting?from=2026-09-30&to=2026-09-01")).status).toBe(400);
    expect((await sofia.client.get("/api/finance/accounting?from=2026-09-01&to=2026-09-30")).status).toBe(403);

    // Saved into the documents and sent to each beneficiary, with a delivery record; refusals first.
    expect((await owner.client.postJson("/api/finance/accountings", { from: "2026-09-30", to: "2026-09-01" })).status).toBe(400);
    expect((await owner.client.postJson("/api/finance/accountings", { from: "2026-09-01", to: "2026-09-30", recipients: [owner.me.id] })).status).toBe(422);
    expect((await sofia.client.postJson("/api/finance/accountings", { from: "2026-09-01", to: "2026-09-30" })).status).toBe(403);
    const sent = await owner.client.postJson("/api/finance/accountings", { from: "2026-09-01", to: "2026-09-30", jurisdiction: "CA" });
    expect(sent.status, await sent.clone().text()).toBe(201);
    const { documentId: accountingDoc, recipients } = (await sent.json()) as { documentId: string; recipients: string[] };
    expect(recipients).toHaveLength(2);
    expect((await other.client.get(`/api/documents/${accountingDoc}`)).status).toBe(200);
    const told = (await (await sofia.client.get("/api/notifications?type=accounting_delivered")).json()) as {
      items: { type: string; metadata: { documentId: string } }[];
    };
    expect(told.items.map((n) => n.metadata.documentId)).toEqual([accountingDoc]);
    expect(sql(`select count(*) as n from finance_accounting_deliveries where workspace_id = '${owner.me.workspace.id}'`)[0].n).toBe(2);

    // The K-1 worksheet for 2026: Margaret's share follows her distribution; September is not reconciled yet.
    const k1 = (await (await owner.client.get(`/api/tax/k1?year=2026&beneficiaryId=${encodeURIComponent("name:Margaret A. Hartwell-Chen")}`)).json()) as {
      unreconciledMonths: string[];
      worksheets: { beneficiaryDistributionsMinor: number }[];
    };
    expect(k1.unreconciledMonths).toEqual(["2026-09"]);
    expect(k1.worksheets[0].beneficiaryDistributionsMinor).toBe(250_000);
    const csv = await owner.client.get("/api/tax/k1?year=2026&format=csv");
    expect(csv.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(await csv.text()).toContain("Margaret A. Hartwell-Chen,1,Interest income");
    const k1Pdf = await owner.client.get("/api/tax/k1?year=2026&format=pdf");
    expect(new TextDecoder().decode((await k1Pdf.arrayBuffer()).slice(0, 5))).toBe("%PDF-");
    expect((await owner.client.get("/api/tax/k1?year=2026&format=xls")).status).toBe(400);
    expect((await other.client.get("/api/tax/k1?year=2026")).status).toBe(403);
    const own = (await (await sofia.client.get(`/api/tax/k1?year=2026&beneficiaryId=${sofia.me.id}`)).json()) as {
      worksheets: { totalDistributionsMinor: number | null }[];
    };
    expect(own.worksheets[0].totalDistributionsMinor).toBeNull();
  });

  it("never lets a trustee approve her own distribution; needs every co-trustee when asked to", async () => {
    const { owner, documentId } = await fundedTrust("finown");
    const james = await addMember(baseUrl, owner.client, "co_trustee", "jamesct");
    const hems = { documentId, provisionId: "p5" };
    let response = await request(owner.client, {
      beneficiaryUserId: james.me.id,
      amountMinor: 50_000,
      currency: "USD",
      purpose: "Medical bills",
      principalOrIncome: "principal",
      authority: hems,
      approvalMode: "all_trustees",
    });
    expect(response.status, await response.clone().text()).toBe(201);
    const { id } = (await response.json()) as { id: string };
    response = await james.client.postJson(`/api/finance/distributions/${id}/approve`, {});
    expect(response.status).toBe(403);
    expect(await error(response)).toBe("You cannot approve or pay a distribution to yourself: another trustee or the family's vote must.");
    // Every co-trustee but James (the owner alone here) approves: that is all of them.
    response = await owner.client.postJson(`/api/finance/distributions/${id}/approve`, {});
    expect(((await response.json()) as { status: string }).status).toBe("approved");

    // A vote on a request follows the polls' own rules, in their words; nothing is saved when it cannot be held.
    const vote = {
      beneficiaryName: "Daniel R. Hartwell",
      amountMinor: 10_000,
      currency: "USD",
      purpose: "Medical bills",
      principalOrIncome: "principal",
      authority: hems,
      approvalMode: "poll",
    };
    response = await request(owner.client, { ...vote, weighted: true });
    expect(response.status).toBe(400);
    expect(await error(response)).toBe("No eligible voter has a beneficial share yet. Set the shares on the Admin page, or do not weigh the votes.");
    response = await request(owner.client, { ...vote, closesAt: new Date(Date.now() - 60_000).toISOString() });
    expect(response.status).toBe(400);
    expect((await fieldErrors(response)).closesAt).toEqual(["The closing time must be at least 5 minutes from now."]);
    expect(sql(`select count(*) as n from finance_distributions where workspace_id = '${owner.me.workspace.id}'`)[0].n).toBe(1);
  });

  it("puts a request to the family's weighted vote, and the poll's result approves it", async () => {
    const { owner, documentId } = await fundedTrust("finpoll");
    const daniel = await addMember(baseUrl, owner.client, "beneficiary", "danielb");
    const sophie = await addMember(baseUrl, owner.client, "beneficiary", "sophieb");
    for (const [member, share] of [
      [daniel, 6000],
      [sophie, 4000],
    ] as const) {
      const set = await owner.client.fetch(`/api/workspaces/members/${member.me.id}/share`, {
        method: "PUT",
        headers: { "Content-Type": "application/json", Origin: owner.client.origin },
        body: JSON.stringify({ shareBp: share }),
      });
      expect(set.status).toBe(200);
    }
    const response = await request(owner.client, {
      beneficiaryName: "Margaret A. Hartwell-Chen",
      amountMinor: 250_000,
      currency: "USD",
      purpose: "Monthly support",
      principalOrIncome: "income",
      authority: { documentId, provisionId: "p5" },
      approvalMode: "poll",
      weighted: true,
    });
    expect(response.status, await response.clone().text()).toBe(201);
    const { id, pollId } = (await response.json()) as { id: string; pollId: string };
    expect((await owner.client.postJson(`/api/finance/distributions/${id}/approve`, {})).status).toBe(409);
    const poll = (await (await daniel.client.get(`/api/polls/${pollId}`)).json()) as { poll: { title: string }; options: { id: string; role: string }[] };
    expect(poll.poll.title).toBe("Approve a distribution of $2,500.00 to Margaret A. Hartwell-Chen?");
    const yes = poll.options.find((o) => o.role === "yes")!.id;
    const no = poll.options.find((o) => o.role === "no")!.id;
    expect((await daniel.client.postJson(`/api/polls/${pollId}/ballot`, { choices: [yes] })).status).toBe(200);
    expect((await sophie.client.postJson(`/api/polls/${pollId}/ballot`, { choices: [no] })).status).toBe(200);
    expect((await owner.client.postJson(`/api/polls/${pollId}/close`, {})).status).toBe(200);
    const settled = await eventually(async () => (await list(owner.client)).find((d) => d.id === id && d.status !== "requested"));
    expect(settled.status).toBe("approved");
    expect(settled.poll).toMatchObject({ id: pollId, status: "closed" });
    const audit = sql(`select action, actor_user_id as actor from audit_log where target_id = '${id}' order by created_at`);
    expect(audit).toEqual([
      { action: "finance.distribution_requested", actor: owner.me.id },
      { action: "finance.distribution_approved", actor: null },
    ]);
  });
});
