import { readFileSync } from "node:fs";
import { strFromU8, unzipSync } from "fflate";
import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { testServer } from "../helpers/test-server";
import type { Client } from "../helpers/client";
import { addMember, eventually, sql as runSql, startWorkspace } from "../helpers/workspace";

const baseUrl = testServer().baseUrl;
const sqlUrl = testServer().sqlUrl;
const sql = (query: string) => runSql(sqlUrl, query);

const trustText = readFileSync(new URL("../fixtures/documents/hartwell-family-trust.txt", import.meta.url), "utf8");

const certification = {
  trustName: "The Hartwell Family Revocable Living Trust",
  trustDate: "2019-03-14",
  settlors: ["Eleanor M. Hartwell", "Thomas J. Hartwell"],
  trustees: ["Eleanor Hartwell", "James Hartwell"],
  trusteeAddress: "12 Cedar Crest Road\nOakland, CA 94611",
  trusteePowers: "All powers conferred by California Probate Code sections 16200 through 16249.",
  revocability: "revocable",
  signingAuthority: "any",
  governingLaw: "California",
  signingDate: "2026-05-04",
};

const minutes = {
  trustName: "The Hartwell Family Trust",
  meetingDate: "2026-05-02",
  location: "Video meeting",
  chair: "Eleanor Hartwell",
  attendees: ["Eleanor Hartwell", "James Hartwell", "Sofia L. Chen"],
  agenda: ["Trustee's report", "Roof repair at Cedar Crest"],
  resolutions: ["Approve the quillwort roof repair"],
};

function post(client: Client, path: string, body: unknown) {
  return client.postJson(path, body);
}

