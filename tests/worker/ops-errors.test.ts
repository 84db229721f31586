import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { testServer } from "../helpers/test-server";
import { Client } from "../helpers/client";
import { signInOperator } from "../helpers/ops";
import { addMember, eventually, sql, startWorkspace } from "../helpers/workspace";

const baseUrl = testServer().baseUrl;
const sqlUrl = testServer().sqlUrl;

interface Group {
  id: string;
  fingerprint: string;
  message: string;
  count: number;
  firstSeen: string;
  lastSeen: string;
  status: string;
  people: number;
  releases: string[];
}

const unique = () => randomBytes(4).toString("hex").replace(/\d/g, "x");
const sessionKey = () => randomBytes(12).toString("hex");

async function groups(client: Client) {
  const response = await client.get("/api/errors/groups");
  expect(response.status).toBe(200);
  return ((await response.json()) as { groups: Group[] }).groups;
}

function report(client: Client, body: unknown, key = sessionKey()) {
  return client.postJson("/api/errors", body, { "X-Error-Session": key });
}

let operator: Client;
beforeAll(async () => {
  operator = await signInOperator(baseUrl, sqlUrl);
});

describe("POST /api/errors and grouping", () => {
  it("groups the same error reported twice into one with count 2, and stores an e-mail in its message without it", async () => {
    const { client: owner } = await startWorkspace(baseUrl, "errowner", "Error Owner Trust");
    const word = unique();
    const message = `Saving ${word} failed for eleanor@hartwell.example after 3 tries`;
    expect((await report(owner, { message, route: "/documents?token=secret", release: "r1" })).status).toBe(202);
    expect((await report(owner, { message: message.replace("3 tries", "4 tries"), route: "/documents", release: "r2" })).status).toBe(202);
    const mine = (await groups(owner)).filter((g) => g.message.includes(word));
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ count: 2, status: "open", people: 1 });
    expect(mine[0]!.releases.sort()).toEqual(["r1", "r2"]);
    expect(mine[0]!.message).not.toContain("@");
    expect(mine[0]!.message).toContain("[email]");
    const stored = sql(sqlUrl, `SELECT e.route, g.message FROM error_events e JOIN error_groups g ON g.id = e.group_id WHERE g.message LIKE '%${word}%'`);
    expect(JSON.stringify(stored)).not.toMatch(/hartwell|token=secret/);
  });

  it("takes a batch, scrubs tokens and passwords, and accepts reports from signed-out browsers", async () => {
    const anonymous = new Client(baseUrl);
    const word = unique();
    const batch = [
      { message: `${word} password=hunter2 rejected`, stack: "Error\n    at save (http://x/assets/root-AbC12345.js:1:2)" },
      { message: `${word} Bearer abc.def.ghi refused` },
    ];
    const response = await report(anonymous, { reports: batch });
    expect(response.status).toBe(202);
    expect(await response.json()).toMatchObject({ success: true, accepted: 2 });
    const seen = (await groups(operator)).filter((g) => g.message.includes(word));
    expect(seen).toHaveLength(2);
    expect(JSON.stringify(seen)).not.toMatch(/hunter2|abc\.def/);
  });

  it("refuses a 10 MB report (413), a batch of 21 or an empty message (400), never a 500", async () => {
    const client = new Client(baseUrl);
    const huge = await report(client, { message: "x".repeat(10 * 1024 * 1024) });
    expect(huge.status).toBe(413);
    expect(((await huge.json()) as { error: string }).error).toMatch(/too large|KiB/i);
    const many = await report(
      client,
      Array.from({ length: 21 }, () => ({ message: "m" })),
    );
    expect(many.status).toBe(400);
    expect(JSON.stringify(await many.json())).toContain("at most 20");
    expect((await report(client, { message: "" })).status).toBe(400);
    expect((await report(client, "not json")).status).toBe(400);
  });

  it("limits one session to 30 reports a minute with 429 and Retry-After (1,000 a minute never reach the store)", async () => {
    const client = new Client(baseUrl);
    const key = sessionKey();
    const word = unique();
    const statuses: number[] = [];
    for (let round = 0; round < 5; round++) {
      const answers = await Promise.all(Array.from({ length: 10 }, () => report(client, { message: `${word} flood` }, key)));
      statuses.push(...answers.map((a) => a.status));
      const limited = answers.find((a) => a.status === 429);
      if (limited) expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    }
    expect(statuses.filter((s) => s === 202)).toHaveLength(30);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);
    expect(statuses.some((s) => s >= 500)).toBe(false);
    const flood = (await groups(operator)).find((g) => g.message.includes(word));
    expect(flood?.count).toBe(30);
  });
});

