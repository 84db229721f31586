import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { testServer } from "../helpers/test-server";
import type { Client } from "../helpers/client";
import { latestMail } from "../helpers/client";
import { addMembersDirectly } from "../helpers/socket";
import { addMember, eventually, sql as runSql, startWorkspace } from "../helpers/workspace";

const baseUrl = testServer().baseUrl;
const persistTo = testServer().persistTo;
const sqlUrl = testServer().sqlUrl;
const sql = (query: string) => runSql(sqlUrl, query);
const inAnHour = () => new Date(Date.now() + 3600_000).toISOString();

interface Detail {
  poll: { id: string; status: string; title: string };
  options: { id: string; text: string; role: string | null }[];
  myBallot: { choices: string[] } | null;
  eligible: boolean;
  turnout: { voted: number; eligible: number };
  voters: { name: string; voted: boolean; choices: string[] | null }[] | null;
  tally: {
    outcome: string;
    winnerOptionIds: string[];
    counts: { optionId: string; text: string; votes: number; share: number }[];
    rounds: { round: number; eliminated: string[] }[];
    quorumMet: boolean;
    turnoutWeight: number;
  } | null;
  resultText: string | null;
}

async function create(client: Client, body: Record<string, unknown>) {
  return client.postJson("/api/polls", { closesAt: inAnHour(), ...body });
}
async function createOk(client: Client, body: Record<string, unknown>) {
  const response = await create(client, body);
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { poll: { id: string } }).poll.id;
}
const detail = async (client: Client, id: string) => (await (await client.get(`/api/polls/${id}`)).json()) as Detail;
const vote = (client: Client, id: string, choices: string[]) => client.postJson(`/api/polls/${id}/ballot`, { choices });
/**
 * A ballot, sent again only when wrangler's local proxy (not the Worker, and absent on Cloudflare)
 * answered 503 "Your worker restarted mid-request" under hundreds of simultaneous requests and the
 * ballot did not arrive: a ballot sent twice counts as a change, so the voter's own view decides.
 */
async function voteResending(client: Client, id: string, choices: string[]) {
  for (let attempt = 1; ; attempt++) {
    const response = await vote(client, id, choices);
    if (response.status !== 503 || attempt === 3) return response;
    if (!(await response.clone().text()).includes("restarted mid-request")) return response;
    await new Promise((r) => setTimeout(r, 500 * attempt));
    const mine = (await detail(client, id)).myBallot;
    if (mine && JSON.stringify(mine.choices) === JSON.stringify(choices)) return new Response("{}", { status: 200 });
    console.warn(`ballot resent after the local proxy dropped it (attempt ${attempt})`);
  }
}
const error = async (response: Response) => ((await response.json()) as { error: string }).error;
const optionId = (d: Detail, text: string) => d.options.find((o) => o.text === text)!.id;
const setShare = (owner: Client, userId: string, shareBp: number | null) =>
  owner.fetch(`/api/workspaces/members/${userId}/share`, {
    method: "PUT",
    headers: { "Content-Type": "application/json", Origin: owner.origin },
    body: JSON.stringify({ shareBp }),
  });

