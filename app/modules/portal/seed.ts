import { DEMO } from "~/modules/workspaces/demo-family";
import type { SeedStep } from "~/platform/module-manifest";

const id = (n: number) => `f1c3b5d7-${String(n).padStart(4, "0")}-4c6e-8d2a-5b7e9f100001`;
const POLL_ID = id(1);

/**
 * Sophie's portal in the demo: besides her paid tuition (finance) and the trust shared with her (documents), an open
 * family vote she may take part in. The vote closes two weeks after the seed runs, so the demo always has one open.
 */
export const seed: SeedStep = ({ workspaceId: ws, now, sql: q }) => {
  const { owner, coTrustee, beneficiary, familyMember } = DEMO;
  const closes = now + 14 * 86_400_000;
  const options = (["yes", "no", "abstain"] as const).map((role, position) => ({
    id: id(10 + position),
    role,
    position,
    text: role[0].toUpperCase() + role.slice(1),
  }));
  const voters = [coTrustee.id, beneficiary.id, familyMember.id];
  return {
    statements: [
      `INSERT INTO polls (id, workspace_id, title, description, type, status, closes_at, eligibility, eligible_roles, quorum_percent, hide_results, weighted, anonymous, result, created_by, created_at, closed_at, closed_by, subject_href)
       VALUES (${q(POLL_ID)}, ${q(ws)}, ${q("Replace the Cedar Crest roof before winter?")}, ${q("Two bids are in the documents; the lower one is $38,400. A yes asks the trustees to sign it.")},
               'yes_no', 'open', ${closes}, 'people', NULL, 50, 0, 0, 0, NULL, ${q(owner.id)}, ${now}, NULL, NULL, NULL) ON CONFLICT(id) DO NOTHING;`,
      ...options.map(
        (o) =>
          `INSERT INTO poll_options (id, poll_id, workspace_id, position, text, role) VALUES (${q(o.id)}, ${q(POLL_ID)}, ${q(ws)}, ${o.position}, ${q(o.text)}, ${q(o.role)}) ON CONFLICT(id) DO NOTHING;`,
      ),
      ...voters.map(
        (userId) =>
          `INSERT INTO poll_voters (poll_id, user_id, workspace_id, weight) VALUES (${q(POLL_ID)}, ${q(userId)}, ${q(ws)}, 1) ON CONFLICT DO NOTHING;`,
      ),
    ],
    summary: "an open family vote for the beneficiary portal",
  };
};
