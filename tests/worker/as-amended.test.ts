import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { testServer } from "../helpers/test-server";
import { Client } from "../helpers/client";
import { addMember, eventually, startWorkspace, uploadAnalysed } from "../helpers/workspace";

const baseUrl = testServer().baseUrl;
const fixture = (name: string) => readFileSync(new URL(`../fixtures/documents/${name}`, import.meta.url));

interface AsAmended {
  documentId: string;
  instrument: { documentId: string; title: string; date: string | null };
  name: string | null;
  amendments: { documentId: string; title: string; date: string | null; edits: { kind: string; applied: boolean; target: { label: string } | null }[] }[];
  terms: {
    id: string;
    status: string;
    reference: string | null;
    body: string;
    source: { documentId: string };
    diff: { kind: string; text: string }[] | null;
  }[];
  parties: { name: string; role: string; order?: number | null; share?: string | null }[];
  duties: { duty: string; deadline: string | null }[];
  governingLaw: string | null;
  changes: {
    kind: string;
    documentId: string;
    names: string[];
    from: string | null;
    to: string | null;
    before: { text: string } | null;
    after: { text: string } | null;
  }[];
}

const asAmended = (client: Client, id: string) => client.get(`/api/documents/${id}/as-amended`);

describe("the trust as amended: GET /api/documents/{id}/as-amended", () => {
  let owner: Awaited<ReturnType<typeof startWorkspace>>;
  let trustId: string;
  let amendmentId: string;
  let poaId: string;

  beforeAll(async () => {
    owner = await startWorkspace(baseUrl, "amendowner", "The Hartwell Family Trust");
    [trustId, amendmentId, poaId] = await Promise.all([
      uploadAnalysed(owner.client, fixture("hartwell-family-trust.txt"), "hartwell-family-trust.txt"),
      uploadAnalysed(owner.client, fixture("hartwell-trust-first-amendment.txt"), "hartwell-trust-first-amendment.txt"),
      uploadAnalysed(owner.client, fixture("okafor-durable-power-of-attorney.txt"), "okafor-durable-power-of-attorney.txt"),
    ]);
  });

  it("reads the trust with its amendment applied, from either document: the terms, their sources, a diff per changed term, and what changed", async () => {
    const response = await asAmended(owner.client, amendmentId);
    expect(response.status).toBe(200);
    const { asAmended: view } = (await response.json()) as { asAmended: AsAmended };
    expect(view.documentId).toBe(amendmentId);
    expect(view.instrument).toEqual({ documentId: trustId, title: "hartwell-family-trust", date: "2019-03-14" });
    expect(view.name).toBe("The Hartwell Family Revocable Living Trust");
    expect(view.amendments.map((a) => [a.documentId, a.date])).toEqual([[amendmentId, "2023-09-08"]]);
    expect(view.amendments[0].edits.every((e) => e.applied)).toBe(true);

    // The successor clause now comes from the amendment, with the words it replaced.
    const successor = view.terms.find((t) => t.body.includes("Daniel R. Hartwell shall serve as successor trustee"))!;
    expect(successor).toMatchObject({ status: "amended", reference: expect.stringContaining("1.3"), source: { documentId: amendmentId } });
    const diffed = (kind: string) =>
      (successor.diff ?? [])
        .filter((p) => p.kind === kind)
        .map((p) => p.text)
        .join(" ");
    expect(diffed("removed")).toContain("Margaret");
    expect(diffed("added")).toContain("Daniel");
    expect(view.terms.find((t) => t.body.includes("shall be known as"))).toMatchObject({ status: "original", source: { documentId: trustId }, diff: null });

    // The current offices and the changes, each with both passages.
    const successors = view.parties.filter((p) => p.role === "successor_trustee").map((p) => [p.name, p.order]);
    expect(successors).toEqual([
      ["Daniel R. Hartwell", 1],
      ["First Pacific Trust Company", 2],
    ]);
    expect(view.governingLaw).toBe("California");
    expect(view.changes.map((c) => c.kind)).toEqual(["successor_order_changed", "beneficiary_dropped", "duty_changed"]);
    const order = view.changes[0];
    expect(order.before?.text).toContain("Margaret A. Hartwell-Chen shall serve as successor trustee");
    expect(order.after?.text).toContain("Daniel R. Hartwell shall serve as successor trustee");
    expect(view.changes[2]).toMatchObject({ from: expect.stringContaining("sixty (60) days"), to: expect.stringContaining("thirty (30) days") });

    const fromTrust = (await (await asAmended(owner.client, trustId)).json()) as { asAmended: AsAmended };
    expect(fromTrust.asAmended.documentId).toBe(trustId);
    expect(fromTrust.asAmended.changes.map((c) => c.kind)).toEqual(view.changes.map((c) => c.kind));
  });

  it("a document outside any instrument family gets 422 with the reason; an unknown one 404; signed out 401", async () => {
    const poa = await asAmended(owner.client, poaId);
    expect(poa.status).toBe(422);
    expect(((await poa.json()) as { error: string }).error).toBe(
      "This document is not a trust or a will, nor an amendment of one you can read, so it has no reading as amended.",
    );
    const unknown = await asAmended(owner.client, "no-such-document");
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { error: string }).error).toBe("Document not found");
    expect((await asAmended(owner.client, "x".repeat(500))).status).toBe(404);
    expect((await asAmended(new Client(baseUrl), trustId)).status).toBe(401);
  });

  it("reads only what the viewer may read: a beneficiary shown the amendment alone has no family; shown both, the same reading", async () => {
    const beneficiary = await addMember(baseUrl, owner.client, "beneficiary", "amendbenef");
    expect((await asAmended(beneficiary.client, amendmentId)).status).toBe(404);
    const share = (id: string) =>
      owner.client.fetch(`/api/documents/${id}/shares/${beneficiary.me.id}`, {
        method: "PUT",
        headers: { "Content-Type": "application/json", Origin: owner.client.origin },
        body: JSON.stringify({ permission: "view" }),
      });
    expect((await share(amendmentId)).status).toBe(200);
    const alone = await asAmended(beneficiary.client, amendmentId);
    expect(alone.status).toBe(422);
    expect(await alone.text()).not.toContain(trustId);
    expect((await share(trustId)).status).toBe(200);
    const both = (await (await asAmended(beneficiary.client, amendmentId)).json()) as { asAmended: AsAmended };
    expect(both.asAmended.changes.map((c) => c.kind)).toEqual(["successor_order_changed", "beneficiary_dropped", "duty_changed"]);
  });

  it("a draft the product saved, even typed as a trust, is never read as an instrument", async () => {
    const saved = await owner.client.postJson("/api/drafting/save", {
      template: "certification",
      format: "docx",
      fields: {
        trustName: "The Hartwell Family Revocable Living Trust",
        trustDate: "2019-03-14",
        settlors: ["Eleanor M. Hartwell", "Thomas J. Hartwell"],
        trustees: ["Eleanor M. Hartwell", "Thomas J. Hartwell"],
        trusteeAddress: "12 Cedar Crest Road",
        trusteePowers: "All powers conferred by California Probate Code sections 16200 through 16249.",
        revocability: "revocable",
        signingAuthority: "any",
        governingLaw: "California",
        signingDate: "2026-05-04",
      },
      target: { kind: "document", type: "trust" },
    });
    expect(saved.status, await saved.clone().text()).toBe(201);
    const { document } = (await saved.json()) as { document: { id: string } };
    await eventually(
      async () =>
        ((await (await owner.client.get(`/api/documents/${document.id}`)).json()) as { document: { status: string } }).document.status === "completed",
    );
    expect((await asAmended(owner.client, document.id)).status).toBe(422);
    const view = (await (await asAmended(owner.client, trustId)).json()) as { asAmended: AsAmended };
    expect(view.asAmended.amendments.map((a) => a.documentId)).toEqual([amendmentId]);
    // Drafting still starts from the instrument, read as amended.
    const page = await (await owner.client.get("/document-drafting?template=certification")).text();
    expect(page).toContain("Read as amended");
    expect(page).toContain("The Hartwell Family Revocable Living Trust");
  });
});

