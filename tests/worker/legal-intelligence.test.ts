import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { testServer } from "../helpers/test-server";
import { Client } from "../helpers/client";
import { addMember, startWorkspace, uploadAnalysed } from "../helpers/workspace";

const baseUrl = testServer().baseUrl;
const fixture = (name: string) => readFileSync(new URL(`../fixtures/documents/${name}`, import.meta.url));

interface FindingPassage {
  documentId: string;
  documentTitle: string;
  start: number;
  end: number;
  excerpt: string;
  url: string;
}
interface Report {
  success: true;
  findings: { id: string; kind: string; severity: string; text: string; passages: FindingPassage[] }[];
  checkedDocuments: number;
  uncheckedDocuments: number;
}

async function report(client: Client): Promise<Report> {
  const response = await client.get("/api/ai/legal-intelligence");
  expect(response.status).toBe(200);
  return (await response.json()) as Report;
}

describe("legal intelligence: cross-document checks", () => {
  let owner: Awaited<ReturnType<typeof startWorkspace>>;
  let trustId: string;
  let amendmentId: string;

  beforeAll(async () => {
    owner = await startWorkspace(baseUrl, "liowner", "The Hartwell Family Trust");
    [trustId, amendmentId] = await Promise.all([
      uploadAnalysed(owner.client, fixture("hartwell-family-trust.txt"), "hartwell-family-trust.txt"),
      uploadAnalysed(owner.client, fixture("hartwell-trust-first-amendment.txt"), "hartwell-trust-first-amendment.txt"),
    ]);
  });

  it("finds the trust and its amendment disagreeing, each finding linking both passages exactly", async () => {
    const { findings, checkedDocuments } = await report(owner.client);
    expect(checkedDocuments).toBe(2);
    expect(findings.map((f) => f.kind)).toEqual(["successor_order_changed", "beneficiary_dropped", "duty_changed", "duty_unassigned"]);
    const successor = findings[0];
    expect(successor.text).toBe(
      "“hartwell-trust-first-amendment” names Daniel R. Hartwell, First Pacific Trust Company as successor trustees, in that order, where “hartwell-family-trust” named Margaret A. Hartwell-Chen, First Pacific Trust Company.",
    );
    const texts = new Map<string, string>();
    for (const id of [trustId, amendmentId])
      texts.set(id, ((await (await owner.client.get(`/api/documents/${id}`)).json()) as { text: { content: string } }).text.content);
    for (const finding of findings.slice(0, 3)) {
      expect(finding.passages.map((p) => p.documentId)).toEqual([trustId, amendmentId]);
      for (const passage of finding.passages) {
        expect(passage.url).toBe(`/documents/${passage.documentId}?passage=${passage.start}-${passage.end}`);
        const slice = texts.get(passage.documentId)!.slice(passage.start, passage.end);
        expect(slice.replace(/\s+/g, " ").startsWith(passage.excerpt.replace(/…$/, ""))).toBe(true);
      }
    }
    // Both links open their document at the passage.
    for (const passage of successor.passages) {
      const html = await (await owner.client.get(passage.url)).text();
      expect(html).toContain('data-testid="cited-passage-panel"');
      expect(html).toContain(passage.excerpt.slice(0, 40));
    }
    // The page shows the same findings.
    const page = await (await owner.client.get("/legal-intelligence")).text();
    expect(page.match(/data-testid="finding"/g)).toHaveLength(4);
    expect(page).toContain(`/documents/${trustId}?passage=${successor.passages[0].start}-${successor.passages[0].end}`);
    expect(page).toContain(`/documents/${amendmentId}?passage=${successor.passages[1].start}-${successor.passages[1].end}`);
  });

  it("computes findings only over what the viewer may read", async () => {
    const beneficiary = await addMember(baseUrl, owner.client, "beneficiary", "libenef");
    const none = await report(beneficiary.client);
    expect(none).toMatchObject({ findings: [], checkedDocuments: 0 });
    expect((await (await beneficiary.client.get("/legal-intelligence")).text()).includes('data-testid="checks-empty"')).toBe(true);

    const shared = await owner.client.fetch(`/api/documents/${amendmentId}/shares/${beneficiary.me.id}`, {
      method: "PUT",
      headers: { "Content-Type": "application/json", Origin: owner.client.origin },
      body: JSON.stringify({ permission: "view" }),
    });
    expect(shared.status).toBe(200);
    const onlyAmendment = await report(beneficiary.client);
    expect(onlyAmendment.checkedDocuments).toBe(1);
    expect(onlyAmendment.findings.map((f) => f.kind)).toEqual(["duty_unassigned"]);
    expect(JSON.stringify(onlyAmendment)).not.toContain(trustId);
    expect(JSON.stringify(onlyAmendment)).not.toContain("hartwell-family-trust");
  });

  it("answers a question on the page with the chat's engine, cited", async () => {
    const response = await owner.client.postForm("/legal-intelligence", { question: "Who are the beneficiaries?" });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('data-testid="legal-answer"');
    expect(html).toContain("Sofia L. Chen (20%)");
    expect(html).toContain("Answered by the offline engine");
    expect(html).toMatch(new RegExp(`data-testid="answer-citation"><a [^>]*href="/documents/(${trustId}|${amendmentId})\\?passage=\\d+-\\d+"`));
    const empty = await owner.client.postForm("/legal-intelligence", { question: " " });
    expect(empty.status).toBe(400);
  });

  it("answers a post that is not a form with 400 and the sentence, never a 500", async () => {
    const json = await owner.client.postJson("/legal-intelligence", { question: "Who are the beneficiaries?" });
    expect(json.status).toBe(400);
    expect(await json.text()).toContain("Write a question for the assistant.");
    const bare = await owner.client.fetch("/legal-intelligence", { method: "POST", headers: { Origin: owner.client.origin }, body: "question=Who" });
    expect(bare.status).toBe(400);
    const broken = await owner.client.fetch("/legal-intelligence", {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data; boundary=nothing", Origin: owner.client.origin },
      body: "not a multipart body",
    });
    expect(broken.status).toBe(400);
  });

  it("limits the checks to 30 calls a minute per person, with Retry-After", async () => {
    const busy = await startWorkspace(baseUrl, "libusy", "The Busy Trust");
    for (let i = 0; i < 30; i++) expect((await busy.client.get("/api/ai/legal-intelligence")).status).toBe(200);
    const refused = await busy.client.get("/api/ai/legal-intelligence");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    // Another person is not affected.
    expect((await report(owner.client)).success).toBe(true);
  });

  it("answers 401 to a signed-out caller", async () => {
    const response = await new Client(baseUrl).get("/api/ai/legal-intelligence");
    expect(response.status).toBe(401);
  });
});
