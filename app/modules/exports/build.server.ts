import { eq } from "drizzle-orm";
import { auditForExport } from "~/modules/audit/export.server";
import { documentFilesTotal, documentsForExport, type ExportDocument } from "~/modules/documents/export-data.server";
import { workspaceForExport } from "~/modules/workspaces/export-data.server";
import { workspaceExports } from "~/modules/workspaces/schema";
import { createDb, type Db } from "~/platform/db.server";
import { getConfig } from "~/platform/env.server";
import { exportFileName, type ExportContribution } from "~/platform/workspace-rows.server";
import { ArchiveTooLarge, ArchiveWriter, jsonArray, jsonLines, ZIP_MAX_BYTES, ZIP_MAX_ENTRIES } from "./archive.server";
import { EXPORT_FORMAT, EXPORT_FORMAT_VERSION, exportReadme } from "./readme";
import { EXPORT_TTL_MS, exportKey } from "./service.server";

/** Every other domain's part, from the server manifests in the registry's order (loaded late: the registry loads this file). */
async function contributions(): Promise<ExportContribution[]> {
  const { SERVER_MODULES } = await import("~/modules/registry.server");
  return SERVER_MODULES.flatMap((m) => (m.exportData ? [m.exportData] : []));
}
/** README, workspace.json, the audit log, its signed head and the manifest. */
const FIXED_FILES = 5;
const DOCUMENT_PAGE = 50;
/** Room left for the JSON files when judging from the documents' bytes whether the archive fits. */
const DATA_MARGIN = 256 * 1024 * 1024;
/** Retried by the queue this many times for a failure that might pass (R2 or D1 unavailable); then failed. */
const RUNS = 3;
const PROGRESS_EVERY_MS = 1500;

export const slug = (text: string) =>
  text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 48) || "document";

export const documentFolder = (doc: ExportDocument["document"]) => `documents/${doc.id}-${slug(doc.title)}`;

async function* from<T>(items: readonly T[]) {
  yield* items;
}

/**
 * The queue job `workspace.export`: writes the whole workspace into one ZIP in R2 in a single run (ADR 0024: the
 * classic ZIP format caps an export at 4 GiB, which R2 streams well within a queue consumer's 15 minutes of wall time),
 * updating the row's progress as it goes. A retried run starts the archive again from the beginning.
 */
export async function runExport(env: Env, exportId: string, attempt: number): Promise<void> {
  const db = createDb(env.DB);
  const row = await db.select().from(workspaceExports).where(eq(workspaceExports.id, exportId)).get();
  if (!row || row.status === "ready" || row.status === "failed") return;
  await db.update(workspaceExports).set({ status: "running", filesDone: 0, error: null }).where(eq(workspaceExports.id, exportId));
  const key = exportKey(row.workspaceId, row.id);
  const upload = await env.FILES.createMultipartUpload(key, { httpMetadata: { contentType: "application/zip" } });
  try {
    const size = await writeArchive(env, db, row, upload);
    const now = new Date();
    await db
      .update(workspaceExports)
      .set({ status: "ready", storageKey: key, sizeBytes: size, finishedAt: now, expiresAt: new Date(now.getTime() + EXPORT_TTL_MS) })
      .where(eq(workspaceExports.id, exportId));
  } catch (error) {
    await upload.abort().catch(() => undefined);
    const message = error instanceof Error ? error.message : String(error);
    if (!(error instanceof ArchiveTooLarge) && attempt < RUNS) {
      await db.update(workspaceExports).set({ status: "queued", error: message }).where(eq(workspaceExports.id, exportId));
      throw error;
    }
    console.error(`Export ${exportId} failed`, error);
    await db.update(workspaceExports).set({ status: "failed", error: message, finishedAt: new Date() }).where(eq(workspaceExports.id, exportId));
  }
}

