import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { PDFDocument, rgb } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { testServer } from "../helpers/test-server";
import type { Client } from "../helpers/client";
import { addMember, eventually, sql as runSql, startWorkspace } from "../helpers/workspace";

const baseUrl = testServer().baseUrl;
const sqlUrl = testServer().sqlUrl;
const sql = (query: string) => runSql(sqlUrl, query);

const v1Text = readFileSync(new URL("../fixtures/documents/hartwell-family-trust.txt", import.meta.url), "utf8");
// Version 2: every "spendthrift" becomes "protective", and a new clause with a word found nowhere else.
const v2Text = `${v1Text.replace(/spendthrift/gi, "protective")}\n\nARTICLE XX. ROOF RESERVE\nThe Trustee shall keep a pelicanfeather reserve for the Cedar Crest roof.\n`;
const sha = (text: string | Uint8Array) => createHash("sha256").update(text).digest("hex");

interface Version {
  id: string;
  number: number;
  sha256: string;
  note: string | null;
  source: string;
  restoredFrom: number | null;
  current: boolean;
  createdByName: string;
  fileName: string;
  sizeBytes: number;
  hasText: boolean;
}

function post(client: Client, path: string, body: Uint8Array | string, headers: Record<string, string> = {}) {
  return client.fetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/octet-stream", Origin: client.origin, ...headers },
    body: body as BodyInit,
  });
}

async function uploadDocument(client: Client, text: string | Uint8Array, fileName: string, extra: Record<string, string> = {}) {
  const response = await post(client, `/api/documents?${new URLSearchParams({ fileName, ...extra })}`, text);
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { document: { id: string; status: string } }).document;
}

const uploadVersion = (client: Client, id: string, body: string | Uint8Array, params: Record<string, string>) =>
  post(client, `/api/documents/${id}/versions?${new URLSearchParams(params)}`, body);

const versionsOf = async (client: Client, id: string) =>
  ((await (await client.get(`/api/documents/${id}/versions`)).json()) as { versions: Version[] }).versions;

const searchTotal = async (client: Client, q: string) => ((await (await client.get(`/api/documents?q=${q}`)).json()) as { total: number }).total;

const waitCompleted = (client: Client, id: string) =>
  eventually(async () => {
    const body = (await (await client.get(`/api/documents/${id}`)).json()) as { document: { status: string } };
    return body.document.status === "completed" ? body : null;
  });

const restore = (client: Client, id: string, versionId: string, note?: string) =>
  client.fetch(`/api/documents/${id}/versions/${versionId}/restore`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: client.origin },
    body: JSON.stringify(note === undefined ? {} : { note }),
  });

/** A one-page PDF holding only a drawing: what the scanner makes from a photograph (no text layer). */
async function pictureOnlyPdf() {
  const pdf = await PDFDocument.create();
  pdf.addPage([300, 400]).drawRectangle({ x: 20, y: 20, width: 100, height: 50, color: rgb(0.2, 0.2, 0.2) });
  return pdf.save();
}

