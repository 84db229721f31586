import { readFileSync } from "node:fs";
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { testServer } from "../helpers/test-server";
import { zipSync, strToU8 } from "fflate";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { Client } from "../helpers/client";
import { addMember, eventually, sql as runSql, startWorkspace as startWorkspaceAt } from "../helpers/workspace";

const baseUrl = testServer().baseUrl;
const sqlUrl = testServer().sqlUrl;
const startWorkspace = (prefix: string, name: string) => startWorkspaceAt(baseUrl, prefix, name);
const sql = (query: string) => runSql(sqlUrl, query);

const FIXTURES = new URL("../fixtures/documents/", import.meta.url);
const trustText = readFileSync(new URL("hartwell-family-trust.txt", FIXTURES));
const poaText = readFileSync(new URL("okafor-durable-power-of-attorney.txt", FIXTURES));

interface Uploaded {
  id: string;
  title: string;
  type: string;
  status: string;
  sha256: string;
  storageKey?: string;
}

function upload(client: Client, body: Uint8Array | Buffer, fileName: string, extra: Record<string, string> = {}, headers: Record<string, string> = {}) {
  const params = new URLSearchParams({ fileName, ...extra });
  return client.fetch(`/api/documents?${params}`, {
    method: "POST",
    headers: { "Content-Type": "application/octet-stream", Origin: client.origin, ...headers },
    body: body as BodyInit,
  });
}

async function uploadOk(client: Client, body: Uint8Array | Buffer, fileName: string, extra: Record<string, string> = {}) {
  const response = await upload(client, body, fileName, extra);
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { document: Uploaded }).document;
}

async function waitForStatus(client: Client, id: string, statuses: string[]) {
  return eventually(async () => {
    // Each caller narrows the detail to what it checks.
    const body = (await (await client.get(`/api/documents/${id}`)).json()) as Record<string, any>;
    return statuses.includes(body.document.status) ? body : null;
  });
}

async function makePdf(lines: string[]) {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage();
  lines.forEach((line, i) => page.drawText(line, { x: 50, y: 780 - i * 16, size: 11, font }));
  return pdf.save();
}

