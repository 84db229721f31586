import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { planDump, readDumpHeader, writeDump, type SchemaObject } from "../app/modules/backups/dump";
import {
  backupKeyFrom,
  compareCounts,
  countRowsQuery,
  deploySteps,
  environmentResources,
  parseD1Create,
  parseD1List,
  parseQueuesList,
  parseR2BucketList,
  parseSecretList,
  parseVersionsUpload,
  PLACEHOLDER_ID,
  planProvision,
  previewHosts,
  previewUploadArgs,
  readBackupHeader,
  setDatabaseId,
  splitStatements,
  unprovisioned,
  verifyBackupFile,
} from "./shipping.mjs";

const toml = readFileSync("wrangler.toml", "utf8");
const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
const node = (args: string[]) => spawnSync(process.execPath, args, { encoding: "utf8", env: { ...process.env, CLOUDFLARE_API_TOKEN: "" } });

describe("wrangler.toml's environments", () => {
  it("gives production and preview their own database, buckets and queues with a dead-letter queue", () => {
    const production = environmentResources(toml, "production");
    const preview = environmentResources(toml, "preview");
    expect(production.databases.map((d: { name: string }) => d.name)).toEqual(["trust-platform"]);
    expect(production.buckets).toEqual(["trust-platform-files", "trust-platform-backups"]);
    expect(production.queues).toEqual(["trust-platform-jobs", "trust-platform-jobs-dlq"]);
    expect(preview.worker).toBe("trust-platform-preview");
    expect(preview.queues).toEqual(["trust-platform-preview-jobs", "trust-platform-preview-jobs-dlq"]);
    // Never production data: nothing the preview binds is production's.
    const names = (r: typeof production) => [...r.databases.map((d: { name: string }) => d.name), ...r.buckets, ...r.queues];
    expect(names(preview).filter((n: string) => names(production).includes(n))).toEqual([]);
  });

  it("writes a database id into its environment only, keeping the comments", () => {
    const id = "0f0e0d0c-1111-4222-8333-444455556666";
    const next: string = setDatabaseId(toml, "preview", "trust-platform-preview", id);
    expect(environmentResources(next, "preview").databases[0].id).toBe(id);
    expect(environmentResources(next, "production").databases).toEqual(environmentResources(toml, "production").databases);
    expect(next.split("\n").filter((l) => l.startsWith("#"))).toEqual(toml.split("\n").filter((l) => l.startsWith("#")));
    expect(setDatabaseId(next, "preview", "trust-platform-preview", id)).toBe(next);
    expect(() => setDatabaseId(toml, "preview", "nope", id)).toThrow(/no database nope/);
  });
});

