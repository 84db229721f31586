import { beforeAll, describe, expect, it } from "vitest";
import { testServer } from "../helpers/test-server";
import type { Client } from "../helpers/client";
import { addMember, sql as runSql, startWorkspace } from "../helpers/workspace";
import { checkingWithStatement } from "../helpers/banking";

// The UTC §802 checks over what the statements and the finances hold (issue 18): a transfer's other account as the
// bank file names it, a transfer to an account in a trustee's own name, and a distribution to a related party.
const baseUrl = testServer().baseUrl;
const sqlUrl = testServer().sqlUrl;
const sql = (query: string) => runSql(sqlUrl, query);
const YEAR = new Date().getUTCFullYear();
const day = (mmdd: string) => `${YEAR}${mmdd}`;

const trn = (fields: string) => `<STMTTRN><TRNTYPE>DEBIT${fields}</STMTTRN>`;
// An OFX statement: a transfer whose other account is only in <BANKACCTTO>, one naming the trustee, and a purchase.
const STATEMENT =
  `OFXHEADER:100\r\nDATA:OFXSGML\r\nVERSION:102\r\nSECURITY:NONE\r\nENCODING:USASCII\r\nCHARSET:1252\r\nCOMPRESSION:NONE\r\nOLDFILEUID:NONE\r\nNEWFILEUID:NONE\r\n\r\n` +
  `<OFX><SIGNONMSGSRSV1><SONRS><STATUS><CODE>0<SEVERITY>INFO</STATUS><DTSERVER>${day("0201")}</SONRS></SIGNONMSGSRSV1>\n` +
  `<BANKMSGSRSV1><STMTTRNRS><TRNUID>1<STATUS><CODE>0<SEVERITY>INFO</STATUS><STMTRS><CURDEF>USD\n` +
  `<BANKACCTFROM><BANKID>121000358<ACCTID>000111110932<ACCTTYPE>CHECKING</BANKACCTFROM>\n` +
  `<BANKTRANLIST><DTSTART>${day("0101")}<DTEND>${day("0131")}\n` +
  [
    trn(
      `<DTPOSTED>${day("0105")}<TRNAMT>-1500.00<FITID>M-1<NAME>ONLINE TRANSFER<BANKACCTTO><BANKID>121000358<ACCTID>000987657781<ACCTTYPE>SAVINGS</BANKACCTTO>`,
    ),
    trn(`<DTPOSTED>${day("0106")}<TRNAMT>-700.00<FITID>M-2<NAME>ONLINE TRANSFER TO JORDAN QUILL`),
    trn(`<DTPOSTED>${day("0107")}<TRNAMT>-20.00<FITID>M-3<NAME>CORNER GROCERY`),
  ].join("\n") +
  `\n</BANKTRANLIST><LEDGERBAL><BALAMT>100.00<DTASOF>${day("0131")}</LEDGERBAL>\n</STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\n`;

interface Flag {
  key: string;
  kind: string;
  subjectType: string;
  subjectId: string;
  severity: string;
  trusteeUserId: string | null;
  text: string;
}