describe("documents: upload, storage, extraction and analysis", () => {
  it("a text upload streams to R2 under a workspace key, is analysed by the queue and becomes searchable", async () => {
    const owner = await startWorkspace("docowner", "The Hartwell Family Trust");
    const document = await uploadOk(owner.client, trustText, "hartwell-family-trust.txt");
    expect(document).toMatchObject({ title: "hartwell-family-trust", status: "pending", type: "other" });
    // The key is the server's business (issue 22): it is in the database, not in the answer.
    expect(document.storageKey).toBeUndefined();
    const [{ storage_key: storageKey }] = sql(`SELECT storage_key FROM documents WHERE id = '${document.id}'`) as { storage_key: string }[];
    expect(storageKey.startsWith(`ws/${owner.me.workspace.id}/documents/${document.id}/`)).toBe(true);
    expect(document.sha256).toBe(createHash("sha256").update(trustText).digest("hex"));

    const done = (await waitForStatus(owner.client, document.id, ["completed", "error"])) as {
      document: { status: string; type: string };
      analysis: { engine: string; result: { governingLaw: string; parties: { name: string; role: string }[] } };
      text: { source: string; content: string };
    };
    expect(done.document.status).toBe("completed");
    // Nobody chose a type at upload: the analysis detected it.
    expect(done.document.type).toBe("trust");
    expect(done.analysis.engine).toBe("offline");
    expect(done.analysis.result.governingLaw).toMatch(/California/);
    // The names the assistant's document context reads (spec section 3).
    const detail = done as unknown as { analysis: { keyProvisions: unknown[]; compliance: { citation: string | null }[]; dates: unknown[] } };
    expect(detail.analysis.keyProvisions.length).toBeGreaterThan(10);
    expect(detail.analysis.compliance.map((duty) => duty.citation)).toContain("California Probate Code section 16061.7");
    expect(detail.analysis.dates.length).toBeGreaterThan(3);
    expect(done.text.source).toBe("text");
    expect(done.text.content).toContain("Spendthrift Clause");

    // The stored object is the file, byte for byte.
    const file = await owner.client.get(`/api/documents/${document.id}/file`);
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(trustText)).toBe(true);
    expect(file.headers.get("Content-Disposition")).toBe(`attachment; filename="hartwell-family-trust.txt"; filename*=UTF-8''hartwell-family-trust.txt`);
    expect(file.headers.get("X-Content-Type-Options")).toBe("nosniff");

    // Full-text search over the extracted text, with a highlighted snippet.
    const found = (await (await owner.client.get("/api/documents?q=spendthrift")).json()) as { total: number; rows: { id: string; snippet: string }[] };
    expect(found.total).toBe(1);
    expect(found.rows[0].id).toBe(document.id);
    expect(found.rows[0].snippet).toContain("\uE000Spendthrift\uE001");

    // The audit log records the upload, the view and the download; never the contents.
    const audit = sql(`SELECT action, metadata FROM audit_log WHERE target_id = '${document.id}' ORDER BY created_at`);
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(["document.upload", "document.view", "document.download"]));
    expect(JSON.stringify(audit)).not.toContain("spendthrift");
  });

  it("search never crosses workspaces, and a chosen type is kept", async () => {
    const a = await startWorkspace("searcha", "The Okafor Trust");
    const b = await startWorkspace("searchb", "The Lindqvist Trust");
    const mine = await uploadOk(a.client, poaText, "okafor-poa.txt", { type: "power_of_attorney", title: "Grace's power of attorney" });
    expect(mine).toMatchObject({ type: "power_of_attorney", title: "Grace's power of attorney" });
    await waitForStatus(a.client, mine.id, ["completed"]);
    const own = (await (await a.client.get("/api/documents?q=attorney-in-fact")).json()) as { total: number };
    expect(own.total).toBe(1);
    const other = (await (await b.client.get("/api/documents?q=attorney-in-fact")).json()) as { total: number };
    expect(other.total).toBe(0);
    // Another workspace's document: 404, never the data, for every route.
    for (const path of [`/api/documents/${mine.id}`, `/api/documents/${mine.id}/file`, `/api/documents/${mine.id}/thumbnail`, `/documents/${mine.id}`]) {
      const response = await b.client.get(path);
      expect(response.status, path).toBe(404);
      expect(await response.text()).not.toContain("Okafor");
    }
    expect((await b.client.fetch(`/api/documents/${mine.id}/analyze`, { method: "POST", headers: { Origin: b.client.origin } })).status).toBe(404);
    expect((await b.client.fetch(`/api/documents/${mine.id}`, { method: "DELETE", headers: { Origin: b.client.origin } })).status).toBe(404);
  });

  it("search ranks title matches first, lists a very common word newest first and counts it only up to 1,000", async () => {
    const owner = await startWorkspace("searchmany", "The Busy Trust");
    const ws = owner.me.workspace.id;
    const me = owner.me.id;
    // 1,005 documents that all say "ledger" in their text, written straight to D1 in one statement each.
    const ids = `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1005) SELECT i, '00000000-0000-4000-9000-' || printf('%012d', i) AS id FROM n`;
    sql(
      `INSERT INTO documents (id, workspace_id, title, type, status, file_name, mime_type, size_bytes, storage_key, uploaded_by, created_at, updated_at, analysis_attempts, search_rowid) ` +
        `SELECT id, '${ws}', 'Receipt ' || i, 'other', 'completed', 'receipt.txt', 'text/plain', 10, 'ws/${ws}/documents/' || id || '/x.txt', '${me}', i, i, 1, 500000 + i FROM (${ids})`,
    );
    const wsToken = `w${ws.replace(/-/g, "")}`;
    sql(
      `INSERT INTO documents_fts (rowid, document_id, workspace_id, scope, title, body) ` +
        `SELECT 500000 + i, id, '${ws}', '${wsToken}', 'Receipt ' || i, 'entered in the ledger on day ' || i FROM (${ids})`,
    );
    const titled = await uploadOk(owner.client, Buffer.from("Nothing about books here."), "Ledger of the trust.txt");
    await waitForStatus(owner.client, titled.id, ["completed"]);

    const found = (await (await owner.client.get("/api/documents?q=ledger")).json()) as { total: number; moreThanTotal: boolean; rows: { id: string }[] };
    expect(found).toMatchObject({ total: 1000, moreThanTotal: true });
    expect(found.rows).toHaveLength(20);
    expect(found.rows[0].id).toBe(titled.id); // the newest text comes first when a word is everywhere

    // A narrower search is ranked: a match in the title outweighs a newer match in the text.
    const inTitle = await uploadOk(owner.client, Buffer.from("Notes for the family meeting."), "Codicil notes.txt");
    await waitForStatus(owner.client, inTitle.id, ["completed"]);
    const inText = await uploadOk(owner.client, Buffer.from("We discussed whether a codicil is needed."), "Meeting minutes.txt");
    await waitForStatus(owner.client, inText.id, ["completed"]);
    const ranked = (await (await owner.client.get("/api/documents?q=codicil")).json()) as {
      total: number;
      moreThanTotal: boolean;
      rows: { id: string; titleMatch: string }[];
    };
    expect(ranked).toMatchObject({ total: 2, moreThanTotal: false });
    expect(ranked.rows.map((row) => row.id)).toEqual([inTitle.id, inText.id]);
    expect(ranked.rows[0].titleMatch).toBe("\uE000Codicil\uE001 notes");

    // Renaming is searchable at once; a bad type is refused and changes nothing.
    const patch = (body: unknown) =>
      owner.client.fetch(`/api/documents/${inText.id}`, {
        method: "PATCH",
        headers: { "Content-Type": "application/json", Origin: owner.client.origin },
        body: JSON.stringify(body),
      });
    expect((await patch({ title: "Minutes about the amendment", type: "deed" })).status).toBe(400);
    expect((await patch({ title: "Minutes about the amendment", type: "trust" })).status).toBe(200);
    const renamed = (await (await owner.client.get("/api/documents?q=amendment")).json()) as { rows: { id: string; title: string; type: string }[] };
    expect(renamed.rows).toEqual([expect.objectContaining({ id: inText.id, title: "Minutes about the amendment", type: "trust" })]);

    // Deleting a document takes it out of the search index.
    expect((await owner.client.fetch(`/api/documents/${inText.id}`, { method: "DELETE", headers: { Origin: owner.client.origin } })).status).toBe(200);
    expect(((await (await owner.client.get("/api/documents?q=codicil")).json()) as { total: number }).total).toBe(1);
    expect(sql(`SELECT count(*) AS n FROM documents_fts WHERE document_id = '${inText.id}'`)[0].n).toBe(0);
    // Every document with text has its own search row, tied by rowid.
    expect(
      sql(`SELECT count(*) AS n FROM documents d JOIN documents_fts f ON f.rowid = d.search_rowid WHERE d.workspace_id = '${ws}' AND f.document_id <> d.id`)[0]
        .n,
    ).toBe(0);
    const exact = (await (await owner.client.get("/api/documents?q=" + encodeURIComponent('"day 1004"'))).json()) as { total: number; moreThanTotal: boolean };
    expect(exact).toMatchObject({ total: 1, moreThanTotal: false });
  });

  it("PDF and Word files have their text read on the server", async () => {
    const owner = await startWorkspace("docpdf", "The Chen Trust");
    const pdf = await uploadOk(
      owner.client,
      await makePdf(["LAST WILL AND TESTAMENT", "I, Walter P. Chen, declare this to be my will.", "I appoint Lucy Chen as executor."]),
      "will.pdf",
    );
    const docx = zipSync({
      "[Content_Types].xml": strToU8("<Types/>"),
      "word/document.xml": strToU8(
        '<w:document><w:body><w:p><w:r><w:t>Health care directive of Ruth &amp; Sam</w:t></w:r></w:p><w:p><w:r><w:t xml:space="preserve">Second paragraph.</w:t></w:r></w:p></w:body></w:document>',
      ),
    });
    const word = await uploadOk(owner.client, docx, "directive.docx");
    const pdfDone = (await waitForStatus(owner.client, pdf.id, ["completed", "error"])) as {
      document: { status: string };
      text: { source: string; content: string };
    };
    expect(pdfDone.document.status).toBe("completed");
    expect(pdfDone.text.source).toBe("pdf");
    expect(pdfDone.text.content).toContain("Walter P. Chen");
    const wordDone = (await waitForStatus(owner.client, word.id, ["completed", "error"])) as { text: { source: string; content: string } };
    expect(wordDone.text.source).toBe("docx");
    expect(wordDone.text.content).toBe("Health care directive of Ruth & Sam\nSecond paragraph.");
  });

  it("bad input: every refusal is a clear 4xx and nothing is saved", async () => {
    const owner = await startWorkspace("docbad", "The Careful Trust");
    const before = sql(`SELECT count(*) AS n FROM documents WHERE workspace_id = '${owner.me.workspace.id}'`)[0].n;
    const cases: [Uint8Array | Buffer, string, number, RegExp][] = [
      [Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00]), "invoice.pdf", 415, /not supported/],
      [Buffer.from("GIF89a....."), "photo.png", 415, /not supported/],
      [zipSync({ "a.txt": strToU8("x") }), "archive.zip", 415, /not supported/],
      [Buffer.alloc(0), "empty.txt", 400, /empty/],
    ];
    for (const [body, name, status, message] of cases) {
      const response = await upload(owner.client, body, name);
      expect(response.status, name).toBe(status);
      expect(((await response.json()) as { error: string }).error).toMatch(message);
    }
    // One byte over the limit: refused from the declared length, before the body is read.
    const tooBig = await upload(owner.client, Buffer.alloc(50 * 1024 * 1024 + 1, 0x41), "big.txt");
    expect(tooBig.status).toBe(413);
    expect(((await tooBig.json()) as { error: string }).error).toBe("The file is too large; the limit is 50 MB.");
    expect((await upload(owner.client, trustText, "")).status).toBe(400);
    expect((await upload(owner.client, trustText, "x.txt", { type: "deed" })).status).toBe(400);
    expect(sql(`SELECT count(*) AS n FROM documents WHERE workspace_id = '${owner.me.workspace.id}'`)[0].n).toBe(before);

    // A corrupt PDF is stored, then shows the "Error" badge with the reason; it can be analysed again.
    const broken = await uploadOk(owner.client, Buffer.from("%PDF-1.7\nthis is not really a pdf"), "broken.pdf");
    const failed = (await waitForStatus(owner.client, broken.id, ["error"])) as { document: { errorReason: string } };
    expect(failed.document.errorReason).toBe("This PDF is damaged or protected and could not be opened.");
    // The reason is stored as a code and read in each person's language.
    const inSpanish = (await (await owner.client.fetch(`/api/documents/${broken.id}`, { headers: { "Accept-Language": "es" } })).json()) as {
      document: { errorReason: string };
    };
    expect(inSpanish.document.errorReason).toBe("Este PDF está dañado o protegido y no se pudo abrir.");
    expect(sql(`SELECT error_reason FROM documents WHERE id = '${broken.id}'`)[0].error_reason).toBe('{"code":"pdf_damaged","retrying":false}');
    const again = await owner.client.fetch(`/api/documents/${broken.id}/analyze`, { method: "POST", headers: { Origin: owner.client.origin } });
    expect(again.status).toBe(202);
    await waitForStatus(owner.client, broken.id, ["error"]);
    // Unknown ids and malformed ids are 404s.
    expect((await owner.client.get("/api/documents/00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await owner.client.get("/api/documents/not-an-id")).status).toBe(404);
  });

  it("the recent list is personal and carries the spec's fields", async () => {
    const owner = await startWorkspace("docrecent", "The Recent Trust");
    const first = await uploadOk(owner.client, poaText, "first.txt");
    const second = await uploadOk(owner.client, trustText, "second.txt");
    let recent = (await (await owner.client.get("/api/legal/documents/recent")).json()) as Record<string, unknown>[];
    expect(recent.map((d) => d.id)).toEqual([second.id, first.id]);
    expect(Object.keys(recent[0]).sort()).toEqual(["fileName", "id", "lastAccessedAt", "status", "thumbnailUrl", "title", "type"]);
    expect(recent[0].lastAccessedAt).toBeNull();
    await owner.client.get(`/documents/${first.id}`);
    recent = (await (await owner.client.get("/api/legal/documents/recent")).json()) as Record<string, unknown>[];
    expect(recent[0].id).toBe(first.id);
    expect(typeof recent[0].lastAccessedAt).toBe("string");
    // The page refreshes itself while an analysis runs; that is one reading, recorded once.
    await owner.client.get(`/documents/${first.id}`);
    await owner.client.get(`/api/documents/${first.id}`);
    expect(sql(`SELECT count(*) AS n FROM audit_log WHERE target_id = '${first.id}' AND action = 'document.view'`)[0].n).toBe(1);
    // Opened and uploaded documents interleave by when each last happened.
    const third = await uploadOk(owner.client, poaText, "third.txt");
    recent = (await (await owner.client.get("/api/legal/documents/recent")).json()) as Record<string, unknown>[];
    expect(recent.map((d) => d.id)).toEqual([third.id, first.id, second.id]);
    // A beneficiary neither sees the owner's documents in her recent list nor can open them.
    const beneficiary = await addMember(baseUrl, owner.client, "beneficiary", "recentben");
    expect(await (await beneficiary.client.get("/api/legal/documents/recent")).json()).toEqual([]);
    expect((await beneficiary.client.get(`/api/documents/${first.id}`)).status).toBe(404);
    expect((await beneficiary.client.get(`/api/documents/${first.id}/file`)).status).toBe(404);
    const list = (await (await beneficiary.client.get("/api/documents?q=attorney")).json()) as { total: number };
    expect(list.total).toBe(0);
    // Signed out: the spec's 401.
    expect((await new Client(baseUrl).get("/api/legal/documents/recent")).status).toBe(401);
  });

  it("viewers cannot upload; image uploads wait for the browser's OCR text", async () => {
    const owner = await startWorkspace("docroles", "The Roles Trust");
    const viewer = await addMember(baseUrl, owner.client, "viewer", "docviewer");
    const refused = await upload(viewer.client, trustText, "trust.txt");
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: string }).error).toBe("Your role in this workspace lets you read documents but not add them.");
    expect(sql(`SELECT outcome FROM audit_log WHERE actor_user_id = '${viewer.me.id}' AND action = 'document.upload_denied'`)).toEqual([{ outcome: "denied" }]);
    const png = Buffer.from(
      "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082",
      "hex",
    );
    const image = await uploadOk(owner.client, png, "scan.png");
    expect(image.status).toBe("pending");
    const reanalyze = await owner.client.fetch(`/api/documents/${image.id}/analyze`, { method: "POST", headers: { Origin: owner.client.origin } });
    expect(reanalyze.status).toBe(409);
    const put = (body: unknown) =>
      owner.client.fetch(`/api/documents/${image.id}/text`, {
        method: "PUT",
        headers: { "Content-Type": "application/json", Origin: owner.client.origin },
        body: JSON.stringify(body),
      });
    expect((await put({ text: "   " })).status).toBe(400);
    expect((await put({})).status).toBe(400);
    expect((await put({ text: poaText.toString() })).status).toBe(202);
    const done = (await waitForStatus(owner.client, image.id, ["completed"])) as { text: { source: string }; document: { type: string } };
    expect(done.text.source).toBe("ocr");
    expect(done.document.type).toBe("power_of_attorney");
    // A thumbnail from the browser: PNG or JPEG only, served with caching headers.
    const thumb = await owner.client.fetch(`/api/documents/${image.id}/thumbnail`, {
      method: "PUT",
      headers: { Origin: owner.client.origin, "Content-Type": "image/png" },
      body: png,
    });
    expect(thumb.status).toBe(200);
    const served = await owner.client.get(`/api/documents/${image.id}/thumbnail`);
    expect(served.headers.get("Cache-Control")).toBe("private, max-age=3600");
    const notImage = await owner.client.fetch(`/api/documents/${image.id}/thumbnail`, {
      method: "PUT",
      headers: { Origin: owner.client.origin },
      body: "hello",
    });
    expect(notImage.status).toBe(415);
  });
});