describe("wrangler's answers", () => {
  it("reads databases, buckets, queues, secrets and a new database's id", () => {
    expect(parseD1List('[{"uuid":"a-b","name":"trust-platform","created_at":"x"}]')).toEqual([{ name: "trust-platform", id: "a-b" }]);
    expect(parseR2BucketList("Listing buckets...\nname:           trust-platform-files\ncreation_date:  2026-01-01\n\nname:  other\n")).toEqual([
      "trust-platform-files",
      "other",
    ]);
    const table = [
      "┌──────┬─────────────────────┬────────────┐",
      "│ id   │ name                │ created_on │",
      "├──────┼─────────────────────┼────────────┤",
      "│ 1f2e │ trust-platform-jobs │ 2026-01-01 │",
      "└──────┴─────────────────────┴────────────┘",
    ].join("\n");
    expect(parseQueuesList(table)).toEqual(["trust-platform-jobs"]);
    expect(parseSecretList('[{"name":"PASSWORD_PEPPER","type":"secret_text"}]')).toEqual(["PASSWORD_PEPPER"]);
    expect(parseD1Create('[[d1_databases]]\nbinding = "DB"\ndatabase_name = "x"\ndatabase_id = "8c2f0b9e-1d2c-4e5f-9a0b-1c2d3e4f5a6b"')).toBe(
      "8c2f0b9e-1d2c-4e5f-9a0b-1c2d3e4f5a6b",
    );
    expect(parseD1Create('{ "d1_databases": [{ "database_id": "8c2f0b9e-1d2c-4e5f-9a0b-1c2d3e4f5a6b" }] }')).toBe("8c2f0b9e-1d2c-4e5f-9a0b-1c2d3e4f5a6b");
  });

  it("finds the alias URL in versions upload's answer, or its absence (Workers with Durable Objects get none)", () => {
    const out =
      "Uploaded trust-platform-preview (3.1 sec)\nWorker Version ID: 0b7c2a4e-5f6d-4e8f-9a1b-2c3d4e5f6a7b\nVersion Preview URL: https://0b7c2a4e-trust-platform-preview.team.workers.dev\nVersion Preview Alias URL: https://pr-12-trust-platform-preview.team.workers.dev\n";
    expect(parseVersionsUpload(out).aliasUrl).toBe("https://pr-12-trust-platform-preview.team.workers.dev");
    expect(parseVersionsUpload("Worker Version ID: 0b7c2a4e-5f6d-4e8f-9a1b-2c3d4e5f6a7b\n")).toEqual({
      versionId: "0b7c2a4e-5f6d-4e8f-9a1b-2c3d4e5f6a7b",
      aliasUrl: null,
      versionUrl: null,
    });
    const hosts = previewHosts("trust-platform-preview", "team", "12");
    expect(hosts).toEqual({ alias: "pr-12-trust-platform-preview.team.workers.dev", worker: "trust-platform-preview.team.workers.dev" });
    expect(previewUploadArgs("12", "abcdef123", hosts)).toEqual(
      expect.arrayContaining(["--env", "preview", "--preview-alias", "pr-12", "PUBLIC_ORIGIN:https://trust-platform-preview.team.workers.dev"]),
    );
  });
});

describe("provision", () => {
  const resources = environmentResources(toml, "production");

  it("creates what is missing, then nothing on a second run", () => {
    const first = planProvision("production", resources, { databases: [], buckets: ["trust-platform-files"], queues: [], secrets: [] });
    expect(first.commands).toEqual([
      ["d1", "create", "trust-platform"],
      ["r2", "bucket", "create", "trust-platform-backups"],
      ["queues", "create", "trust-platform-jobs"],
      ["queues", "create", "trust-platform-jobs-dlq"],
      ["secret", "put", "PASSWORD_PEPPER", "--env", "production"],
    ]);
    const id = "8c2f0b9e-1d2c-4e5f-9a0b-1c2d3e4f5a6b";
    const written = environmentResources(setDatabaseId(toml, "production", "trust-platform", id), "production");
    const everything = { databases: [{ name: "trust-platform", id }], buckets: written.buckets, queues: written.queues, secrets: ["PASSWORD_PEPPER"] };
    const second = planProvision("production", written, everything);
    expect(second.commands).toEqual([]);
    expect(second.databaseIds).toEqual([]);
  });

  it("prints the wrangler commands without an account in a dry run, and changes no file", () => {
    const before = readFileSync("wrangler.toml", "utf8");
    const run = node(["scripts/provision.mjs", "--env", "preview", "--dry-run"]);
    expect(run.status, run.stderr).toBe(0);
    for (const line of [
      "wrangler d1 list --json",
      "wrangler d1 create trust-platform-preview",
      "wrangler r2 bucket create trust-platform-preview-files",
      "wrangler r2 bucket create trust-platform-preview-backups",
      "wrangler queues create trust-platform-preview-jobs",
      "wrangler queues create trust-platform-preview-jobs-dlq",
      "wrangler secret put PASSWORD_PEPPER --env preview",
      "wrangler secret put MAIL_API_KEY --env preview",
    ]) {
      expect(run.stdout).toContain(line);
    }
    expect(run.stdout).toContain("What remains:");
    expect(readFileSync("wrangler.toml", "utf8")).toBe(before);
    expect(node(["scripts/provision.mjs", "--env", "staging", "--dry-run"]).status).not.toBe(0);
  });
});

