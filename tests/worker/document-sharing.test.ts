import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { testServer } from "../helpers/test-server";
import type { Client } from "../helpers/client";
import { addMember, sql as runSql, startWorkspace } from "../helpers/workspace";

const baseUrl = testServer().baseUrl;
const sqlUrl = testServer().sqlUrl;
const sql = (query: string) => runSql(sqlUrl, query);
const trustText = readFileSync(new URL("../fixtures/documents/hartwell-family-trust.txt", import.meta.url));

async function upload(client: Client, body: Buffer, fileName: string) {
  const response = await client.fetch(`/api/documents?${new URLSearchParams({ fileName })}`, {
    method: "POST",
    headers: { "Content-Type": "application/octet-stream", Origin: client.origin },
    body: body as unknown as BodyInit,
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { document: { id: string } }).document;
}

const json = (client: Client, method: string, path: string, body?: unknown) =>
  client.fetch(path, {
    method,
    headers: { "Content-Type": "application/json", Origin: client.origin },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

/**
 * Every route of a document a person may not see answers 404 and never carries its data: reads
 * (the document, its file, thumbnail, analysis, versions, a version's file, a comparison, both pages)
 * and writes (details, deletion, analysis, recognised text, a new version, a restore, sharing).
 */
async function expectHidden(client: Client, id: string) {
  const versionId = String(sql(`SELECT current_version_id AS v FROM documents WHERE id = '${id}'`)[0].v);
  const reads = [
    `/api/documents/${id}`,
    `/api/documents/${id}/file`,
    `/api/documents/${id}/file?inline=1`,
    `/api/documents/${id}/thumbnail`,
    `/api/documents/${id}/shares`,
    `/api/documents/${id}/versions`,
    `/api/documents/${id}/versions/${versionId}/file`,
    `/api/documents/${id}/compare?from=${versionId}&to=${versionId}`,
    `/documents/${id}`,
    `/version-control/${id}`,
  ];
  for (const path of reads) {
    const response = await client.get(path);
    expect(response.status, path).toBe(404);
    expect(await response.text(), path).not.toContain("Hartwell");
  }
  const writes: [string, string, unknown][] = [
    ["PATCH", `/api/documents/${id}`, { title: "Taken", type: "trust" }],
    ["DELETE", `/api/documents/${id}`, undefined],
    ["POST", `/api/documents/${id}/analyze`, undefined],
    ["PUT", `/api/documents/${id}/text`, { text: "overwritten" }],
    ["POST", `/api/documents/${id}/versions/${versionId}/restore`, {}],
  ];
  for (const [method, path, body] of writes) expect((await json(client, method, path, body)).status, `${method} ${path}`).toBe(404);
  const version = await client.fetch(`/api/documents/${id}/versions?fileName=v.txt`, {
    method: "POST",
    headers: { "Content-Type": "application/octet-stream", Origin: client.origin },
    body: "a new version",
  });
  expect(version.status).toBe(404);
  const search = (await (await client.get("/api/documents?q=spendthrift")).json()) as { total: number };
  expect(search.total).toBe(0);
  const recent = (await (await client.get("/api/legal/documents/recent")).json()) as { id: string }[];
  expect(recent.map((d) => d.id)).not.toContain(id);
  const dashboard = await (await client.get("/dashboard")).text();
  expect(dashboard).not.toContain(id);
}

describe("document sharing and roles", () => {
  it("a beneficiary sees a document only while it is shared with her; view reads and downloads, edit changes details", async () => {
    const owner = await startWorkspace(baseUrl, "shareown", "The Shared Trust");
    const doc = await upload(owner.client, trustText, "trust.txt");
    const beneficiary = await addMember(baseUrl, owner.client, "beneficiary", "sharebenef");
    const lawyer = await addMember(baseUrl, owner.client, "legal_professional", "sharelaw");
    const benId = beneficiary.me.id;

    // Not shared: a beneficiary and the family's lawyer see nothing of it.
    await expectHidden(beneficiary.client, doc.id);
    await expectHidden(lawyer.client, doc.id);

    // The owner lists who it could go to: not owners or trustees, not the uploader.
    const before = (await (await owner.client.get(`/api/documents/${doc.id}/shares`)).json()) as {
      shares: unknown[];
      candidates: { userId: string; role: string }[];
    };
    expect(before.shares).toEqual([]);
    expect(before.candidates.map((c) => c.role).sort()).toEqual(["beneficiary", "legal_professional"]);

    // View: read, download and find it; not change it, share it or delete it.
    expect((await json(owner.client, "PUT", `/api/documents/${doc.id}/shares/${benId}`, { permission: "view" })).status).toBe(200);
    expect((await beneficiary.client.get(`/api/documents/${doc.id}`)).status).toBe(200);
    const file = await beneficiary.client.get(`/api/documents/${doc.id}/file`);
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(trustText)).toBe(true);
    const list = (await (await beneficiary.client.get("/api/documents")).json()) as { total: number; rows: { id: string }[] };
    expect(list.rows.map((row) => row.id)).toEqual([doc.id]);
    const rename = await json(beneficiary.client, "PATCH", `/api/documents/${doc.id}`, { title: "Mine now", type: "trust" });
    expect(rename.status).toBe(403);
    expect(((await rename.json()) as { error: string }).error).toBe(
      "You can read this document but not change it. Ask whoever shared it with you for edit access.",
    );
    expect((await json(beneficiary.client, "POST", `/api/documents/${doc.id}/analyze`)).status).toBe(403);
    expect((await json(beneficiary.client, "DELETE", `/api/documents/${doc.id}`)).status).toBe(403);
    const reshare = await json(beneficiary.client, "PUT", `/api/documents/${doc.id}/shares/${lawyer.me.id}`, { permission: "view" });
    expect(reshare.status).toBe(403);
    expect((await beneficiary.client.get(`/api/documents/${doc.id}/shares`)).status).toBe(403);
    expect(sql(`SELECT title FROM documents WHERE id = '${doc.id}'`)[0].title).toBe("trust");

    // Edit: details can change; deleting and sharing stay with the owner.
    expect((await json(owner.client, "PUT", `/api/documents/${doc.id}/shares/${benId}`, { permission: "edit" })).status).toBe(200);
    expect((await json(beneficiary.client, "PATCH", `/api/documents/${doc.id}`, { title: "Family trust (2019)", type: "trust" })).status).toBe(200);
    expect((await json(beneficiary.client, "DELETE", `/api/documents/${doc.id}`)).status).toBe(403);
    const shares = (await (await owner.client.get(`/api/documents/${doc.id}/shares`)).json()) as {
      shares: { userId: string; permission: string; grantedByName: string }[];
    };
    expect(shares.shares).toEqual([expect.objectContaining({ userId: benId, permission: "edit" })]);

    // Revoked: gone from every read again.
    expect((await json(owner.client, "DELETE", `/api/documents/${doc.id}/shares/${benId}`)).status).toBe(200);
    await expectHidden(beneficiary.client, doc.id);
    expect((await json(owner.client, "DELETE", `/api/documents/${doc.id}/shares/${benId}`)).status).toBe(404);

    // Every refused read or change was written down as denied, with where it came from.
    const denied = sql(
      `SELECT action, outcome, ip, user_agent FROM audit_log WHERE actor_user_id = '${benId}' AND target_id = '${doc.id}' AND outcome = 'denied'`,
    );
    expect(denied.length).toBeGreaterThanOrEqual(16);
    expect(denied.every((row) => row.action === "document.access_denied" && row.ip)).toBe(true);

    // Each change is audited with who and what, never the document's contents.
    const audit = sql(`SELECT action, metadata FROM audit_log WHERE target_id = '${doc.id}' AND action LIKE 'document.share%' ORDER BY created_at`);
    expect(audit.map((row) => row.action)).toEqual(["document.share_granted", "document.share_changed", "document.share_revoked"]);
    expect(String(audit[0].metadata)).toContain(benId);
    expect(JSON.stringify(audit)).not.toContain("Spendthrift");
  });

  it("refuses shares that make no sense, with clear messages, and never across workspaces", async () => {
    const owner = await startWorkspace(baseUrl, "sharebad", "The Careful Trust");
    const doc = await upload(owner.client, trustText, "trust.txt");
    const trustee = await addMember(baseUrl, owner.client, "trustee", "sharetrustee");
    const family = await addMember(baseUrl, owner.client, "family_member", "sharefam");
    const other = await startWorkspace(baseUrl, "shareother", "Another Trust");

    const put = (userId: string, body: unknown, client = owner.client) => json(client, "PUT", `/api/documents/${doc.id}/shares/${userId}`, body);
    const error = async (response: Response) => ((await response.json()) as { error: string }).error;

    let response = await put(trustee.me.id, { permission: "view" });
    expect(response.status).toBe(400);
    expect(await error(response)).toMatch(/already sees the document/);
    response = await put(owner.me.id, { permission: "view" });
    expect(response.status).toBe(400);
    response = await put(other.me.id, { permission: "view" });
    expect(response.status).toBe(404);
    expect(await error(response)).toBe("This person is not a member of the workspace.");
    response = await put("not-a-uuid", { permission: "view" });
    expect(response.status).toBe(404);
    response = await put(family.me.id, { permission: "admin" });
    expect(response.status).toBe(400);
    expect(await error(response)).toBe("Choose view or edit.");
    response = await put(family.me.id, {});
    expect(response.status).toBe(400);
    response = await json(owner.client, "PUT", `/api/documents/${doc.id}/shares/${family.me.id}`);
    expect(response.status).toBe(400);
    expect(sql(`SELECT count(*) AS n FROM document_shares WHERE document_id = '${doc.id}'`)[0].n).toBe(0);

    // Another workspace's owner cannot see, list or change this document's sharing.
    expect((await other.client.get(`/api/documents/${doc.id}/shares`)).status).toBe(404);
    expect((await put(other.me.id, { permission: "view" }, other.client)).status).toBe(404);
    expect((await json(other.client, "DELETE", `/api/documents/${doc.id}/shares/${family.me.id}`)).status).toBe(404);

    // The trustee (an administrator) may share it; the family member then finds it.
    expect((await put(family.me.id, { permission: "view" }, trustee.client)).status).toBe(200);
    expect((await family.client.get(`/api/documents/${doc.id}`)).status).toBe(200);
  });
});
