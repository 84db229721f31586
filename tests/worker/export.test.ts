import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { testServer } from "../helpers/test-server";
import { verifyBundle } from "../../app/modules/audit/bundle";
import { GENESIS_HASH, type StoredEntry, verifyEntries } from "../../app/modules/audit/chain";
import type { Client } from "../helpers/client";
import { addMember, eventually, sql as runSql, startWorkspace } from "../helpers/workspace";
import { runCron } from "../helpers/cron";

const baseUrl = testServer().baseUrl;
const persistTo = testServer().persistTo;
const sqlUrl = testServer().sqlUrl;
const sql = (query: string) => runSql(sqlUrl, query);
const sha = (bytes: Uint8Array | string) => createHash("sha256").update(bytes).digest("hex");
const fixture = (name: string) => readFileSync(`/work/shared/fixtures/documents/${name}`);
const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

interface ExportView {
  id: string;
  status: string;
  filesDone: number;
  filesTotal: number;
  sizeBytes: number | null;
  downloadUrl: string | null;
  expiresAt: string | null;
}

function post(client: Client, path: string, body: Uint8Array | string) {
  return client.fetch(path, { method: "POST", headers: { "Content-Type": "application/octet-stream", Origin: client.origin }, body: body as BodyInit });
}

/** A document with two versions; returns its id and the bytes of each version, by number. */
async function documentWithTwoVersions(client: Client, name: string, v1: Uint8Array, v2: Uint8Array) {
  const created = await post(client, `/api/documents?${new URLSearchParams({ fileName: name })}`, v1);
  expect(created.status, await created.clone().text()).toBe(201);
  const { document } = (await created.json()) as { document: { id: string } };
  const added = await post(client, `/api/documents/${document.id}/versions?${new URLSearchParams({ fileName: `v2-${name}`, note: "Second version" })}`, v2);
  expect(added.status, await added.clone().text()).toBe(201);
  return { id: document.id, versions: { 1: v1, 2: v2 } as Record<number, Uint8Array> };
}

async function requestExport(client: Client) {
  const response = await client.fetch("/api/workspaces/export", { method: "POST", headers: { Origin: client.origin } });
  expect(response.status, await response.clone().text()).toBe(202);
  return ((await response.json()) as { jobId: string }).jobId;
}

const status = async (client: Client, id: string) => ((await (await client.get(`/api/workspaces/export/${id}`)).json()) as { export: ExportView }).export;

const waitReady = (client: Client, id: string) =>
  eventually(
    async () => {
      const view = await status(client, id);
      expect(view.status).not.toBe("failed");
      return view.status === "ready" ? view : null;
    },
    { timeoutMs: 60_000 },
  );

const RECEIPT = "%PDF-1.4\n% the property tax bill\n";

/** A bank account with September's statement imported, and a receipt kept with its first transaction. */
async function transactionWithReceipt(client: Client) {
  const account = await client.postJson("/api/banking/accounts", {
    name: "Trust checking",
    institution: "Pacific Coast Bank",
    type: "checking",
    currency: "USD",
    lastFour: "0932",
    openingBalanceMinor: 8421055,
    openingOn: "2026-09-01",
  });
  expect(account.status, await account.clone().text()).toBe(201);
  const accountId = ((await account.json()) as { id: string }).id;
  const form = new FormData();
  form.set("file", new Blob([readFileSync(new URL("../fixtures/bank/pacific-coast-2026-09.ofx", import.meta.url))]), "september.ofx");
  const previewed = await client.fetch(`/api/banking/accounts/${accountId}/imports`, { method: "POST", body: form, headers: { Origin: client.origin } });
  expect(previewed.status, await previewed.clone().text()).toBe(200);
  const { importId } = (await previewed.json()) as { importId: string };
  expect((await client.postJson(`/api/banking/imports/${importId}/commit`, {})).status).toBe(200);
  const list = (await (await client.get(`/api/banking/accounts/${accountId}/transactions`)).json()) as { transactions: { id: string }[] };
  const receiptForm = new FormData();
  receiptForm.set("file", new Blob([RECEIPT]), "tax-bill.pdf");
  const added = await client.fetch(`/api/banking/transactions/${list.transactions[0]!.id}/receipts`, {
    method: "POST",
    body: receiptForm,
    headers: { Origin: client.origin },
  });
  expect(added.status, await added.clone().text()).toBe(201);
  return ((await added.json()) as { receipt: { id: string } }).receipt;
}

