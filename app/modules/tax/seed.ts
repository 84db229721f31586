import { DEMO } from "~/modules/workspaces/demo-family";
import type { SeedStep } from "~/platform/module-manifest";

/**
 * The Hartwell trust's tax profile (a non-grantor trust on the calendar year, filing in California) and its 2026
 * calendar with the first three estimated payments marked done; the third is the September payment on the statement.
 */
export const seed: SeedStep = ({ workspaceId: ws, now, sql: q }) => {
  const { coTrustee } = DEMO;
  const done = [
    ["1041-ES-2026-1", "2026-04-14", "Paid through EFTPS"],
    ["1041-ES-2026-2", "2026-06-12", "Paid through EFTPS"],
    ["1041-ES-2026-3", "2026-09-15", "Paid by ACH on the September statement"],
  ] as const;
  return {
    statements: [
      `INSERT INTO tax_profiles (workspace_id, grantor, ein, tax_year_end_month, states, january_estimate_skipped, updated_by, updated_at)
       VALUES (${q(ws)}, 0, '94-3187265', 12, '["CA"]', 0, ${q(DEMO.owner.id)}, ${now}) ON CONFLICT(workspace_id) DO NOTHING;`,
      ...done.map(
        ([key, on, note]) =>
          `INSERT INTO tax_calendar_done (workspace_id, item_key, done_by, done_at, note)
           VALUES (${q(ws)}, ${q(key)}, ${q(coTrustee.id)}, ${Date.parse(`${on}T17:00:00Z`)}, ${q(note)}) ON CONFLICT DO NOTHING;`,
      ),
    ],
    summary: "a tax profile and the 2026 tax calendar",
  };
};