describe("document versions", () => {
  it("a new version with a note becomes current, is analysed and searched; history, hashes, diff, download and restore", async () => {
    const owner = await startWorkspace(baseUrl, "verown", "The Versioned Trust");
    const doc = await uploadDocument(owner.client, v1Text, "trust.txt");
    await waitCompleted(owner.client, doc.id);
    expect(await searchTotal(owner.client, "spendthrift")).toBe(1);

    const added = await uploadVersion(owner.client, doc.id, v2Text, { fileName: "trust-restated.txt", note: "Restated after the 2026 review" });
    expect(added.status, await added.clone().text()).toBe(201);
    const v2 = ((await added.json()) as { version: Version }).version;
    expect(v2).toMatchObject({
      number: 2,
      note: "Restated after the 2026 review",
      source: "upload",
      current: true,
      sha256: sha(v2Text),
      fileName: "trust-restated.txt",
    });

    // The document is now version 2: its row, its analysis, and what search finds.
    await waitCompleted(owner.client, doc.id);
    const detail = (await (await owner.client.get(`/api/documents/${doc.id}`)).json()) as {
      document: { sha256: string; fileName: string; currentVersionNumber: number };
      text: { content: string };
    };
    expect(detail.document).toMatchObject({ sha256: sha(v2Text), fileName: "trust-restated.txt", currentVersionNumber: 2 });
    expect(detail.text.content).toContain("pelicanfeather");
    expect(await searchTotal(owner.client, "pelicanfeather")).toBe(1);
    expect(await searchTotal(owner.client, "spendthrift")).toBe(0);

    // History newest first, each with who, when, size and hash.
    const history = await versionsOf(owner.client, doc.id);
    expect(history.map((v) => v.number)).toEqual([2, 1]);
    expect(history[1]).toMatchObject({
      sha256: sha(v1Text),
      current: false,
      note: null,
      sizeBytes: Buffer.byteLength(v1Text),
      createdByName: owner.account.name,
      hasText: true,
    });

    // Any version downloads as it was.
    const old = await owner.client.get(`/api/documents/${doc.id}/versions/${history[1].id}/file`);
    expect(old.status).toBe(200);
    expect(old.headers.get("Content-Disposition")).toContain('filename="trust.txt"');
    expect(await old.text()).toBe(v1Text);

    // The diff shows what was removed and added between the two readings.
    const compare = (await (await owner.client.get(`/api/documents/${doc.id}/compare?from=${history[1].id}&to=${v2.id}`)).json()) as {
      parts: { kind: string; text: string }[];
      granularity: string;
      from: { number: number };
      to: { number: number };
    };
    expect(compare.granularity).toBe("words");
    expect([compare.from.number, compare.to.number]).toEqual([1, 2]);
    expect(compare.parts.filter((p) => p.kind === "removed").map((p) => p.text.toLowerCase())).toContain("spendthrift");
    expect(compare.parts.filter((p) => p.kind === "added").some((p) => p.text.includes("pelicanfeather"))).toBe(true);

    // Restoring version 1 adds version 3 with version 1's file and text; nothing is rewritten.
    const restored = await restore(owner.client, doc.id, history[1].id, "Back to the signed original");
    expect(restored.status, await restored.clone().text()).toBe(201);
    const v3 = ((await restored.json()) as { version: Version }).version;
    expect(v3).toMatchObject({
      number: 3,
      source: "restore",
      restoredFrom: 1,
      sha256: sha(v1Text),
      current: true,
      note: "Back to the signed original",
      hasText: true,
    });
    expect(await searchTotal(owner.client, "spendthrift")).toBe(1);
    expect(await searchTotal(owner.client, "pelicanfeather")).toBe(0);
    await waitCompleted(owner.client, doc.id);
    const after = await versionsOf(owner.client, doc.id);
    expect(after.map((v) => [v.number, v.sha256])).toEqual([
      [3, sha(v1Text)],
      [2, sha(v2Text)],
      [1, sha(v1Text)],
    ]);
    expect(await (await owner.client.get(`/api/documents/${doc.id}/file`)).text()).toBe(v1Text);
    expect(await (await owner.client.get(`/api/documents/${doc.id}/versions/${v2.id}/file`)).text()).toBe(v2Text);

    // Restoring the current version again is refused; the history stays three long.
    expect((await restore(owner.client, doc.id, v3.id)).status).toBe(409);

    // Every action is in the audit log with address and user agent, and never the contents.
    const audit = sql(
      `SELECT action, ip, user_agent, metadata FROM audit_log WHERE target_id = '${doc.id}' AND action LIKE 'document.version%' ORDER BY created_at`,
    );
    expect(audit.map((row) => row.action)).toEqual(
      expect.arrayContaining(["document.version_upload", "document.version_download", "document.version_restore"]),
    );
    expect(audit.every((row) => row.ip === owner.client.ip)).toBe(true);
    expect(JSON.stringify(audit)).not.toContain("pelicanfeather");
    expect(JSON.stringify(audit)).not.toContain("Restated after");

    // Deleting the document removes every version's row.
    expect((await owner.client.fetch(`/api/documents/${doc.id}`, { method: "DELETE", headers: { Origin: owner.client.origin } })).status).toBe(200);
    expect(sql(`SELECT count(*) AS n FROM document_versions WHERE document_id = '${doc.id}'`)[0].n).toBe(0);
  });

  it("view lets a member read and download versions but not add or restore them; edit lets them add one", async () => {
    const owner = await startWorkspace(baseUrl, "verroles", "The Shared Versions Trust");
    const doc = await uploadDocument(owner.client, v1Text, "trust.txt");
    const beneficiary = await addMember(baseUrl, owner.client, "beneficiary", "verbenef");
    const share = (permission: string) =>
      owner.client.fetch(`/api/documents/${doc.id}/shares/${beneficiary.me.id}`, {
        method: "PUT",
        headers: { "Content-Type": "application/json", Origin: owner.client.origin },
        body: JSON.stringify({ permission }),
      });

    // Not shared: every version route answers 404.
    const [v1] = await versionsOf(owner.client, doc.id);
    for (const path of [
      `/api/documents/${doc.id}/versions`,
      `/api/documents/${doc.id}/versions/${v1.id}/file`,
      `/api/documents/${doc.id}/compare?from=${v1.id}&to=${v1.id}`,
      `/version-control/${doc.id}`,
    ]) {
      expect((await beneficiary.client.get(path)).status, path).toBe(404);
    }
    expect((await uploadVersion(beneficiary.client, doc.id, v2Text, { fileName: "x.txt" })).status).toBe(404);

    // View: the history and old files, but a new version is refused with a reason and nothing changes.
    expect((await share("view")).status).toBe(200);
    expect((await versionsOf(beneficiary.client, doc.id)).map((v) => v.number)).toEqual([1]);
    expect(await (await beneficiary.client.get(`/api/documents/${doc.id}/versions/${v1.id}/file`)).text()).toBe(v1Text);
    const refused = await uploadVersion(beneficiary.client, doc.id, v2Text, { fileName: "mine.txt" });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: string }).error).toBe(
      "You can read this document but not add versions to it. Ask whoever shared it with you for edit access.",
    );
    expect((await restore(beneficiary.client, doc.id, v1.id)).status).toBe(403);
    expect(sql(`SELECT count(*) AS n FROM document_versions WHERE document_id = '${doc.id}'`)[0].n).toBe(1);
    expect(sql(`SELECT sha256 FROM documents WHERE id = '${doc.id}'`)[0].sha256).toBe(sha(v1Text));
    const denied = sql(
      `SELECT action, ip, user_agent FROM audit_log WHERE actor_user_id = '${beneficiary.me.id}' AND target_id = '${doc.id}' AND outcome = 'denied'`,
    );
    expect(denied.length).toBeGreaterThanOrEqual(3);
    expect(denied.every((row) => row.ip === beneficiary.client.ip && row.user_agent !== null)).toBe(true);

    // Edit: she may add a version.
    expect((await share("edit")).status).toBe(200);
    const ok = await uploadVersion(beneficiary.client, doc.id, v2Text, { fileName: "trust-v2.txt", note: "Signed copy" });
    expect(ok.status).toBe(201);
    expect((await versionsOf(owner.client, doc.id)).map((v) => [v.number, v.createdByName])).toEqual([
      [2, beneficiary.account.name],
      [1, owner.account.name],
    ]);
  });

  it("versions of another document or workspace are 404; bad files and notes are refused and nothing stored changes", async () => {
    const owner = await startWorkspace(baseUrl, "verbad", "The Careful Trust");
    const doc = await uploadDocument(owner.client, v1Text, "trust.txt");
    const other = await uploadDocument(owner.client, "A short letter of wishes.", "letter.txt");
    const [otherVersion] = await versionsOf(owner.client, other.id);
    const [docVersion] = await versionsOf(owner.client, doc.id);

    // A version of another document, through this document's address.
    expect((await restore(owner.client, doc.id, otherVersion.id)).status).toBe(404);
    expect((await owner.client.get(`/api/documents/${doc.id}/versions/${otherVersion.id}/file`)).status).toBe(404);
    expect((await owner.client.get(`/api/documents/${doc.id}/compare?from=${docVersion.id}&to=${otherVersion.id}`)).status).toBe(404);
    expect((await owner.client.get(`/api/documents/${doc.id}/versions/not-a-version/file`)).status).toBe(404);

    // Another workspace's owner sees none of it.
    const stranger = await startWorkspace(baseUrl, "verstranger", "Another Family");
    expect((await stranger.client.get(`/api/documents/${doc.id}/versions`)).status).toBe(404);
    expect((await restore(stranger.client, doc.id, docVersion.id)).status).toBe(404);
    expect((await uploadVersion(stranger.client, doc.id, v2Text, { fileName: "x.txt" })).status).toBe(404);

    // Bad files: empty, a "picture" that is not one, a scan that is not a PDF, a note too long.
    const empty = await uploadVersion(owner.client, doc.id, "", { fileName: "empty.txt" });
    expect(empty.status).toBe(400);
    const fake = await uploadVersion(owner.client, doc.id, new Uint8Array([0x00, 0x01, 0x02, 0x03, 0xff, 0xfe, 0x00, 0x10]), { fileName: "photo.png" });
    expect(fake.status).toBe(415);
    expect(((await fake.json()) as { error: string }).error).toMatch(/not supported/);
    const notPdf = await uploadVersion(owner.client, doc.id, "plain words", { fileName: "scan.pdf", source: "scan" });
    expect(notPdf.status).toBe(415);
    const longNote = await uploadVersion(owner.client, doc.id, v2Text, { fileName: "v2.txt", note: "n".repeat(501) });
    expect(longNote.status).toBe(400);
    expect(((await longNote.json()) as { error: string }).error).toBe("The note is too long (at most 500 characters).");
    expect((await owner.client.get(`/api/documents/${doc.id}/compare?from=${docVersion.id}`)).status).toBe(400);
    expect((await owner.client.get(`/api/documents/${doc.id}/versions/${docVersion.id}/restore`)).status).toBe(405);

    expect((await versionsOf(owner.client, doc.id)).length).toBe(1);
    expect(sql(`SELECT sha256, current_version_number AS n FROM documents WHERE id = '${doc.id}'`)[0]).toEqual({ sha256: sha(v1Text), n: 1 });
  });

  it("a version added before the first was read still keeps the first's text, so the two can be compared", async () => {
    const owner = await startWorkspace(baseUrl, "verrace", "The Hasty Trust");
    const doc = await uploadDocument(owner.client, v1Text, "trust.txt");
    // No wait: version 2 arrives while version 1's job is still queued.
    expect((await uploadVersion(owner.client, doc.id, v2Text, { fileName: "trust-2.txt" })).status).toBe(201);
    await waitCompleted(owner.client, doc.id);
    const [second, first] = await versionsOf(owner.client, doc.id);
    const compare = await eventually(async () => {
      const response = await owner.client.get(`/api/documents/${doc.id}/compare?from=${first.id}&to=${second.id}`);
      return response.status === 200 ? ((await response.json()) as { added: number; removed: number }) : null;
    });
    expect(compare.added).toBeGreaterThan(0);
    expect(compare.removed).toBeGreaterThan(0);
    // The document itself describes version 2 only.
    expect(sql(`SELECT sha256, current_version_number AS n FROM documents WHERE id = '${doc.id}'`)[0]).toEqual({ sha256: sha(v2Text), n: 2 });
    expect(await searchTotal(owner.client, "pelicanfeather")).toBe(1);
  });

  it("a scan waits for its recognised text, then is analysed and found by search; as a version too", async () => {
    const owner = await startWorkspace(baseUrl, "verscan", "The Scanned Trust");
    const pdf = await pictureOnlyPdf();
    const scan = await uploadDocument(owner.client, pdf, "scan.pdf", { source: "scan", title: "Roof invoice" });
    // No analysis starts on a PDF without text: it waits for the browser's OCR.
    await new Promise((r) => setTimeout(r, 1500));
    expect(sql(`SELECT status, analysis_attempts AS n FROM documents WHERE id = '${scan.id}'`)[0]).toEqual({ status: "pending", n: 0 });
    const put = (id: string, text: string) =>
      owner.client.fetch(`/api/documents/${id}/text`, {
        method: "PUT",
        headers: { "Content-Type": "application/json", Origin: owner.client.origin },
        body: JSON.stringify({ text }),
      });
    expect((await put(scan.id, "CEDAR CREST ROOF REPAIR INVOICE marigoldquartz")).status).toBe(202);
    await waitCompleted(owner.client, scan.id);
    expect(await searchTotal(owner.client, "marigoldquartz")).toBe(1);

    // A second scan becomes version 2 and replaces the searchable text.
    const added = await uploadVersion(owner.client, scan.id, pdf, { fileName: "scan-2.pdf", source: "scan", note: "Second page found" });
    expect(added.status).toBe(201);
    expect((await put(scan.id, "CEDAR CREST ROOF REPAIR RECEIPT tangerinebasalt")).status).toBe(202);
    await waitCompleted(owner.client, scan.id);
    expect(await searchTotal(owner.client, "tangerinebasalt")).toBe(1);
    expect(await searchTotal(owner.client, "marigoldquartz")).toBe(0);
    expect((await versionsOf(owner.client, scan.id)).map((v) => [v.number, v.source, v.hasText])).toEqual([
      [2, "scan", true],
      [1, "scan", true],
    ]);

    // An ordinary PDF reads its own text: posting recognised text for it is refused.
    const typed = await uploadDocument(owner.client, pdf, "typed.pdf");
    expect((await put(typed.id, "anything")).status).toBe(409);
  });
});
