import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { testServer } from "../helpers/test-server";
import { Client } from "../helpers/client";
import { addMember, sql as runSql, startWorkspace, uploadAnalysed } from "../helpers/workspace";

const baseUrl = testServer().baseUrl;
const sqlUrl = testServer().sqlUrl;
const sql = (query: string) => runSql(sqlUrl, query);
const fixture = (name: string) => readFileSync(new URL(`../fixtures/documents/${name}`, import.meta.url));

interface Citation {
  documentId: string;
  documentTitle: string;
  excerpt: string;
  url: string;
}
interface Answer {
  success: true;
  message: {
    id: string;
    role: string;
    content: string;
    timestamp: string;
    engine: string;
    suggestedActions: { label: string; action: string; icon: string }[];
    relatedArticles: { title: string; url: string }[];
    citations: Citation[];
  };
}

const ask = (client: Client, body: unknown) => client.postJson("/api/ai/chat", body);

async function answer(client: Client, message: string, extra: Record<string, unknown> = {}) {
  const response = await ask(client, { message, capability: "document_analysis", sessionId: "page_test", context: { currentPage: "/dashboard" }, ...extra });
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as Answer).message;
}

/** The document's current text, as its own API returns it (with the caller's rights). */
async function textOf(client: Client, id: string): Promise<string> {
  return ((await (await client.get(`/api/documents/${id}`)).json()) as { text: { content: string } }).text.content;
}

/** A citation's url must point at offsets that cut its excerpt out of the document's text. */
async function expectPassageMatches(client: Client, citation: Citation) {
  const match = /^\/documents\/([0-9a-f-]{36})\?passage=(\d+)-(\d+)$/.exec(citation.url);
  expect(match, citation.url).not.toBeNull();
  const [, id, start, end] = match!;
  expect(id).toBe(citation.documentId);
  const passage = (await textOf(client, id)).slice(Number(start), Number(end));
  expect(passage.replace(/\s+/g, " ").startsWith(citation.excerpt.replace(/…$/, ""))).toBe(true);
  return passage;
}