describe("deploy", () => {
  it("applies the migrations after the build and before the deploy, and stops at the first failure", () => {
    expect(deploySteps("production").map((s: { name: string }) => s.name)).toEqual(["typecheck", "build", "migrations", "deploy"]);
    expect(deploySteps("production")[2].args).toEqual(["d1", "migrations", "apply", "DB", "--remote", "--env", "production"]);
    const run = node(["scripts/deploy.mjs", "--env", "production", "--dry-run"]);
    expect(run.status, run.stderr).toBe(0);
    const at = (text: string) => run.stdout.indexOf(text);
    expect(at("npm run typecheck")).toBeGreaterThan(0);
    expect(at("npm run build")).toBeGreaterThan(at("npm run typecheck"));
    expect(at("d1 migrations apply DB --remote --env production")).toBeGreaterThan(at("npm run build"));
    expect(at("npx wrangler deploy --env production")).toBeGreaterThan(at("d1 migrations apply"));
  });

  it("refuses an environment provision has not created", () => {
    const databases = [
      { name: "a", id: PLACEHOLDER_ID },
      { name: "b", id: "8c2f0b9e-1d2c-4e5f-9a0b-1c2d3e4f5a6b" },
    ];
    expect(unprovisioned({ databases })).toEqual(["a"]);
  });
});

describe("preview", () => {
  it("migrates and seeds the preview before uploading the pull request's version under its alias (dry run)", () => {
    const run = spawnSync(process.execPath, ["scripts/preview.mjs", "--pr", "12", "--sha", "abcdef1234", "--dry-run"], {
      encoding: "utf8",
      env: { ...process.env, CLOUDFLARE_API_TOKEN: "", CLOUDFLARE_WORKERS_SUBDOMAIN: "team" },
    });
    expect(run.status, run.stderr).toBe(0);
    const at = (text: string) => run.stdout.indexOf(text);
    expect(at("d1 migrations apply DB --remote --env preview")).toBeGreaterThan(0);
    expect(at("scripts/seed.ts --remote --env preview")).toBeGreaterThan(at("d1 migrations apply"));
    expect(at("versions upload --env preview --preview-alias pr-12")).toBeGreaterThan(at("scripts/seed.ts"));
    expect(run.stdout).toContain("https://pr-12-trust-platform-preview.team.workers.dev");
    expect(run.stdout).toContain("versions deploy <version id>@100% --env preview");
  });
});

describe("restore's checks", () => {
  const schema: SchemaObject[] = [{ type: "table", name: "notes", tbl_name: "notes", sql: "CREATE TABLE notes (id text PRIMARY KEY, body text)" }];

  it("reads the header the dump writes, and refuses a damaged file", async () => {
    const rows = [
      [
        { __rowid: 1, id: "a", body: "line one;\n-- not a comment\nit's" },
        { __rowid: 2, id: "b", body: null },
      ],
    ];
    const dump = await writeDump(planDump(schema), rows, new Date());
    expect(readBackupHeader(dump.sql)).toEqual(readDumpHeader(dump.sql));
    expect(splitStatements(dump.sql).filter((s: string) => s.startsWith("INSERT"))).toHaveLength(2);
    expect(verifyBackupFile(dump.sql, sha256).problems).toEqual([]);
    expect(verifyBackupFile(dump.sql.replace("it''s", "its"), sha256).problems).toEqual(["notes: 2 rows in the file, 2 in its header (checksum differs)"]);
    expect(() => verifyBackupFile("SELECT 1;", sha256)).toThrow(/no backup header/);
  });

  it("names backups by day and compares the restored counts", () => {
    expect(backupKeyFrom("2026-11-28")).toBe("d1/2026-11-28/DB.sql.gz");
    expect(() => backupKeyFrom("yesterday")).toThrow();
    expect(countRowsQuery([{ name: "notes", rows: 2, sha256: "" }])).toBe(`SELECT 'notes' AS name, count(*) AS n FROM "notes"`);
    const many = Array.from({ length: 45 }, (_, i) => ({ name: `t${i}`, rows: 0, sha256: "" }));
    expect(
      countRowsQuery(many)
        .split(";\n")
        .map((q: string) => q.split(" UNION ALL ").length),
    ).toEqual([5, 5, 5, 5, 5, 5, 5, 5, 5]);
    expect(compareCounts([{ name: "notes", rows: 2, sha256: "" }], [{ name: "notes", n: 1 }])).toEqual(["notes: 1 rows restored, 2 backed up"]);
  });
});
