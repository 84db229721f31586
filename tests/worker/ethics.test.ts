import { beforeAll, describe, expect, it } from "vitest";
import { testServer } from "../helpers/test-server";
import type { Client } from "../helpers/client";
import { addMember, sql as runSql, startWorkspace } from "../helpers/workspace";
import { checkingWithStatement } from "../helpers/banking";

// The conflicts register, attestations and the UTC §802 checks over the trust's money (issue 18), through the API.
const baseUrl = testServer().baseUrl;
const sqlUrl = testServer().sqlUrl;
const sql = (query: string) => runSql(sqlUrl, query);
const YEAR = new Date().getUTCFullYear();

const STATEMENT = [
  "Date,Description,Amount,Reference",
  `${YEAR}-01-02,BAYVIEW ROOFING,-4800.00,E-1`,
  `${YEAR}-01-02,TRANSFER TO CHK ...4321,-1500.00,E-2`,
  `${YEAR}-01-02,SCHWAB DIVIDEND,900.00,E-3`,
].join("\n");

interface Flag {
  key: string;
  kind: string;
  subjectType: string;
  severity: string;
  trusteeUserId: string | null;
  text: string;
  review: { resolution: string; reason: string; resolvedBy: string | null } | null;
}
interface EthicsView {
  year: number;
  flags: Flag[];
  register: { userId: string; parties: { id: string; name: string }[]; ownAccountLastFours: string[]; attestationDue: boolean }[];
  compensation: { kind: string };
}