describe("which instrument an amendment amends: GET, PUT and DELETE /api/documents/{id}/amends", () => {
  it("a second copy of the trust makes the match ambiguous; a person confirms the instrument, can correct or forget it; bad input is refused", async () => {
    const owner = await startWorkspace(baseUrl, "linkowner", "The Hartwell Family Trust");
    const [trustId, amendmentId, poaId] = await Promise.all([
      uploadAnalysed(owner.client, fixture("hartwell-family-trust.txt"), "hartwell-family-trust.txt"),
      uploadAnalysed(owner.client, fixture("hartwell-trust-first-amendment.txt"), "hartwell-trust-first-amendment.txt"),
      uploadAnalysed(owner.client, fixture("okafor-durable-power-of-attorney.txt"), "okafor-durable-power-of-attorney.txt"),
    ]);
    const view = async (id: string) => ((await (await asAmended(owner.client, id)).json()) as { asAmended: AsAmended & { link: unknown } }).asAmended;
    expect((await view(amendmentId)).link).toEqual({ by: "heading", ambiguous: false });

    // The same trust uploaded again (a signed copy): two instruments fit the amendment's heading.
    const copyId = await uploadAnalysed(
      owner.client,
      Buffer.concat([fixture("hartwell-family-trust.txt"), Buffer.from("\n[Signed copy]\n")]),
      "hartwell-signed-copy.txt",
    );
    expect((await view(amendmentId)).link).toEqual({ by: "heading", ambiguous: true });
    const choice = (await (await owner.client.get(`/api/documents/${amendmentId}/amends`)).json()) as {
      choice: { instruments: { id: string }[]; canConfirm: boolean; confirmed?: string | null };
    };
    expect(choice.choice.instruments.map((i) => i.id).sort()).toEqual([trustId, copyId].sort());
    expect(choice.choice).toMatchObject({ canConfirm: true });
    expect(choice.choice.confirmed).toBeUndefined();
    expect(((await (await owner.client.get(`/api/documents/${trustId}/amends`)).json()) as { choice: unknown }).choice).toBeNull();

    const put = (body: unknown, client = owner.client) =>
      client.fetch(`/api/documents/${amendmentId}/amends`, {
        method: "PUT",
        headers: { "Content-Type": "application/json", Origin: client.origin },
        body: JSON.stringify(body),
      });
    const confirmed = await put({ instrumentId: copyId });
    expect(confirmed.status, await confirmed.clone().text()).toBe(200);
    const linked = await view(amendmentId);
    expect(linked.link).toEqual({ by: "person", ambiguous: false });
    expect(linked.instrument.documentId).toBe(copyId);
    expect((await view(trustId)).amendments).toEqual([]);

    // Not an instrument, not an id, nothing at all: a sentence and a 4xx; the confirmation stays as it was.
    const poa = await put({ instrumentId: poaId });
    expect(poa.status).toBe(422);
    expect(((await poa.json()) as { error: string }).error).toBe("Choose one of the trusts or wills you can read (not an amendment).");
    expect((await put({ instrumentId: amendmentId })).status).toBe(422);
    expect((await put({ instrumentId: "not-an-id" })).status).toBe(400);
    expect((await put({})).status).toBe(400);
    expect((await view(amendmentId)).instrument.documentId).toBe(copyId);

    // A beneficiary who may only read the amendment may not decide.
    const reader = await addMember(baseUrl, owner.client, "beneficiary", "linkreader");
    const shared = await owner.client.fetch(`/api/documents/${amendmentId}/shares/${reader.me.id}`, {
      method: "PUT",
      headers: { "Content-Type": "application/json", Origin: owner.client.origin },
      body: JSON.stringify({ permission: "view" }),
    });
    expect(shared.status).toBe(200);
    expect((await put({ instrumentId: trustId }, reader.client)).status).toBe(403);

    // "None of these": read on its own; then forgotten, matched again from its heading.
    expect((await put({ instrumentId: null })).status).toBe(200);
    expect((await asAmended(owner.client, amendmentId)).status).toBe(422);
    const forgotten = await owner.client.fetch(`/api/documents/${amendmentId}/amends`, { method: "DELETE", headers: { Origin: owner.client.origin } });
    expect(forgotten.status).toBe(200);
    expect((await view(amendmentId)).link).toEqual({ by: "heading", ambiguous: true });
  });
});