async function uploadTrust(client: Client) {
  const response = await client.fetch(`/api/documents?fileName=trust.txt`, {
    method: "POST",
    headers: { "Content-Type": "text/plain", Origin: client.origin },
    body: trustText,
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { document: { id: string } }).document.id;
}

const waitCompleted = (client: Client, id: string) =>
  eventually(async () => {
    const body = (await (await client.get(`/api/documents/${id}`)).json()) as {
      document: { status: string; fileName: string; mimeType: string; currentVersionNumber: number };
      text: { content: string } | null;
    };
    return body.document.status === "completed" ? body : null;
  });

async function pdfText(bytes: Uint8Array) {
  const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
  return (text as string).replace(/\s+/g, " ");
}

describe("document drafting", () => {
  it("the page pre-fills from the workspace and the analysis; DOCX and PDF exports hold the names; saves as a new document and as a new version, read by the pipeline", async () => {
    const owner = await startWorkspace(baseUrl, "draftown", "The Drafting Family Trust");
    const trustId = await uploadTrust(owner.client);
    await waitCompleted(owner.client, trustId);

    // The page: the analysis's settlors and beneficiaries and the workspace's name are in its data; no model, so the AI button says why.
    const page = await owner.client.get("/document-drafting?template=notice");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("The Drafting Family Trust");
    expect(html).toContain("Eleanor M. Hartwell");
    expect(html).toContain("Sofia L. Chen");
    expect(html).toContain("Drafting with AI needs an AI provider");

    // DOCX: a Word file whose body holds the names.
    const docx = await post(owner.client, "/api/drafting/export", { template: "certification", format: "docx", fields: certification });
    expect(docx.status, await docx.clone().text()).toBe(200);
    expect(docx.headers.get("Content-Type")).toBe("application/vnd.openxmlformats-officedocument.wordprocessingml.document");
    expect(docx.headers.get("Content-Disposition")).toContain('filename="Certification of Trust - The Hartwell Family Revocable Living Trust.docx"');
    const xml = strFromU8(unzipSync(new Uint8Array(await docx.arrayBuffer()))["word/document.xml"]);
    for (const name of ["Eleanor M. Hartwell", "Thomas J. Hartwell", "James Hartwell", "12 Cedar Crest Road"]) expect(xml).toContain(name);

    // PDF: the same names as text.
    const pdf = await post(owner.client, "/api/drafting/export", { template: "minutes", format: "pdf", fields: minutes });
    expect(pdf.status, await pdf.clone().text()).toBe(200);
    expect(pdf.headers.get("Content-Type")).toBe("application/pdf");
    const pdfBody = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
    for (const name of ["Sofia L. Chen", "James Hartwell", "quillwort roof repair"]) expect(pdfBody).toContain(name);

    // Saved as a new document: read, indexed and analysed like an upload.
    const saved = await post(owner.client, "/api/drafting/save", {
      template: "certification",
      format: "docx",
      fields: certification,
      target: { kind: "document" },
    });
    expect(saved.status, await saved.clone().text()).toBe(201);
    const savedBody = (await saved.json()) as { kind: string; document: { id: string; title: string } };
    expect(savedBody.kind).toBe("document");
    expect(savedBody.document.title).toBe("Certification of Trust — The Hartwell Family Revocable Living Trust");
    const savedDoc = await waitCompleted(owner.client, savedBody.document.id);
    expect(savedDoc.document.fileName).toBe("Certification of Trust - The Hartwell Family Revocable Living Trust.docx");
    expect(savedDoc.text?.content).toContain("Thomas J. Hartwell");
    expect(savedDoc.text?.content).toContain("12 Cedar Crest Road");

    // Saved as a new version of the trust document (PDF): the version's text is the draft's.
    const version = await post(owner.client, "/api/drafting/save", {
      template: "minutes",
      format: "pdf",
      fields: minutes,
      target: { kind: "version", documentId: trustId, note: "Minutes of the May meeting" },
    });
    expect(version.status, await version.clone().text()).toBe(201);
    const versionBody = (await version.json()) as { kind: string; version: { number: number; note: string; fileName: string } };
    expect(versionBody).toMatchObject({
      kind: "version",
      version: { number: 2, note: "Minutes of the May meeting", fileName: "Minutes of a Beneficiary Meeting - The Hartwell Family Trust.pdf" },
    });
    const updated = await waitCompleted(owner.client, trustId);
    expect(updated.document).toMatchObject({ currentVersionNumber: 2, mimeType: "application/pdf" });
    expect(updated.text?.content).toContain("quillwort");
    const search = (await (await owner.client.get("/api/documents?q=quillwort")).json()) as { total: number };
    expect(search.total).toBe(1);

    // Audited: exports and saves, without content.
    const audit = sql(`SELECT action, metadata FROM audit_log WHERE actor_user_id = '${owner.me.id}' AND action LIKE 'drafting.%' ORDER BY created_at`);
    expect(audit.map((row) => row.action)).toEqual(["drafting.export", "drafting.export", "drafting.save", "drafting.save"]);
    expect(audit.every((row) => !String(row.metadata).includes("Hartwell"))).toBe(true);
  });

  it("bad input answers 400 with a sentence (and a message per field); no model answers 503", async () => {
    const owner = await startWorkspace(baseUrl, "draftbad", "The Careful Trust");
    const expect400 = async (body: unknown, error: string | RegExp) => {
      const response =
        typeof body === "string" ? await owner.client.postJson("/api/drafting/export", body) : await post(owner.client, "/api/drafting/export", body);
      expect(response.status).toBe(400);
      const json = (await response.json()) as { success: boolean; error: string; fieldErrors?: Record<string, string[]> };
      expect(json.success).toBe(false);
      expect(json.error).toMatch(error);
      return json;
    };
    await expect400("{not json", /JSON/);
    await expect400({ template: "will", format: "docx", fields: {} }, "Choose one of the templates: certification, notice, acceptance, receipt or minutes.");
    await expect400({ template: "minutes", format: "odt", fields: minutes }, "Choose DOCX or PDF.");
    const missing = await expect400(
      { template: "certification", format: "pdf", fields: { ...certification, trusteeAddress: "", trustDate: "2019-02-30" } },
      /is required|real date/,
    );
    expect(missing.fieldErrors).toEqual({
      trustDate: ["Date of the trust instrument must be a real date."],
      trusteeAddress: ["Trustee's address is required."],
    });
    const unknown = await expect400({ template: "minutes", format: "pdf", fields: { ...minutes, secret: "x" } }, /secret/);
    expect(Object.keys(unknown.fieldErrors ?? {})).toEqual(["_form"]);

    const badTarget = await post(owner.client, "/api/drafting/save", {
      template: "minutes",
      format: "pdf",
      fields: minutes,
      target: { kind: "version", documentId: "not-a-document" },
    });
    expect(badTarget.status).toBe(400);
    expect(((await badTarget.json()) as { error: string }).error).toBe("Choose the document to add a version to.");
    expect((await owner.client.get("/api/drafting/export")).status).toBe(405);

    const ai = await post(owner.client, "/api/drafting/ai", { template: "receipt", request: "Sofia received $15,000 on May 3" });
    expect(ai.status).toBe(503);
    expect(await ai.json()).toEqual({ success: false, error: expect.stringContaining("Drafting with AI needs an AI provider") });
    expect((await new Client401().post()).status).toBe(401);
  });

  it("a viewer may draft and download but not save (403 with a sentence, audited); a beneficiary cannot add a version to a document they only read", async () => {
    const owner = await startWorkspace(baseUrl, "draftrole", "The Boundaries Trust");
    const trustId = await uploadTrust(owner.client);
    const viewer = await addMember(baseUrl, owner.client, "viewer", "draftview");
    const beneficiary = await addMember(baseUrl, owner.client, "beneficiary", "draftben");

    const download = await post(viewer.client, "/api/drafting/export", { template: "minutes", format: "docx", fields: minutes });
    expect(download.status).toBe(200);
    expect((await viewer.client.get("/document-drafting").then((r) => r.text())) as string).toContain("not save them into the workspace");

    const refused = await post(viewer.client, "/api/drafting/save", { template: "minutes", format: "docx", fields: minutes, target: { kind: "document" } });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      success: false,
      error: "Your role in this workspace lets you draft and download documents, but not save them into the documents.",
    });
    expect(sql(`SELECT outcome FROM audit_log WHERE actor_user_id = '${viewer.me.id}' AND action = 'drafting.save_denied'`)).toEqual([{ outcome: "denied" }]);
    expect(sql(`SELECT count(*) AS n FROM documents WHERE workspace_id = '${owner.me.workspace.id}'`)[0].n).toBe(1);

    // The beneficiary may save new documents, but a version of a document they may only read is refused.
    const hidden = await post(beneficiary.client, "/api/drafting/save", {
      template: "minutes",
      format: "docx",
      fields: minutes,
      target: { kind: "version", documentId: trustId },
    });
    expect(hidden.status).toBe(404);
    const share = await owner.client.fetch(`/api/documents/${trustId}/shares/${beneficiary.me.id}`, {
      method: "PUT",
      headers: { "Content-Type": "application/json", Origin: owner.client.origin },
      body: JSON.stringify({ permission: "view" }),
    });
    expect(share.status).toBe(200);
    const readOnly = await post(beneficiary.client, "/api/drafting/save", {
      template: "minutes",
      format: "docx",
      fields: minutes,
      target: { kind: "version", documentId: trustId },
    });
    expect(readOnly.status).toBe(403);
    expect(((await readOnly.json()) as { error: string }).error).toMatch(/not add versions/);
    expect(sql(`SELECT current_version_number AS n FROM documents WHERE id = '${trustId}'`)[0].n).toBe(1);
  });
});

/** An unsigned request: the API answers 401 as the spec says, never a redirect. */
class Client401 {
  post() {
    return fetch(new URL("/api/drafting/export", baseUrl), {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: new URL(baseUrl).origin },
      body: "{}",
    });
  }
}
