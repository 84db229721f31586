// Issue 42, "what else of the same kind": a poll's voter roll is a grant too, fixed when the poll opens.
import { describe, expect, it } from "vitest";
import { testServer } from "../helpers/test-server";
import type { Client } from "../helpers/client";
import { addMember, sql as runSql, startWorkspace } from "../helpers/workspace";

const baseUrl = testServer().baseUrl;
const sqlUrl = testServer().sqlUrl;
const sql = (query: string) => runSql(sqlUrl, query) as Record<string, unknown>[];

const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();

async function openPoll(client: Client, body: Record<string, unknown>) {
  const response = await client.postJson("/api/polls", { closesAt: inAnHour(), type: "yes_no", ...body });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { poll: { id: string } }).poll.id;
}

/** The poll's "Yes", read by whoever opened it (a voter who lost the poll's role may no longer see it at all). */
const yesOptions = new Map<string, string>();
async function rememberYes(owner: Client, id: string) {
  const detail = (await (await owner.get(`/api/polls/${id}`)).json()) as { options: { id: string; role: string }[] };
  yesOptions.set(id, detail.options.find((o) => o.role === "yes")!.id);
}
const yes = (client: Client, id: string) => client.postJson(`/api/polls/${id}/ballot`, { choices: [yesOptions.get(id)!] });

const changeRole = (owner: Client, userId: string, role: string) =>
  owner.fetch(`/api/workspaces/members/${userId}`, {
    method: "PATCH",
    headers: { "Content-Type": "application/json", Origin: owner.origin },
    body: JSON.stringify({ role }),
  });

describe("a voter whose role changes keeps no vote the new role does not give", () => {
  it("a co-trustee made a beneficiary leaves the trustees' open poll (her ballot withdrawn, audited) and keeps everyone's; a viewer votes in none", async () => {
    const owner = await startWorkspace(baseUrl, "pollrole", "The Changing Roles Trust");
    const james = await addMember(baseUrl, owner.client, "co_trustee", "pollrolejames");
    const daniel = await addMember(baseUrl, owner.client, "family_member", "pollroledaniel");
    const trustees = await openPoll(owner.client, { title: "Sell the Cedar Crest house", eligibility: "roles", eligibleRoles: ["owner", "co_trustee"] });
    const everyone = await openPoll(owner.client, { title: "Where to meet this summer", eligibility: "all" });
    await rememberYes(owner.client, trustees);
    await rememberYes(owner.client, everyone);
    expect((await yes(james.client, trustees)).status).toBe(200);
    expect((await yes(daniel.client, everyone)).status).toBe(200);

    expect((await changeRole(owner.client, james.me.id, "beneficiary")).status).toBe(200);
    expect(sql(`SELECT count(*) AS n FROM poll_ballots WHERE poll_id = '${trustees}' AND voter_id = '${james.me.id}'`)[0]!.n).toBe(0);
    expect(sql(`SELECT count(*) AS n FROM poll_voters WHERE poll_id = '${trustees}' AND user_id = '${james.me.id}'`)[0]!.n).toBe(0);
    expect([403, 404]).toContain((await yes(james.client, trustees)).status);
    expect((await yes(james.client, everyone)).status).toBe(200);
    const audit = sql(`SELECT target_id, metadata FROM audit_log WHERE action = 'poll.voter_withdrawn' AND workspace_id = '${owner.me.workspace.id}'`);
    expect(audit).toEqual([{ target_id: trustees, metadata: expect.stringContaining('"to":"beneficiary"') }]);

    // Made a viewer: out of every open poll, his ballot gone; voting is refused even if a row were left behind.
    expect((await changeRole(owner.client, daniel.me.id, "viewer")).status).toBe(200);
    expect(sql(`SELECT count(*) AS n FROM poll_ballots WHERE poll_id = '${everyone}' AND voter_id = '${daniel.me.id}'`)[0]!.n).toBe(0);
    sql(`INSERT INTO poll_voters (poll_id, workspace_id, user_id, weight) VALUES ('${everyone}', '${owner.me.workspace.id}', '${daniel.me.id}', 1)`);
    expect((await yes(daniel.client, everyone)).status).toBe(403);
  });
});