describe("POST /api/ai/chat", () => {
  let owner: Awaited<ReturnType<typeof startWorkspace>>;
  let trustId: string;
  let amendmentId: string;

  beforeAll(async () => {
    owner = await startWorkspace(baseUrl, "aiowner", "The Hartwell Family Trust");
    [trustId, amendmentId] = await Promise.all([
      uploadAnalysed(owner.client, fixture("hartwell-family-trust.txt"), "hartwell-family-trust.txt"),
      uploadAnalysed(owner.client, fixture("hartwell-trust-first-amendment.txt"), "hartwell-trust-first-amendment.txt"),
    ]);
  });

  it("answers 401 to a signed-out caller and 405 to anything but POST", async () => {
    const anonymous = new Client(baseUrl);
    const response = await ask(anonymous, { message: "Who are the trustees?" });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: "Unauthorized" });
    const get = await owner.client.get("/api/ai/chat");
    expect(get.status).toBe(405);
    expect(get.headers.get("Allow")).toBe("POST");
  });

  it("refuses bad input with 400 and one sentence", async () => {
    const cases: [unknown, string | RegExp][] = [
      [{ capability: "feature_guidance" }, "Write a question for the assistant."],
      [{ message: "   \n " }, "Write a question for the assistant."],
      [{ message: "x".repeat(4001) }, "The question is too long: at most 4,000 characters."],
      [
        { message: "Hello", capability: "tax_evasion" },
        "Unknown capability. Use one of: document_analysis, compliance_guidance, trust_administration, feature_guidance.",
      ],
      [{ message: "Hello", context: "not an object" }, /^The context must be an object/],
      [{ message: "Hello", context: { documentId: 12 } }, /^The context must be an object/],
      [{ message: "Hello", context: { importantDates: "soon" } }, /^The context must be an object/],
      [[1, 2], "The request body must be a JSON object."],
      ["{not json", "The request body is not valid JSON."],
    ];
    for (const [body, error] of cases) {
      const response = await ask(owner.client, body);
      expect(response.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      const json = (await response.json()) as { success: boolean; error: string };
      expect(json.success).toBe(false);
      expect(json.error).toEqual(typeof error === "string" ? error : expect.stringMatching(error));
    }
    const form = await owner.client.postForm("/api/ai/chat", { message: "Hello" });
    expect(form.status).toBe(400);
  });

  it("accepts the widget's context of a long trust (about 200 KB of analysis) and answers it", async () => {
    const provision = (i: number) => ({
      title: `Article ${i}`,
      text: `${"The trustee shall hold, manage and distribute the trust estate. ".repeat(6)}`.slice(0, 400),
      section: `${i}.1`,
    });
    const context = {
      sessionId: `doc_${trustId}`,
      currentPage: `/documents/${trustId}`,
      timestamp: new Date().toISOString(),
      documentId: trustId,
      documentName: "hartwell-family-trust",
      documentType: "trust",
      keyProvisions: Array.from({ length: 400 }, (_, i) => provision(i)),
      complianceRequirements: Array.from({ length: 100 }, (_, i) => ({ duty: `Duty ${i} `.padEnd(300, "x"), dueDate: "annually" })),
      importantDates: Array.from({ length: 50 }, (_, i) => ({ date: "2026-04-15", description: `Date ${i}` })),
    };
    const body = { message: "What does the spendthrift clause say?", capability: "document_analysis", sessionId: context.sessionId, context };
    const size = JSON.stringify(body).length;
    expect(size).toBeGreaterThan(190_000);
    expect(size).toBeLessThan(1024 * 1024);
    const response = await ask(owner.client, body);
    expect(response.status, await response.clone().text()).toBe(200);
    const { message } = (await response.json()) as Answer;
    expect(message.citations[0].documentId).toBe(trustId);
    // Past 1 MiB it is still refused, with the limit named.
    const huge = await ask(owner.client, { ...body, context: { ...context, keyProvisions: Array.from({ length: 450 }, () => "y".repeat(2500)) } });
    expect(huge.status).toBe(413);
  });

  it('says nothing was found, not "upload first", to someone whose documents do not answer', async () => {
    const message = await answer(owner.client, "Zanzibar quokka xylophone?");
    expect(message.content).toBe(
      "I could not find anything about this in the documents you can read. Try other words, or open a document and ask about it there.",
    );
    expect(message.citations).toEqual([]);
    expect(message.suggestedActions.map((a) => a.action)).toEqual(["help"]);
  });

  it("cites the passage that answers, with offsets that cut exactly that passage from the document's text", async () => {
    const message = await answer(owner.client, "What does the spendthrift clause say?");
    expect(message.role).toBe("assistant");
    expect(message.engine).toBe("offline");
    expect(Number.isNaN(Date.parse(message.timestamp))).toBe(false);
    expect(message.content).toContain("Offline engine");
    const [first] = message.citations;
    expect(first.documentId).toBe(trustId);
    expect(first.documentTitle).toBe("hartwell-family-trust");
    const passage = await expectPassageMatches(owner.client, first);
    expect(passage).toMatch(/^6\.1 Spendthrift Clause\. No beneficiary may anticipate/);
    for (const citation of message.citations) await expectPassageMatches(owner.client, citation);

    // The document page opened from the citation shows that passage.
    const page = await owner.client.get(first.url);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('data-testid="cited-passage-panel"');
    expect(html).toContain('id="cited-passage"');
  });

  it("names the trustees from the analyses, and prefers the document on screen", async () => {
    const everywhere = await answer(owner.client, "Who are the successor trustees?");
    expect(everywhere.content).toContain("Margaret A. Hartwell-Chen (1)");
    expect(everywhere.content).toContain("Daniel R. Hartwell (1)");
    const onAmendment = await answer(owner.client, "Who are the successor trustees?", {
      context: { currentPage: `/documents/${amendmentId}`, documentId: amendmentId },
    });
    expect(onAmendment.citations[0].documentId).toBe(amendmentId);
    expect(await expectPassageMatches(owner.client, onAmendment.citations[0])).toContain("Daniel R. Hartwell shall serve as successor trustee");
  });

  it("answers product questions from the help centre, with links to it and the widget's actions", async () => {
    const response = await ask(owner.client, {
      message: "How do I upload a document?",
      capability: "feature_guidance",
      sessionId: "page__dashboard",
      context: { currentPage: "/dashboard" },
    });
    const { message } = (await response.json()) as Answer;
    expect(message.content).toContain("Uploading documents");
    expect(message.relatedArticles[0]).toEqual({ title: "Uploading documents", url: "/help#upload-documents" });
    expect(message.suggestedActions.map((a) => a.action)).toEqual(["upload", "help"]);
    expect(message.citations).toEqual([]);
    const compliance = await answer(owner.client, "What compliance tasks are due?", { capability: "compliance_guidance" });
    expect(compliance.content).toContain("when: on or before April 15 of each year");
    expect(compliance.suggestedActions.map((a) => a.action)).toContain("compliance");
  });

  it("never cites a document a beneficiary may not read, and does once it is shared with her", async () => {
    const beneficiary = await addMember(baseUrl, owner.client, "beneficiary", "aibenef");
    const before = await answer(beneficiary.client, "What does the spendthrift clause say?");
    expect(before.citations).toEqual([]);
    expect(before.content).not.toMatch(/spendthrift|Hartwell/i);
    // Even when she names it as the document on screen, it is ignored without a trace.
    const named = await answer(beneficiary.client, "Who are the successor trustees?", {
      context: { documentId: amendmentId, currentPage: `/documents/${amendmentId}` },
    });
    expect(named.citations).toEqual([]);
    expect(named.content).not.toMatch(/Hartwell|Daniel|Margaret/);

    const shared = await owner.client.fetch(`/api/documents/${trustId}/shares/${beneficiary.me.id}`, {
      method: "PUT",
      headers: { "Content-Type": "application/json", Origin: owner.client.origin },
      body: JSON.stringify({ permission: "view" }),
    });
    expect(shared.status).toBe(200);
    const after = await answer(beneficiary.client, "What does the spendthrift clause say?");
    expect(after.citations.length).toBeGreaterThan(0);
    expect(after.citations.every((c) => c.documentId === trustId)).toBe(true);
    await expectPassageMatches(beneficiary.client, after.citations[0]);
    // Still nothing from the amendment, which is not shared with her.
    const trustees = await answer(beneficiary.client, "Who are the successor trustees?");
    expect(trustees.citations.every((c) => c.documentId === trustId)).toBe(true);
    expect(trustees.content).not.toContain("Daniel R. Hartwell (1)");
  });

  it("keeps every workspace's documents to itself", async () => {
    const stranger = await startWorkspace(baseUrl, "aistranger", "The Okafor Family Trust");
    const message = await answer(stranger.client, "What does the spendthrift clause say?", { context: { documentId: trustId } });
    expect(message.citations).toEqual([]);
    expect(message.content).not.toMatch(/spendthrift|Hartwell/i);
    expect(message.content).toBe("There are no documents you can read in this workspace yet, so I cannot answer from them. Upload a document first.");
    expect(message.suggestedActions.map((a) => a.action)).toEqual(["upload", "help"]);
  });

  it("counts each answer in ai_usage by day, feature and engine, and stores no question anywhere", async () => {
    const counter = await startWorkspace(baseUrl, "aicount", "The Counting Trust");
    await answer(counter.client, "Who are the trustees? zebraquestionword");
    await answer(counter.client, "What are the deadlines? zebraquestionword");
    await ask(counter.client, { message: "" }); // refused: not counted
    const rows = sql(`SELECT workspace_id, day, feature, engine, calls FROM ai_usage WHERE user_id = '${counter.me.id}'`);
    expect(rows).toEqual([{ workspace_id: counter.me.workspace.id, day: new Date().toISOString().slice(0, 10), feature: "chat", engine: "offline", calls: 2 }]);
    expect(sql(`SELECT count(*) AS n FROM audit_log WHERE metadata LIKE '%zebraquestionword%'`)[0].n).toBe(0);
  });

  it("limits each person to 30 questions a minute, with Retry-After", async () => {
    const busy = await startWorkspace(baseUrl, "aibusy", "The Busy Trust");
    const started = Date.now();
    for (let i = 0; i < 30; i++) {
      const response = await ask(busy.client, { message: "How do I invite a member?", capability: "feature_guidance" });
      expect(response.status).toBe(200);
    }
    const elapsed = Date.now() - started;
    const refused = await ask(busy.client, { message: "How do I invite a member?", capability: "feature_guidance" });
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(((await refused.json()) as { error: string }).error).toBe(
      `You have asked the assistant 30 questions in the last minute. Please wait ${retryAfter} seconds and ask again.`,
    );
    // Another person is not affected.
    expect((await answer(owner.client, "Who are the trustees?")).role).toBe("assistant");
    console.info(`30 help answers in ${elapsed} ms (${Math.round(elapsed / 30)} ms each)`);
  });
});
