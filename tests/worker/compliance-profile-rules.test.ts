import { describe, expect, it } from "vitest";
import { testServer } from "../helpers/test-server";
import type { Client } from "../helpers/client";
import { addMember, sql as runSql, startWorkspace } from "../helpers/workspace";

// What the trust's profile decides for the rules (issue 18): whether the estate must file Form 706, answered and
// audited on the profile; and the profile's date as the trust's creation while no creation event is recorded.
const baseUrl = testServer().baseUrl;
const sqlUrl = testServer().sqlUrl;
const sql = (query: string) => runSql(sqlUrl, query);

interface Verdict {
  ruleId: string;
  applies: boolean;
  reason: string;
}

const send = (client: Client, method: string, path: string, body?: unknown) =>
  client.fetch(path, {
    method,
    headers: { "Content-Type": "application/json", Origin: client.origin },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
const verdict = async (client: Client, ruleId: string) => {
  const response = await client.get("/api/compliance/rules");
  expect(response.status).toBe(200);
  return ((await response.json()) as { verdicts: Verdict[] }).verdicts.find((v) => v.ruleId === ruleId)!;
};

describe("the trust's profile as the rules' input", () => {
  it("answers whether the estate must file Form 706, audited, and the rule says why it applies or not", async () => {
    const owner = await startWorkspace(baseUrl, "form706", "The Estate Return Trust");
    expect(await verdict(owner.client, "us-6075-form-706")).toMatchObject({
      applies: false,
      reason: expect.stringContaining("does not say whether the estate must file a federal estate tax return"),
    });

    const bad = await send(owner.client, "PUT", "/api/trust/profile", { estateTaxReturnRequired: "maybe" });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toBe("Answer yes or no.");
    const beneficiary = await addMember(baseUrl, owner.client, "beneficiary", "form706benef");
    expect((await send(beneficiary.client, "PUT", "/api/trust/profile", { estateTaxReturnRequired: true })).status).toBe(403);

    const no = await send(owner.client, "PUT", "/api/trust/profile", { estateTaxReturnRequired: false });
    expect(no.status, await no.clone().text()).toBe(200);
    const field = ((await no.json()) as { profile: { fields: { estateTaxReturnRequired: { value: boolean; edited: unknown } } } }).profile.fields
      .estateTaxReturnRequired;
    expect(field).toMatchObject({ value: false, edited: expect.objectContaining({ by: owner.account.name }) });
    expect(await verdict(owner.client, "us-6075-form-706")).toMatchObject({
      applies: false,
      reason: expect.stringContaining("says the estate does not need to file"),
    });

    expect((await send(owner.client, "PUT", "/api/trust/profile", { estateTaxReturnRequired: true })).status).toBe(200);
    const died = await send(owner.client, "POST", "/api/trust/events", { type: "settlor_died", occurredOn: "2026-01-20" });
    expect(died.status, await died.clone().text()).toBe(201);
    expect(await verdict(owner.client, "us-6075-form-706")).toMatchObject({
      applies: true,
      reason: expect.stringContaining("says the estate must file a federal estate tax return"),
    });
    const edits = sql(`select metadata from audit_log where workspace_id = '${owner.me.workspace.id}' and action = 'compliance.profile_edited'`);
    expect(edits.filter((e) => String(e.metadata).includes("estateTaxReturnRequired"))).toHaveLength(2);
  });

  it("takes the profile's date as the trust's creation until one is recorded, and says so", async () => {
    const owner = await startWorkspace(baseUrl, "creationday", "The Registered Trust");
    const put = await send(owner.client, "PUT", "/api/trust/profile", { type: "irrevocable", date: "2026-01-06", jurisdictions: ["GB-EWS"] });
    expect(put.status, await put.clone().text()).toBe(200);
    expect(await verdict(owner.client, "gb-trs-register")).toMatchObject({ applies: true, reason: expect.stringContaining("the trust's profile gives") });
    const items = (await (await owner.client.get("/api/compliance/items?from=2026-01-01&to=2026-12-31")).json()) as {
      items: { title: string; dueOn: string; jurisdiction: string }[];
    };
    expect(items.items.filter((i) => i.jurisdiction === "GB-EWS" && i.dueOn === "2026-04-06")).toHaveLength(1);

    // A recorded creation wins over the profile's date.
    const created = await send(owner.client, "POST", "/api/trust/events", { type: "trust_created", occurredOn: "2026-01-09" });
    expect(created.status, await created.clone().text()).toBe(201);
    const after = await verdict(owner.client, "gb-trs-register");
    expect(after.applies).toBe(true);
    expect(after.reason).not.toContain("profile");
  });
});