const send = (client: Client, method: string, path: string, body?: unknown) =>
  client.fetch(path, {
    method,
    headers: { "Content-Type": "application/json", Origin: client.origin },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
const flags = async (client: Client) => {
  const response = await client.get("/api/ethics");
  expect(response.status).toBe(200);
  return ((await response.json()) as { flags: Flag[] }).flags;
};

describe("ethics checks over statements and distributions", () => {
  let owner: Awaited<ReturnType<typeof startWorkspace>>;
  let trustee: Awaited<ReturnType<typeof addMember>>;
  let beneficiary: Awaited<ReturnType<typeof addMember>>;
  const ws = () => owner.me.workspace.id;
  const txId = (description: string) =>
    String(sql(`select id from bank_transactions where workspace_id = '${ws()}' and description = '${description}'`)[0]!.id);

  beforeAll(async () => {
    owner = await startWorkspace(baseUrl, "ethicsmoney", "The Quill Family Trust");
    trustee = await addMember(baseUrl, owner.client, "co_trustee", "ethicsmoneytr");
    beneficiary = await addMember(baseUrl, owner.client, "beneficiary", "ethicsmoneybn");
    await checkingWithStatement(owner.client, YEAR, STATEMENT, "january.ofx");
  });

  it("keeps the other account's last four from the statement, and flags transfers to the trustee's own accounts", async () => {
    const stored = sql(`select description, counterparty_last_four as four from bank_transactions where workspace_id = '${ws()}' order by posted_on`);
    expect(stored.map((r) => r.four)).toEqual(["7781", null, null]);
    expect((await flags(owner.client)).filter((f) => f.kind === "commingling")).toEqual([]);

    // The trustee discloses the savings account and the name their own accounts are held under.
    const disclosed = await send(trustee.client, "PUT", `/api/ethics/trustees/${trustee.me.id}`, { aliases: ["Jordan Quill"], ownAccountLastFours: ["7781"] });
    expect(disclosed.status, await disclosed.clone().text()).toBe(200);
    const all = await flags(owner.client);
    const byAccount = all.filter((f) => f.subjectId === txId("ONLINE TRANSFER"));
    expect(byAccount).toEqual([expect.objectContaining({ kind: "commingling", severity: "high", trusteeUserId: trustee.me.id })]);
    expect(byAccount[0]!.text).toContain("$1,500.00");
    expect(byAccount[0]!.text).toContain("ending 7781");
    // Named, not numbered: flagged once, as commingling, not also as the trustee's pay.
    const byName = all.filter((f) => f.subjectId === txId("ONLINE TRANSFER TO JORDAN QUILL"));
    expect(byName).toEqual([expect.objectContaining({ kind: "commingling", severity: "high", trusteeUserId: trustee.me.id })]);
    expect(byName[0]!.text).toContain("$700.00");
    expect(byName[0]!.text).toContain("own name");
    expect(all.filter((f) => f.subjectId === txId("CORNER GROCERY"))).toEqual([]);
  });

  it("flags a distribution to a beneficiary who is a registered related party, still when a basis is on file", async () => {
    const insert = (id: string, status: string, paidOn: string | null) =>
      sql(
        `insert into finance_distributions (id, workspace_id, beneficiary_user_id, beneficiary_name, amount_minor, currency, purpose, principal_or_income,
           status, approval_mode, authority, warnings, paid_on, decided_by, created_at, updated_at)
         values ('${id}', '${ws()}', '${beneficiary.me.id}', 'Riley Quill', 250000, 'USD', 'Tuition', 'income', '${status}', 'trustee', '{}', '[]',
           ${paidOn ? `'${paidOn}'` : "null"}, '${owner.me.id}', ${Date.now()}, ${Date.now()})`,
      );
    const paidId = crypto.randomUUID();
    const requestedId = crypto.randomUUID();
    insert(paidId, "paid", `${YEAR}-01-10`);
    insert(requestedId, "requested", null);
    expect((await flags(owner.client)).filter((f) => f.subjectType === "distribution")).toEqual([]);

    const added = await send(trustee.client, "POST", "/api/ethics/parties", { trusteeUserId: trustee.me.id, name: "Riley Quill", relation: "descendant" });
    expect(added.status, await added.clone().text()).toBe(201);
    const partyId = ((await added.json()) as { party: { id: string } }).party.id;
    const distributionFlags = (await flags(owner.client)).filter((f) => f.subjectType === "distribution");
    expect(distributionFlags).toEqual([
      expect.objectContaining({
        key: `related_party_payment:distribution:${paidId}`,
        kind: "related_party_payment",
        severity: "high",
        trusteeUserId: trustee.me.id,
      }),
    ]);
    expect(distributionFlags[0]!.text).toContain("$2,500.00");
    expect(distributionFlags[0]!.text).toContain("a beneficiary who is also registered as a descendant of trustee");
    expect(distributionFlags[0]!.text).toContain("§802(c)");

    // The trust terms allow it: still a flag to review, at medium, saying so.
    const basis = { kind: "trust_terms", note: "Article 5 provides for the settlor's descendants' education." };
    const patched = await send(trustee.client, "PATCH", `/api/ethics/parties/${partyId}`, {
      trusteeUserId: trustee.me.id,
      name: "Riley Quill",
      relation: "descendant",
      basis,
    });
    expect(patched.status, await patched.clone().text()).toBe(200);
    const authorised = (await flags(owner.client)).find((f) => f.subjectId === paidId)!;
    expect(authorised).toMatchObject({ severity: "medium" });
    expect(authorised.text).toContain("An authorisation is on file");

    // Settled like any other flag: by someone other than the trustee it concerns, audited.
    const path = `/api/ethics/flags/${encodeURIComponent(authorised.key)}`;
    expect((await send(trustee.client, "PUT", path, { resolution: "authorised", reason: "Tuition, as Article 5 allows." })).status).toBe(403);
    const settled = await send(owner.client, "PUT", path, { resolution: "authorised", reason: "Tuition, as Article 5 allows." });
    expect(settled.status, await settled.clone().text()).toBe(200);
    const audit = sql(`select target_type as type, target_id as id from audit_log where workspace_id = '${ws()}' and action = 'ethics.flag_resolved'`);
    expect(audit).toEqual([{ type: "distribution", id: paidId }]);
  });
});