const send = (client: Client, method: string, path: string, body?: unknown) =>
  client.fetch(path, {
    method,
    headers: { "Content-Type": "application/json", Origin: client.origin },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
const error = async (response: Response) => ((await response.json()) as { error: string }).error;
const view = async (client: Client) => {
  const response = await client.get("/api/ethics");
  expect(response.status).toBe(200);
  return (await response.json()) as EthicsView;
};

describe("ethical compliance", () => {
  let owner: Awaited<ReturnType<typeof startWorkspace>>;
  let trustee: Awaited<ReturnType<typeof addMember>>;
  let beneficiary: Awaited<ReturnType<typeof addMember>>;
  let family: Awaited<ReturnType<typeof addMember>>;

  beforeAll(async () => {
    owner = await startWorkspace(baseUrl, "ethicsowner", "The Careful Family Trust");
    trustee = await addMember(baseUrl, owner.client, "co_trustee", "ethicstrustee");
    beneficiary = await addMember(baseUrl, owner.client, "beneficiary", "ethicsbenef");
    family = await addMember(baseUrl, owner.client, "family_member", "ethicsfam");
    await checkingWithStatement(owner.client, YEAR, STATEMENT, "january.csv");
  });

  it("registers a trustee's related business, refuses what makes no sense, and flags the payment to it", async () => {
    expect((await view(owner.client)).flags.filter((f) => f.kind === "related_party_payment")).toEqual([]);

    const bad = [
      [{ trusteeUserId: trustee.me.id, name: "Bayview", relation: "cousin" }, "Choose the relation to the trustee."],
      [{ trusteeUserId: trustee.me.id, name: "", relation: "business" }, null],
      [{ trusteeUserId: trustee.me.id, name: "Bayview", relation: "business", accountLastFour: "12" }, "Enter the account's last four digits."],
      [
        { trusteeUserId: trustee.me.id, name: "Bayview", relation: "business", basis: { kind: "court_approval" } },
        "Add the document or a note that shows the court's approval or the beneficiaries' consent.",
      ],
    ] as const;
    for (const [body, message] of bad) {
      const response = await send(trustee.client, "POST", "/api/ethics/parties", body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      if (message) expect(await error(response)).toBe(message);
    }
    // Only trustees have a register; a family member is not one.
    const notTrustee = await send(owner.client, "POST", "/api/ethics/parties", { trusteeUserId: family.me.id, name: "Someone", relation: "spouse" });
    expect(notTrustee.status).toBe(422);
    expect(await error(notTrustee)).toBe("This person is not a trustee of the trust.");
    expect((await send(beneficiary.client, "POST", "/api/ethics/parties", { trusteeUserId: beneficiary.me.id, name: "X", relation: "spouse" })).status).toBe(
      403,
    );
    expect(Number(sql(`select count(*) as n from related_parties where workspace_id = '${owner.me.workspace.id}'`)[0]!.n)).toBe(0);

    const added = await send(trustee.client, "POST", "/api/ethics/parties", {
      trusteeUserId: trustee.me.id,
      name: "Bayview Roofing & Restoration",
      relation: "business",
      aliases: ["Bayview Roofing"],
    });
    expect(added.status, await added.clone().text()).toBe(201);
    const partyId = ((await added.json()) as { party: { id: string } }).party.id;

    const flags = (await view(owner.client)).flags.filter((f) => f.kind === "related_party_payment");
    expect(flags).toHaveLength(1);
    expect(flags[0]).toMatchObject({ subjectType: "transaction", severity: "high", trusteeUserId: trustee.me.id, review: null });
    expect(flags[0]!.text).toContain("$4,800.00");
    expect(flags[0]!.text).toContain("Bayview Roofing & Restoration");
    expect(flags[0]!.text).toContain("Uniform Trust Code §802");

    // Another family's owner cannot see, change or remove the entry.
    const stranger = await startWorkspace(baseUrl, "ethicsstranger", "Another Trust");
    expect((await send(stranger.client, "DELETE", `/api/ethics/parties/${partyId}`)).status).toBe(404);
    expect((await view(stranger.client)).register.flatMap((t) => t.parties)).toEqual([]);
    const audit = sql(`select action from audit_log where workspace_id = '${owner.me.workspace.id}' and action like 'ethics.%'`).map((r) => r.action);
    expect(audit).toContain("ethics.party_registered");
  });

  it("flags money moved to a trustee's own account, and a flag is settled by someone else with a reason", async () => {
    expect((await send(trustee.client, "PUT", `/api/ethics/trustees/${trustee.me.id}`, { aliases: [], ownAccountLastFours: ["4321"] })).status).toBe(200);
    const commingling = (await view(owner.client)).flags.find((f) => f.kind === "commingling");
    expect(commingling).toMatchObject({ severity: "high", trusteeUserId: trustee.me.id });
    expect(commingling!.text).toContain("ending 4321");

    const related = (await view(owner.client)).flags.find((f) => f.kind === "related_party_payment")!;
    const path = `/api/ethics/flags/${encodeURIComponent(related.key)}`;
    const own = await send(trustee.client, "PUT", path, { resolution: "explained", reason: "A fair price for the roof repair." });
    expect(own.status).toBe(403);
    expect(await error(own)).toBe("A flag about you is settled by another trustee.");
    const short = await send(owner.client, "PUT", path, { resolution: "explained", reason: "ok" });
    expect(short.status).toBe(400);
    expect(await error(short)).toBe("Write the reason in a sentence or more (at least 10 characters).");
    expect((await send(owner.client, "PUT", path, { resolution: "maybe", reason: "A fair price for the roof repair." })).status).toBe(400);
    expect((await send(beneficiary.client, "PUT", path, { resolution: "explained", reason: "A fair price for the roof repair." })).status).toBe(403);
    expect(
      (
        await send(owner.client, "PUT", "/api/ethics/flags/related_party_payment:transaction:nothing", {
          resolution: "explained",
          reason: "Nothing to see here at all.",
        })
      ).status,
    ).toBe(404);

    const settled = await send(owner.client, "PUT", path, { resolution: "authorised", reason: "Three quotes taken; the beneficiaries consented in writing." });
    expect(settled.status, await settled.clone().text()).toBe(200);
    const after = (await view(owner.client)).flags.find((f) => f.key === related.key)!;
    expect(after.review).toMatchObject({
      resolution: "authorised",
      reason: "Three quotes taken; the beneficiaries consented in writing.",
      resolvedBy: owner.account.name,
    });
    expect(sql(`select count(*) as n from audit_log where action = 'ethics.flag_resolved' and workspace_id = '${owner.me.workspace.id}'`)[0]!.n).toBe(1);

    expect((await send(owner.client, "DELETE", path)).status).toBe(200);
    expect((await view(owner.client)).flags.find((f) => f.key === related.key)!.review).toBeNull();
    expect((await send(owner.client, "DELETE", path)).status).toBe(409);
  });

  it("takes each trustee's attestation, dated and audited, and keeps the register from those who may not see it", async () => {
    expect((await view(owner.client)).register.find((t) => t.userId === trustee.me.id)!.attestationDue).toBe(true);
    const unticked = await send(trustee.client, "POST", "/api/ethics/attestations", { confirm: false });
    expect(unticked.status).toBe(400);
    expect(await error(unticked)).toBe("Tick the box to confirm the statement.");
    expect((await send(beneficiary.client, "POST", "/api/ethics/attestations", { confirm: true })).status).toBe(403);
    const attested = await send(trustee.client, "POST", "/api/ethics/attestations", { confirm: true });
    expect(attested.status).toBe(201);
    expect((await attested.json()) as { attestation: { partyCount: number } }).toMatchObject({ attestation: { partyCount: 1 } });
    expect((await view(owner.client)).register.find((t) => t.userId === trustee.me.id)!.attestationDue).toBe(false);
    const statement = sql(`select statement from conflict_attestations where trustee_user_id = '${trustee.me.id}'`)[0]!.statement;
    expect(statement).toContain("have disclosed in this register every person and business related to me");

    for (const member of [beneficiary, family]) {
      expect((await member.client.get("/api/ethics")).status).toBe(403);
      expect((await member.client.get("/ethical-compliance")).status).toBe(403);
    }
    const page = await owner.client.get("/ethical-compliance");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Conflicts register");
    expect(html).toContain("Bayview Roofing &amp; Restoration");
    expect((await owner.client.get("/api/ethics?year=nineteen")).status).toBe(400);
  });
});
