import type { Role } from "~/modules/workspaces/schema";
import type { CurrentSession } from "./session.server";

/** The user object of GET /api/auth/user, login and registration; kept in browser storage under `user`. */
export interface PublicUser {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  name: string;
  username: string;
  phone: string | null;
  profileImageUrl: string | null;
  emailVerified: boolean;
  workspace: { id: string; name: string; jurisdiction: string; role: Role } | null;
  role: Role | null;
}

export function toPublicUser(session: Pick<CurrentSession, "user" | "workspace">): PublicUser {
  const { user, workspace } = session;
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    name: user.name,
    username: user.username,
    phone: user.phone,
    profileImageUrl: user.profileImageUrl,
    emailVerified: Boolean(user.emailVerifiedAt),
    workspace: workspace ? { id: workspace.id, name: workspace.name, jurisdiction: workspace.jurisdiction, role: workspace.role } : null,
    role: workspace?.role ?? null,
  };
}

export function splitName(name: string): { firstName: string; lastName: string | null } {
  const [first, ...rest] = name.trim().split(/\s+/);
  return { firstName: first, lastName: rest.length ? rest.join(" ") : null };
}