describe("statuses and role boundaries", () => {
  it("resolves (audited), reopens on recurrence, and keeps 'fixed in the next release' until another release", async () => {
    const { client: owner, me } = await startWorkspace(baseUrl, "errfix", "Fixing Trust");
    const word = unique();
    await report(owner, { message: `${word} broke` });
    const [group] = (await groups(owner)).filter((g) => g.message.includes(word));
    expect((await owner.postJson(`/api/errors/groups/${group!.id}/resolve`, {})).status).toBe(200);
    const audit = sql(sqlUrl, `SELECT action, workspace_id FROM audit_log WHERE target_id = '${group!.id}'`);
    expect(audit).toEqual([{ action: "ops.error_resolve", workspace_id: me.workspace.id }]);
    await report(owner, { message: `${word} broke` });
    expect((await groups(owner)).find((g) => g.id === group!.id)).toMatchObject({ status: "open", count: 2 });

    expect((await owner.postJson(`/api/errors/groups/${group!.id}/fixed-next`, {})).status).toBe(200);
    await report(owner, { message: `${word} broke` });
    expect((await groups(owner)).find((g) => g.id === group!.id)?.status).toBe("fixed_next");
    await report(owner, { message: `${word} broke`, release: "a-later-release" });
    expect((await groups(owner)).find((g) => g.id === group!.id)?.status).toBe("open");

    expect((await owner.postJson(`/api/errors/groups/${group!.id}/ignore`, {})).status).toBe(200);
    expect((await owner.postJson(`/api/errors/groups/${group!.id}/explode`, {})).status).toBe(404);
  });

  it("shows a workspace only its own errors; a beneficiary gets 403; operators see all", async () => {
    const first = await startWorkspace(baseUrl, "errfirst", "First Error Trust");
    const second = await startWorkspace(baseUrl, "errsecond", "Second Error Trust");
    const beneficiary = await addMember(baseUrl, first.client, "beneficiary");
    const word = unique();
    await report(first.client, { message: `${word} first` });
    const [mine] = (await groups(first.client)).filter((g) => g.message.includes(word));
    expect(mine).toBeTruthy();
    expect((await groups(second.client)).some((g) => g.message.includes(word))).toBe(false);
    expect((await second.client.postJson(`/api/errors/groups/${mine!.id}/resolve`, {})).status).toBe(404);
    const refused = await beneficiary.client.get("/api/errors/groups");
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: string }).error).toMatch(/owner and trustees/);
    expect((await beneficiary.client.postJson(`/api/errors/groups/${mine!.id}/resolve`, {})).status).toBe(403);
    expect((await new Client(baseUrl).get("/api/errors/groups")).status).toBe(401);
    const all = await groups(operator);
    expect(all.find((g) => g.id === mine!.id)).toMatchObject({ workspaceId: first.me.workspace.id });
  });

  it("a person reports a problem with their session's errors, follows its status, and only operators change it", async () => {
    const { client: owner } = await startWorkspace(baseUrl, "errreport", "Report Trust");
    const member = await addMember(baseUrl, owner, "beneficiary");
    const key = sessionKey();
    await report(member.client, { message: `${unique()} on my page` }, key);
    const sent = await member.client.postJson("/api/errors/reports", {
      description: "The page went blank when I opened a document.",
      attachErrors: true,
      sessionKey: key,
    });
    expect(sent.status).toBe(201);
    const { report: created } = (await sent.json()) as { report: { id: string; status: string; attachedErrors: number } };
    expect(created).toMatchObject({ status: "received", attachedErrors: 1 });
    expect((await member.client.postJson("/api/errors/reports", { description: "", attachErrors: false })).status).toBe(400);

    expect((await member.client.postJson(`/api/errors/reports/${created.id}/status`, { status: "resolved" })).status).toBe(403);
    expect((await owner.postJson(`/api/errors/reports/${created.id}/status`, { status: "resolved" })).status).toBe(403);
    const ownerView = (await (await owner.get("/api/errors/reports")).json()) as { all?: unknown };
    expect(ownerView.all).toBeUndefined();

    const operatorView = (await (await operator.get("/api/errors/reports")).json()) as { all: { id: string; errors: unknown[] }[] };
    expect(operatorView.all.find((r) => r.id === created.id)?.errors).toHaveLength(1);
    expect((await operator.postJson(`/api/errors/reports/${created.id}/status`, { status: "investigating" })).status).toBe(200);
    const mine = (await (await member.client.get("/api/errors/reports")).json()) as { mine: { id: string; status: string }[] };
    expect(mine.mine.find((r) => r.id === created.id)?.status).toBe("investigating");
  });
});