async function writeArchive(env: Env, db: Db, row: typeof workspaceExports.$inferSelect, upload: R2MultipartUpload): Promise<number> {
  const now = new Date();
  const workspace = await workspaceForExport(db, row.workspaceId);
  if (!workspace) throw new ArchiveTooLarge("The workspace no longer exists");
  const parts = await contributions();
  const tables = parts.flatMap((part) => part.tables);
  const fileSources = parts.flatMap((part) => (part.files ? [part.files] : []));
  const totals = await documentFilesTotal(db, row.workspaceId);
  const stored = await Promise.all(fileSources.map((source) => source.total(db, row.workspaceId)));
  const storedCount = stored.reduce((sum, s) => sum + s.count, 0);
  const bytes = totals.bytes + stored.reduce((sum, s) => sum + s.bytes, 0);
  const filesTotal = totals.versions + totals.documents + totals.analyses + storedCount + tables.length + FIXED_FILES;
  if (filesTotal > ZIP_MAX_ENTRIES) throw new ArchiveTooLarge(`The workspace holds ${filesTotal} files; an export holds at most ${ZIP_MAX_ENTRIES}`);
  if (bytes > ZIP_MAX_BYTES - DATA_MARGIN) throw new ArchiveTooLarge(`The workspace's files take ${bytes} bytes; an export holds at most 4 GiB`);
  await db.update(workspaceExports).set({ filesTotal }).where(eq(workspaceExports.id, row.id));

  let filesDone = 0;
  let reported = Date.now();
  const done = async () => {
    filesDone++;
    if (Date.now() - reported >= PROGRESS_EVERY_MS) {
      reported = Date.now();
      await db.update(workspaceExports).set({ filesDone }).where(eq(workspaceExports.id, row.id));
    }
  };

  const requester = workspace.members.find((m) => m.userId === row.requestedBy);
  const archive = new ArchiveWriter(upload);
  const exportedBy = { userId: row.requestedBy, name: requester?.name ?? null };
  // The audit chain is fixed (sealed and its head signed) before anything is read, so the log covers the export's start.
  const audit = await auditForExport(db, getConfig(env), { workspace: { id: workspace.id, name: workspace.name }, exportedBy, now });

  await archive.addText("README.md", exportReadme({ workspaceName: workspace.name, exportedAt: now.toISOString() }), now);
  await done();
  await archive.addText(
    "workspace.json",
    JSON.stringify({ format: EXPORT_FORMAT, version: EXPORT_FORMAT_VERSION, exportId: row.id, exportedAt: now.toISOString(), exportedBy, workspace }, null, 2),
    now,
  );
  await done();

  const problems: { path: string; problem: "missing" | "sha256-differs"; expected?: string | null; actual?: string }[] = [];
  for (let after = ""; ;) {
    const page = await documentsForExport(db, row.workspaceId, after, DOCUMENT_PAGE);
    for (const { document, versions, analysis } of page) {
      const folder = documentFolder(document);
      const files: { number: number; path: string | null }[] = [];
      for (const version of versions) {
        const path = `${folder}/v${version.number}-${exportFileName(version.fileName)}`;
        const object = await env.FILES.get(version.storageKey);
        if (!object) {
          problems.push({ path, problem: "missing", expected: version.sha256 });
          files.push({ number: version.number, path: null });
        } else {
          const entry = await archive.add(path, object.body, version.createdAt);
          if (version.sha256 && entry.sha256 !== version.sha256)
            problems.push({ path, problem: "sha256-differs", expected: version.sha256, actual: entry.sha256 });
          files.push({ number: version.number, path });
        }
        await done();
      }
      const described = {
        ...document,
        versions: versions.map(({ storageKey: _key, ...version }) => ({ ...version, path: files.find((f) => f.number === version.number)?.path ?? null })),
      };
      await archive.addText(`${folder}/document.json`, JSON.stringify(described, null, 2), document.updatedAt);
      await done();
      if (analysis) {
        await archive.addText(`${folder}/analysis.json`, JSON.stringify(analysis, null, 2), analysis.createdAt);
        await done();
      }
    }
    if (page.length < DOCUMENT_PAGE) break;
    after = page.at(-1)!.document.id;
  }

  for (const table of tables) {
    await archive.add(table.path, jsonArray(table.rows(db, row.workspaceId)), now);
    await done();
  }

  for (const source of fileSources) {
    for await (const file of source.list(db, row.workspaceId)) {
      const object = await env.FILES.get(file.storageKey);
      if (object) await archive.add(file.path, object.body, file.createdAt);
      else problems.push({ path: file.path, problem: "missing" });
      await done();
    }
  }

  await archive.add("audit/audit-log.jsonl", jsonLines(audit.entries()), now);
  await done();
  await archive.addText("audit/chain-head.json", JSON.stringify(audit.head, null, 2), now);
  await done();

  const manifest = {
    format: EXPORT_FORMAT,
    version: EXPORT_FORMAT_VERSION,
    exportId: row.id,
    workspaceId: workspace.id,
    exportedAt: now.toISOString(),
    files: archive.manifest,
    problems,
  };
  await archive.add("manifest.json", jsonManifest(manifest), now);
  await db
    .update(workspaceExports)
    .set({ filesDone: filesDone + 1 })
    .where(eq(workspaceExports.id, row.id));
  const { size } = await archive.finish();
  return size;
}

/** The manifest, its file list a line each (it may list tens of thousands of files). */
async function* jsonManifest(manifest: { files: unknown[] } & Record<string, unknown>): AsyncGenerator<Uint8Array> {
  const { files, ...rest } = manifest;
  const head = JSON.stringify(rest, null, 2);
  const encoder = new TextEncoder();
  yield encoder.encode(`${head.slice(0, -2)},\n  "files": `);
  yield* jsonArray(from(files));
  yield encoder.encode("}\n");
}
