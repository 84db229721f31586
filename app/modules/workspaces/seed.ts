import type { SeedStep } from "~/platform/module-manifest";
import { DEMO, DEMO_WORKSPACE_NAME } from "./demo-family";

/** The workspace, its five members (one demo password, hashed by the seed script) and their beneficial interests. */
export const seed: SeedStep = ({ workspaceId, members, now, sql: q, passwordHash }) => {
  const statements = [
    `INSERT INTO workspaces (id, name, jurisdiction, plan, trial_ends_at, created_by, created_at)
     VALUES (${q(workspaceId)}, ${q(DEMO_WORKSPACE_NAME)}, 'California, USA', 'trial', ${now + 30 * 86400000}, NULL, ${now})
     ON CONFLICT(id) DO NOTHING;`,
  ];
  for (const [index, m] of members.entries()) {
    const [first, ...rest] = m.name.split(" ");
    statements.push(
      `INSERT INTO users (id, email, username, name, first_name, last_name, phone, profile_image_url, password_hash, email_verified_at, created_at, updated_at)
       VALUES (${q(m.id)}, ${q(m.email)}, ${q(m.username)}, ${q(m.name)}, ${q(first)}, ${q(rest.join(" "))}, ${q(m.phone)}, NULL, ${q(passwordHash)}, ${now}, ${now}, ${now})
       ON CONFLICT(id) DO UPDATE SET password_hash = excluded.password_hash;`,
      `INSERT INTO memberships (id, workspace_id, user_id, role, created_at)
       VALUES (${q(m.id.replace("a1f4c2e0", "b2e5d3f1"))}, ${q(workspaceId)}, ${q(m.id)}, ${q(m.role)}, ${now + index})
       ON CONFLICT(workspace_id, user_id) DO NOTHING;`,
    );
  }
  statements.push(`UPDATE workspaces SET created_by = ${q(DEMO.owner.id)} WHERE id = ${q(workspaceId)};`);
  // Beneficial interests, which weigh weighted votes: James and Daniel 40% each, Sophie 20%.
  for (const [member, share] of [
    [DEMO.coTrustee, 4000],
    [DEMO.familyMember, 4000],
    [DEMO.beneficiary, 2000],
  ] as const) {
    statements.push(
      `UPDATE memberships SET beneficial_share_bp = ${share} WHERE workspace_id = ${q(workspaceId)} AND user_id = ${q(member.id)} AND beneficial_share_bp IS NULL;`,
    );
  }
  return { statements, summary: `${members.length} members` };
};