describe("the Worker's own errors", () => {
  it("an endpoint's unexpected error answers a plain 500 and is kept, scrubbed, as a server error group", async () => {
    const word = unique();
    const response = await new Client(baseUrl).postJson("/api/dev/health-faults", { faults: [], throwMessage: `${word} bug near x@y.example` });
    expect(response.status).toBe(500);
    expect(await response.text()).not.toContain(word);
    const group = await eventually(async () => (await groups(operator)).find((g) => g.message.includes(word)));
    expect(group).toMatchObject({ count: 1, status: "open" });
    expect(group.message).toBe(`${word} bug near [email]`);
    const [event] = sql(sqlUrl, `SELECT e.route, g.source, g.type FROM error_events e JOIN error_groups g ON g.id = e.group_id WHERE g.id = '${group.id}'`);
    expect(event).toEqual({ route: "POST /api/dev/health-faults", source: "worker", type: "TypeError" });
  });

  it("a POST to a page that takes none is the request's mistake: 405, and neither logged nor kept as an error", async () => {
    const path = `/no-such-page-${unique()}`;
    const refused = await new Client(baseUrl).fetch(path, { method: "POST", body: "x=1", headers: { "Content-Type": "application/x-www-form-urlencoded" } });
    expect(refused.status).toBe(405);
    // An error thrown after it is kept; by then the refusal's capture, had there been one, was kept before it.
    const word = unique();
    await new Client(baseUrl).postJson("/api/dev/health-faults", { faults: [], throwMessage: `${word} after the refusal` });
    await eventually(async () => (await groups(operator)).find((g) => g.message.includes(word)));
    expect(sql(sqlUrl, `SELECT id FROM error_events WHERE route = 'POST ${path}'`)).toEqual([]);
  });

  it("stores the error's stack mapped to our source: the file and line that threw (the build's source map)", async () => {
    const word = unique();
    await new Client(baseUrl).postJson("/api/dev/health-faults", { faults: [], throwMessage: `${word} mapped` });
    const group = await eventually(async () => (await groups(operator)).find((g) => g.message.includes(word)));
    const [event] = sql(sqlUrl, `SELECT stack FROM error_events WHERE group_id = '${group.id}' ORDER BY created_at DESC LIMIT 1`) as { stack: string }[];
    const file = "app/modules/ops/routes/api.dev-health-faults.ts";
    const line =
      readFileSync(file, "utf8")
        .split("\n")
        .findIndex((l) => l.includes("throw new TypeError(body.throwMessage)")) + 1;
    expect(line).toBeGreaterThan(0);
    // The first frame is the endpoint's throw, named by its source and line, not by the bundle's position.
    expect(event.stack.split("\n")[1]).toMatch(new RegExp(`\\(${file.replace(/\./g, "\\.")}:${line}:\\d+\\)$`));
  });
});

describe("the rooms' errors", () => {
  it("an error in a room is kept as a server error group of route 'room: UserRoom'", async () => {
    const word = unique();
    const response = await new Client(baseUrl).postJson("/api/dev/health-faults", { faults: [], roomThrowMessage: `${word} room bug` });
    expect(await response.json()).toMatchObject({ room: 500 });
    const group = await eventually(async () => (await groups(operator)).find((g) => g.message.includes(word)));
    const [event] = sql(
      sqlUrl,
      `SELECT e.route, e.user_id, g.source, g.type FROM error_events e JOIN error_groups g ON g.id = e.group_id WHERE g.id = '${group.id}'`,
    );
    expect(event).toEqual({ route: "room: UserRoom", user_id: "ops-dev-throw", source: "worker", type: "RangeError" });
  });
});