describe("polls and votes", () => {
  it("refuses bad polls with clear messages: a past closing time, too few options, a beneficiary as creator, nobody eligible", async () => {
    const owner = await startWorkspace(baseUrl, "pollbad", "The Careful Trust");
    const beneficiary = await addMember(baseUrl, owner.client, "beneficiary", "pollbadben");
    let response = await create(owner.client, { title: "Late", type: "yes_no", closesAt: new Date(Date.now() - 60_000).toISOString() });
    expect(response.status).toBe(400);
    expect(await error(response)).toBe("The closing time must be at least 5 minutes from now.");
    response = await create(owner.client, { title: "Which roofer?", type: "single", options: ["Only one"] });
    expect(await error(response)).toBe("Give at least 2 options.");
    response = await create(owner.client, { title: "Which roofer?", type: "single", options: ["Same", "same"] });
    expect(await error(response)).toBe("Two options have the same text.");
    response = await create(owner.client, { title: "Hi", type: "yes_no" });
    expect(await error(response)).toBe("The title needs at least 3 characters.");
    response = await create(owner.client, { title: "Bad kind", type: "plurality" });
    expect(response.status).toBe(400);
    response = await create(owner.client, { title: "Nobody", type: "yes_no", eligibility: "roles", eligibleRoles: ["trustee"] });
    expect(await error(response)).toBe("Nobody may vote under these rules (viewers never vote).");
    response = await create(owner.client, { title: "Weighted", type: "yes_no", weighted: true });
    expect(await error(response)).toMatch(/No eligible voter has a beneficial share/);
    response = await create(owner.client, {
      title: "Stranger",
      type: "yes_no",
      eligibility: "people",
      eligibleUserIds: ["00000000-0000-4000-8000-000000000000"],
    });
    expect(await error(response)).toBe("One of the chosen people is not a member of this workspace.");
    response = await create(beneficiary.client, { title: "My own vote", type: "yes_no" });
    expect(response.status).toBe(403);
    expect(await error(response)).toBe("Only owners and trustees can put a decision to a vote.");
    response = await owner.client.postJson("/api/polls", "{");
    expect(response.status).toBe(400);
    expect(sql(`SELECT count(*) AS n FROM polls WHERE workspace_id = '${owner.me.workspace.id}'`)[0].n).toBe(0);
  });

  it("one ballot per person, changeable until closing; wrong options, other polls, other workspaces and ineligible voters are refused", async () => {
    const owner = await startWorkspace(baseUrl, "pollvote", "The Voting Trust");
    const ben = await addMember(baseUrl, owner.client, "beneficiary", "pollvoteben");
    const family = await addMember(baseUrl, owner.client, "family_member", "pollvotefam");
    const id = await createOk(owner.client, {
      title: "Approve the 2026 budget",
      type: "yes_no",
      eligibility: "roles",
      eligibleRoles: ["owner", "beneficiary"],
    });
    const other = await createOk(owner.client, { title: "Another question", type: "yes_no" });
    const d = await detail(ben.client, id);
    expect(d.options.map((o) => [o.text, o.role])).toEqual([
      ["Yes", "yes"],
      ["No", "no"],
      ["Abstain", "abstain"],
    ]);
    expect(d.eligible).toBe(true);

    expect((await vote(ben.client, id, [optionId(d, "No")])).status).toBe(200);
    const changed = await vote(ben.client, id, [optionId(d, "Yes")]);
    expect(await changed.json()).toMatchObject({ success: true, changed: true });
    expect(sql(`SELECT count(*) AS n, max(changes) AS c FROM poll_ballots WHERE poll_id = '${id}'`)[0]).toEqual({ n: 1, c: 1 });
    expect((await detail(ben.client, id)).myBallot?.choices).toEqual([optionId(d, "Yes")]);

    // An option of another poll, two options on a yes/no, nothing at all.
    const otherOption = (await detail(owner.client, other)).options[0].id;
    let response = await vote(ben.client, id, [otherOption]);
    expect(response.status).toBe(400);
    expect(await error(response)).toBe("That option is not part of this poll.");
    expect(await error(await vote(ben.client, id, [optionId(d, "Yes"), optionId(d, "No")]))).toBe("Choose exactly one option.");
    expect((await vote(ben.client, id, [])).status).toBe(400);

    // The family member is not eligible: the poll is invisible to her (404), and the ballot refused.
    expect((await family.client.get(`/api/polls/${id}`)).status).toBe(404);
    expect((await vote(family.client, id, [optionId(d, "Yes")])).status).toBe(404);
    // Another workspace's owner sees nothing of it.
    const stranger = await startWorkspace(baseUrl, "pollstranger", "Another Family");
    expect((await stranger.client.get(`/api/polls/${id}`)).status).toBe(404);
    expect((await vote(stranger.client, id, [optionId(d, "Yes")])).status).toBe(404);
    // A family member made a watcher-free poll eligible only to "people": the owner alone.
    const onlyOwner = await createOk(owner.client, { title: "Owner only", type: "yes_no", eligibility: "people", eligibleUserIds: [owner.me.id] });
    expect((await ben.client.get(`/api/polls/${onlyOwner}`)).status).toBe(404);

    // Closed: no more ballots, and the existing one stays as it was.
    expect((await owner.client.postJson(`/api/polls/${id}/close`, {})).status).toBe(200);
    response = await vote(ben.client, id, [optionId(d, "No")]);
    expect(response.status).toBe(409);
    expect(await error(response)).toBe("This poll is closed.");
    expect((await owner.client.postJson(`/api/polls/${id}/close`, {})).status).toBe(409);
    const closed = await detail(ben.client, id);
    expect(closed.myBallot?.choices).toEqual([optionId(d, "Yes")]);
    expect(closed.resultText).toBe("Approved (Yes 100%) · turnout 50%");

    // Every step is in the audit log.
    const audit = sql(`SELECT action FROM audit_log WHERE target_id = '${id}' ORDER BY created_at`).map((r) => r.action);
    expect(audit).toEqual(expect.arrayContaining(["poll.create", "poll.vote", "poll.vote_changed", "poll.close"]));
  });

  it("weighted by beneficial interest (40/40/20): the 20% voter decides; quorum and hidden results", async () => {
    const owner = await startWorkspace(baseUrl, "pollweight", "The Weighted Trust");
    const a = await addMember(baseUrl, owner.client, "beneficiary", "pollwa");
    const b = await addMember(baseUrl, owner.client, "beneficiary", "pollwb");
    const c = await addMember(baseUrl, owner.client, "beneficiary", "pollwc");
    for (const [member, share] of [
      [a, 4000],
      [b, 4000],
      [c, 2000],
    ] as const)
      expect((await setShare(owner.client, member.me.id, share)).status).toBe(200);
    // Shares cannot pass 100%.
    const over = await setShare(owner.client, owner.me.id, 100);
    expect(over.status).toBe(400);
    expect(await error(over)).toBe("The shares would add up to more than 100%. At most 0% is left.");
    expect((await setShare(a.client, a.me.id, 5000)).status).toBe(403);

    const id = await createOk(owner.client, {
      title: "Sell the Cedar Crest house",
      type: "yes_no",
      eligibility: "roles",
      eligibleRoles: ["beneficiary"],
      weighted: true,
      quorumPercent: 60,
      hideResults: true,
    });
    const d = await detail(a.client, id);
    await vote(a.client, id, [optionId(d, "Yes")]);
    await vote(b.client, id, [optionId(d, "No")]);
    // Hidden until closing, for everyone.
    expect((await detail(owner.client, id)).tally).toBeNull();
    expect((await detail(owner.client, id)).voters!.find((v) => v.voted)!.choices).toBeNull();
    await vote(c.client, id, [optionId(d, "Yes")]);
    await owner.client.postJson(`/api/polls/${id}/close`, {});
    const result = (await detail(owner.client, id)).tally!;
    // Yes 4000 + 2000 = 6000 against No 4000: 60% / 40%, all 10,000 bp voted.
    expect(result.counts.map((x) => [x.text, x.votes, x.share])).toEqual([
      ["Yes", 6000, 0.6],
      ["No", 4000, 0.4],
      ["Abstain", 0, 0],
    ]);
    expect(result.outcome).toBe("winner");
    expect(result.winnerOptionIds).toEqual([optionId(d, "Yes")]);

    // Quorum 60% by weight: only a (40%) votes, so there is no quorum.
    const q = await createOk(owner.client, {
      title: "Hire a new accountant",
      type: "yes_no",
      eligibility: "roles",
      eligibleRoles: ["beneficiary"],
      weighted: true,
      quorumPercent: 60,
    });
    await vote(a.client, q, [(await detail(a.client, q)).options[0].id]);
    await owner.client.postJson(`/api/polls/${q}/close`, {});
    const noQuorum = await detail(owner.client, q);
    expect(noQuorum.tally!.outcome).toBe("no_quorum");
    expect(noQuorum.resultText).toBe("No quorum: 40% voted, 60% needed");
  });

  it("ranked choice: instant-runoff rounds computed as by hand", async () => {
    const owner = await startWorkspace(baseUrl, "pollrank", "The Ranked Trust");
    const voters = addMembersDirectly(baseUrl, persistTo, owner.me.workspace.id, 6);
    const id = await createOk(owner.client, {
      title: "Where to hold the family meeting",
      type: "ranked",
      options: ["Lake cabin", "City office", "Video call"],
      eligibility: "roles",
      eligibleRoles: ["beneficiary"],
    });
    const d = await detail(owner.client, id);
    const [lake, city, video] = ["Lake cabin", "City office", "Video call"].map((text) => optionId(d, text));
    // Round 1, first preferences: lake 2, city 2, video 2; nobody has more than half of 6. All tie for
    // fewest, so the latest option (video) is eliminated. Round 2: [video, lake] moves to lake and
    // [video] is exhausted: lake 3, city 2 of 5 active ballots, so lake wins.
    const ballots = [[lake, city], [lake], [city, lake], [city], [video, lake], [video]];
    for (const [i, choices] of ballots.entries()) expect((await vote(voters[i].client, id, choices)).status).toBe(200);
    await owner.client.postJson(`/api/polls/${id}/close`, {});
    const result = await detail(owner.client, id);
    expect(result.tally!.rounds.map((r) => r.eliminated)).toEqual([[video], []]);
    expect(result.tally!.winnerOptionIds).toEqual([lake]);
    expect(result.resultText).toBe("Lake cabin wins after 2 rounds · turnout 100%");
  });

  // A load test on a 2-core machine: what it asserts is that each ballot counts once, not how fast (the bench measures that).
  it("200 concurrent ballots from 200 people are recorded exactly once each", { timeout: 180_000 }, async () => {
    const owner = await startWorkspace(baseUrl, "pollmany", "The Large Family Trust");
    const voters = addMembersDirectly(baseUrl, persistTo, owner.me.workspace.id, 200);
    const id = await createOk(owner.client, { title: "Adopt the investment policy", type: "yes_no", eligibility: "roles", eligibleRoles: ["beneficiary"] });
    const d = await detail(owner.client, id);
    const [yes, no] = [optionId(d, "Yes"), optionId(d, "No")];
    const failures = async (responses: Response[]) => Promise.all(responses.filter((r) => r.status !== 200).map(async (r) => `${r.status} ${await r.text()}`));

    // Everyone votes at once: 200 ballots.
    const first = await Promise.all(voters.map((v, i) => voteResending(v.client, id, [i % 2 ? yes : no])));
    expect(await failures(first)).toEqual([]);
    // The first wave's background work (400 notifications and live pushes) finishes before the second:
    // wrangler's local dev proxy answers some requests 503 "worker restarted mid-request" when
    // hundreds arrive while hundreds of background tasks still run (Cloudflare has no such proxy).
    await new Promise((r) => setTimeout(r, 5000));
    // Everyone changes their mind at once: still one ballot each, changed once.
    const second = await Promise.all(voters.map((v, i) => voteResending(v.client, id, [i % 2 ? no : yes])));
    expect(await failures(second)).toEqual([]);

    expect(
      sql(`SELECT count(*) AS n, count(DISTINCT voter_id) AS voters, min(changes) AS lo, max(changes) AS hi FROM poll_ballots WHERE poll_id = '${id}'`)[0],
    ).toEqual({
      n: 200,
      voters: 200,
      lo: 1,
      hi: 1,
    });
    const live = await detail(owner.client, id);
    expect(live.turnout).toEqual({ voted: 200, eligible: 200 });
    expect(live.tally!.counts.slice(0, 2).map((c) => c.votes)).toEqual([100, 100]);
  });

  it("reminders reach only those who have not voted, once an hour; the record exports as CSV and PDF", async () => {
    const owner = await startWorkspace(baseUrl, "pollrec", "The Recorded Trust");
    const voted = await addMember(baseUrl, owner.client, "beneficiary", "pollrecyes");
    const waiting = await addMember(baseUrl, owner.client, "beneficiary", "pollrecno");
    const id = await createOk(owner.client, { title: "=Approve the distribution", type: "yes_no", eligibility: "roles", eligibleRoles: ["beneficiary"] });
    const d = await detail(voted.client, id);
    await vote(voted.client, id, [optionId(d, "Yes")]);
    const remind = await owner.client.postJson(`/api/polls/${id}/remind`, {});
    expect(await remind.json()).toMatchObject({ success: true, reminded: 1 });
    expect(sql(`SELECT user_id FROM notifications WHERE type = 'vote_reminder' AND metadata LIKE '%${id}%'`)).toEqual([{ user_id: waiting.me.id }]);
    expect((await latestMail(baseUrl, waiting.account.email))?.subject).toBe("Reminder: please vote on =Approve the distribution");
    expect((await owner.client.postJson(`/api/polls/${id}/remind`, {})).status).toBe(429);
    expect((await voted.client.postJson(`/api/polls/${id}/remind`, {})).status).toBe(403);

    const csv = await owner.client.get(`/api/polls/${id}/export?format=csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    const text = await csv.text();
    expect(text).toContain(`\r\n${voted.account.name},yes,`);
    expect(text).toContain(`\r\n${waiting.account.name},no,`);
    // A title that looks like a spreadsheet formula is neutralised.
    expect(text).toContain(`,'=Approve the distribution\r\n`);
    const pdf = await owner.client.get(`/api/polls/${id}/export?format=pdf`);
    expect(pdf.headers.get("Content-Type")).toBe("application/pdf");
    const doc = await PDFDocument.load(new Uint8Array(await pdf.arrayBuffer()));
    expect(doc.getPageCount()).toBeGreaterThanOrEqual(1);
    expect(doc.getTitle()).toBe("Record of the vote: =Approve the distribution");
    expect((await owner.client.get(`/api/polls/${id}/export?format=xls`)).status).toBe(400);
    expect(sql(`SELECT count(*) AS n FROM audit_log WHERE target_id = '${id}' AND action = 'poll.export'`)[0].n).toBe(2);
  });

  it("a poll past its closing time is closed when next seen, with its result", async () => {
    const owner = await startWorkspace(baseUrl, "polllate", "The Punctual Trust");
    const id = await createOk(owner.client, { title: "Renew the insurance", type: "yes_no" });
    const d = await detail(owner.client, id);
    await vote(owner.client, id, [optionId(d, "Yes")]);
    sql(`UPDATE polls SET closes_at = ${Date.now() - 1000} WHERE id = '${id}'`);
    const late = await vote(owner.client, id, [optionId(d, "No")]);
    expect(late.status).toBe(409);
    const closed = await eventually(async () => {
      const now = await detail(owner.client, id);
      return now.poll.status === "closed" && now.resultText ? now : null;
    });
    expect(closed.resultText).toBe("Approved (Yes 100%) · turnout 100%");
  });
});

describe("notification centre and preferences", () => {
  it("lists, filters and marks notifications read; what a person turns off is not sent there", async () => {
    const owner = await startWorkspace(baseUrl, "notiown", "The Notified Trust");
    const member = await addMember(baseUrl, owner.client, "beneficiary", "notiben");
    await createOk(owner.client, { title: "First question", type: "yes_no" });
    const list = async (query = "") =>
      (await (await member.client.get(`/api/notifications${query}`)).json()) as {
        items: { id: string; type: string; read: boolean; metadata: Record<string, unknown> }[];
        unread: number;
      };
    await eventually(async () => (await list()).items.length === 2);
    expect((await list()).unread).toBe(2);
    expect((await list("?type=vote_required")).items.map((n) => n.type)).toEqual(["vote_required"]);
    expect((await member.client.get("/api/notifications?type=gossip")).status).toBe(400);

    const [firstItem] = (await list()).items;
    expect(await (await member.client.postJson("/api/notifications", { read: true, id: firstItem.id })).json()).toMatchObject({ changed: 1 });
    expect((await list()).unread).toBe(1);
    expect(await (await member.client.postJson("/api/notifications", { read: true })).json()).toMatchObject({ changed: 1 });
    expect((await list("?unread=1")).items).toEqual([]);
    // Someone else's notification cannot be marked.
    expect(await (await owner.client.postJson("/api/notifications", { read: true, id: firstItem.id })).json()).toMatchObject({ changed: 0 });

    // Preferences: turn off in-app and e-mail for vote_required.
    const defaults = (await (await member.client.get("/api/notifications/preferences")).json()) as { preferences: Record<string, Record<string, boolean>> };
    expect(defaults.preferences.vote_required).toEqual({ in_app: true, email: true, sms: false });
    const put = await member.client.fetch("/api/notifications/preferences", {
      method: "PUT",
      headers: { "Content-Type": "application/json", Origin: member.client.origin },
      body: JSON.stringify({ preferences: { vote_required: { in_app: false, email: false } } }),
    });
    expect(put.status).toBe(200);
    const mailsBefore = sql(`SELECT count(*) AS n FROM mail_outbox WHERE to_address = '${member.account.email}'`)[0].n;
    await createOk(owner.client, { title: "Second question", type: "yes_no" });
    await eventually(async () => (await list("?type=poll_created")).items.length === 2);
    await new Promise((r) => setTimeout(r, 500));
    expect((await list("?type=vote_required")).items.length).toBe(1);
    expect(sql(`SELECT count(*) AS n FROM mail_outbox WHERE to_address = '${member.account.email}'`)[0].n).toBe(mailsBefore);
    const bad = await member.client.fetch("/api/notifications/preferences", {
      method: "PUT",
      headers: { "Content-Type": "application/json", Origin: member.client.origin },
      body: JSON.stringify({ preferences: { vote_required: { fax: true } } }),
    });
    expect(bad.status).toBe(400);
  });
});
