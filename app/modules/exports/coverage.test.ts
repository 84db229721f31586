import { describe, expect, it } from "vitest";
import { SERVER_MODULES } from "~/modules/registry.server";
import { workspaceScopedTables } from "~/modules/workspaces/lifecycle/purge.server";

/**
 * The tables a workspace export leaves out on purpose, and why. Documents (with their versions and analyses) and the
 * audit log are written by the export itself; everything else of the workspace must be in some domain's
 * `exportData`, so a new table is either exported or named here with its reason.
 */
const NOT_EXPORTED: Record<string, string> = {
  meeting_recording_chunks: "a recording's bytes in transit; the finished recording is a document",
  documents: "written by the export itself, a folder per document",
  document_versions: "written by the export itself, with each version's file",
  document_analyses: "written by the export itself, next to each document",
  document_texts: "text read out of the files, which are exported",
  document_version_texts: "text read out of the files, which are exported",
  document_access: "each person's recently-opened list",
  memberships: "the members are in workspace.json",
  invitations: "pending invitations hold one-time links",
  workspace_exports: "the exports themselves",
  ownership_transfers: "an offer in progress",
  ai_usage: "counts of calls to the assistant",
  mail_outbox: "the platform's delivery queue",
  notifications: "each person's inbox",
  held_texts: "a notice's text waiting for the end of someone's quiet hours, then sent (its copy is in sms_messages)",
  email_digest_items: "notification e-mails waiting for a person's digest; the notifications themselves are exported",
  problem_reports: "a person's report to the platform's operators about the product, not a record of the trust",
};

describe("workspace export coverage", () => {
  const exported = SERVER_MODULES.flatMap((m) => m.exportData?.tables ?? []);

  it("exports or names every table that holds a workspace's rows", () => {
    const covered = new Set(exported.map((t) => t.table));
    const missing = workspaceScopedTables().filter((name) => !covered.has(name) && !(name in NOT_EXPORTED));
    expect(missing).toEqual([]);
  });

  it("gives each table one file of its own", () => {
    const paths = exported.map((t) => t.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const path of paths) expect(path).toMatch(/^[a-z]+\/[a-z-]+\.json$/);
  });

  it("names no table that does not exist", () => {
    const tables = new Set(workspaceScopedTables());
    expect(Object.keys(NOT_EXPORTED).filter((name) => !tables.has(name))).toEqual([]);
  });
});