describe("export everything", () => {
  it("the owner's ZIP holds every version's original file, data, a manifest that matches and an audit chain that verifies", async () => {
    const owner = await startWorkspace(baseUrl, "expown", "The Exported Trust");
    const trust = fixture("hartwell-family-trust.txt");
    const poa = fixture("okafor-durable-power-of-attorney.txt");
    const docs = [
      await documentWithTwoVersions(owner.client, "trust.txt", trust, Buffer.from(`${trust}\nAMENDED: the roof reserve.\n`)),
      await documentWithTwoVersions(owner.client, "poa — Okafor.txt", poa, Buffer.from(`${poa}\nRestated 2026.\n`)),
      await documentWithTwoVersions(
        owner.client,
        "notes.txt",
        Buffer.from(`Notes on the roof.\n${"Quote line.\n".repeat(20_000)}`),
        Buffer.from("Notes, second\n"),
      ),
    ];

    const channels = (await (await owner.client.get("/api/chat/channels")).json()) as { channels: { id: string; isDefault: boolean }[] };
    const channel = channels.channels.find((c) => c.isDefault)!;
    for (const body of ["The roof quote is in.", "Meeting on Friday at 10."]) {
      expect((await owner.client.postJson(`/api/chat/channels/${channel.id}/messages`, { body })).status).toBe(201);
    }
    const created = await owner.client.postJson("/api/polls", {
      title: "Approve the roof",
      type: "yes_no",
      closesAt: new Date(Date.now() + 3600_000).toISOString(),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const pollId = ((await created.json()) as { poll: { id: string } }).poll.id;
    const poll = (await (await owner.client.get(`/api/polls/${pollId}`)).json()) as { options: { id: string; text: string }[] };
    const yes = poll.options.find((o) => o.text === "Yes")!.id;
    expect((await owner.client.postJson(`/api/polls/${pollId}/ballot`, { choices: [yes] })).status).toBe(200);

    const receipt = await transactionWithReceipt(owner.client);

    const jobId = await requestExport(owner.client);
    const ready = await waitReady(owner.client, jobId);
    expect(ready.filesDone).toBe(ready.filesTotal);
    expect(ready.downloadUrl).toBe(`/api/workspaces/export/${jobId}/download`);
    expect(Date.parse(ready.expiresAt!) - Date.now()).toBeGreaterThan(6 * 86_400_000);

    const download = await owner.client.get(ready.downloadUrl!);
    expect(download.status).toBe(200);
    expect(download.headers.get("Content-Type")).toBe("application/zip");
    expect(download.headers.get("Content-Disposition")).toContain("the-exported-trust-export-");
    const zipBytes = new Uint8Array(await download.arrayBuffer());
    expect(zipBytes.byteLength).toBe(ready.sizeBytes);
    const files = unzipSync(zipBytes);
    const paths = Object.keys(files);

    // Every version's original file, byte for byte.
    for (const doc of docs) {
      for (const number of [1, 2]) {
        const path = paths.find((p) => p.startsWith(`documents/${doc.id}-`) && p.split("/")[2]!.startsWith(`v${number}-`))!;
        expect(path, `version ${number} of ${doc.id}`).toBeDefined();
        expect(sha(files[path]!)).toBe(sha(doc.versions[number]!));
      }
      const described = JSON.parse(text(files[paths.find((p) => p.startsWith(`documents/${doc.id}-`) && p.endsWith("/document.json"))!]!));
      expect(described.versions.map((v: { number: number; sha256: string }) => [v.number, v.sha256])).toEqual([
        [1, sha(doc.versions[1]!)],
        [2, sha(doc.versions[2]!)],
      ]);
    }
    expect(paths.some((p) => p.startsWith(`documents/${docs[1]!.id}-`) && p.endsWith("/v1-poa — Okafor.txt"))).toBe(true);

    // The manifest names every other file with its size and hash.
    const manifest = JSON.parse(text(files["manifest.json"]!)) as { files: { path: string; size: number; sha256: string }[]; problems: unknown[] };
    expect(manifest.problems).toEqual([]);
    expect(manifest.files.map((f) => f.path).sort()).toEqual(paths.filter((p) => p !== "manifest.json").sort());
    for (const entry of manifest.files) {
      expect(files[entry.path]!.byteLength, entry.path).toBe(entry.size);
      expect(sha(files[entry.path]!), entry.path).toBe(entry.sha256);
    }

    const readme = text(files["README.md"]!);
    expect(readme).toContain("manifest.json");
    expect(readme).toContain("audit/chain-head.json");
    const workspace = JSON.parse(text(files["workspace.json"]!));
    expect(workspace.workspace.members).toEqual([expect.objectContaining({ userId: owner.me.id, role: "owner" })]);
    const messages = JSON.parse(text(files["conversations/messages.json"]!)) as { body: string }[];
    expect(messages.map((m) => m.body)).toEqual(expect.arrayContaining(["The roof quote is in.", "Meeting on Friday at 10."]));
    expect(JSON.parse(text(files["polls/polls.json"]!))).toEqual([expect.objectContaining({ id: pollId, title: "Approve the roof" })]);
    expect(JSON.parse(text(files["polls/ballots.json"]!))).toEqual([expect.objectContaining({ pollId, voterId: owner.me.id, choices: [yes] })]);
    expect(JSON.parse(text(files["banking/transactions.json"]!))).toHaveLength(10);
    // The receipt's file as uploaded, named by its row in receipts.json.
    const receiptPath = paths.find((p) => p.startsWith(`banking/receipts/${receipt.id}-`))!;
    expect(receiptPath).toBe(`banking/receipts/${receipt.id}-tax-bill.pdf`);
    expect(text(files[receiptPath]!)).toBe(RECEIPT);
    expect(JSON.parse(text(files["banking/receipts.json"]!))).toEqual([expect.objectContaining({ id: receipt.id, fileName: "tax-bill.pdf" })]);
    // The trust's administration and tax settings are there too, if empty for a new trust.
    for (const path of ["compliance/duties.json", "compliance/trust-profile.json", "tax/profile.json", "documents/shares.json"]) {
      expect(Array.isArray(JSON.parse(text(files[path]!))), path).toBe(true);
    }

    // The audit log links from the genesis hash to the signed head, and the head's signature holds.
    const entries = text(files["audit/audit-log.jsonl"]!)
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as StoredEntry);
    expect(entries.length).toBeGreaterThan(5);
    const checked = await verifyEntries({ seq: 0, hash: GENESIS_HASH }, entries);
    expect(checked.broken).toBeNull();
    const head = JSON.parse(text(files["audit/chain-head.json"]!));
    expect(await verifyBundle(head)).toMatchObject({ ok: true, entries: 1 });
    expect(head.entries[0].hash).toBe(checked.position.hash);
    expect(head.entries[0].seq).toBe(entries.length);
    expect(entries.map((e) => e.action)).toContain("workspace.export_requested");

    const downloaded = sql(`SELECT count(*) AS n FROM audit_log WHERE action = 'workspace.export_downloaded' AND target_id = '${jobId}'`);
    expect(downloaded[0]!.n).toBe(1);
  });

  it("refuses a beneficiary (403) and hides the export from another member (404); an expired link is 404 and the cron deletes its file", async () => {
    const owner = await startWorkspace(baseUrl, "expref", "The Guarded Trust");
    const beneficiary = await addMember(baseUrl, owner.client, "beneficiary", "exprefben");
    const trustee = await addMember(baseUrl, owner.client, "trustee", "expreftru");

    const refused = await beneficiary.client.fetch("/api/workspaces/export", { method: "POST", headers: { Origin: beneficiary.client.origin } });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: string }).error).toMatch(/only the workspace's owner/i);
    expect((await trustee.client.fetch("/api/workspaces/export", { method: "POST", headers: { Origin: trustee.client.origin } })).status).toBe(403);
    expect(sql(`SELECT count(*) AS n FROM workspace_exports WHERE workspace_id = '${owner.me.workspace.id}'`)[0]!.n).toBe(0);

    const jobId = await requestExport(owner.client);
    await waitReady(owner.client, jobId);
    for (const path of [`/api/workspaces/export/${jobId}`, `/api/workspaces/export/${jobId}/download`]) {
      const hidden = await trustee.client.get(path);
      expect(hidden.status).toBe(404);
      expect(((await hidden.json()) as { error: string }).error).toMatch(/asked for by someone else/);
      expect((await beneficiary.client.get(path)).status).toBe(404);
    }
    expect((await owner.client.get("/api/workspaces/export/not-an-id")).status).toBe(404);

    const [{ storage_key: key }] = sql(`SELECT storage_key FROM workspace_exports WHERE id = '${jobId}'`) as { storage_key: string }[];
    expect(key).toBe(`ws/${owner.me.workspace.id}/exports/${jobId}.zip`);
    expect(spawnR2Get(key)).toBe(true);
    sql(`UPDATE workspace_exports SET expires_at = ${Date.now() - 60_000} WHERE id = '${jobId}'`);
    const expired = await owner.client.get(`/api/workspaces/export/${jobId}/download`);
    expect(expired.status).toBe(404);
    expect(((await expired.json()) as { error: string }).error).toMatch(/expired/);
    expect((await status(owner.client, jobId)).downloadUrl).toBeNull();

    await runCron(baseUrl);
    const row = sql(`SELECT status, storage_key FROM workspace_exports WHERE id = '${jobId}'`)[0]!;
    expect(row).toEqual({ status: "ready", storage_key: null });
    expect(spawnR2Get(key)).toBe(false);
  });
});

/** Whether the object is still in the local R2 (wrangler r2 object get against the test server's state). */
function spawnR2Get(key: string): boolean {
  const result = spawnSync(
    "node_modules/.bin/wrangler",
    ["r2", "object", "get", `trust-platform-files/${key}`, "--local", "--persist-to", persistTo, "--pipe"],
    { encoding: "buffer", env: { ...process.env, WRANGLER_SEND_METRICS: "false" } },
  );
  return result.status === 0 && result.stdout.byteLength > 0;
}
