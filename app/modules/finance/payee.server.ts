import { and, eq, inArray } from "drizzle-orm";
import { users } from "~/modules/auth/schema";
import { matchesName } from "~/modules/compliance/ethics/names";
import { trusteeDisclosures } from "~/modules/compliance/schema";
import type { Db } from "~/platform/db.server";

/**
 * Who a distribution is paid to, against a person of the workspace: the self-dealing rule (a trustee never
 * approves or pays a distribution to herself) must hold whether the request names her by her account or in free
 * text, as someone without a login would be named.
 */
export interface Payee {
  beneficiaryUserId: string | null;
  beneficiaryName: string;
}

/** A member as a payee may name her: her display name, the other names she disclosed in the conflicts register, her e-mail. */
export interface NamedPerson {
  userId: string;
  name: string;
  email: string;
  aliases: string[];
}

/**
 * Whether free text names this person. Names are compared as the conflicts register compares a bank's payee
 * (compliance/ethics/names.ts): case, accents, punctuation, spacing, honorifics and suffixes aside, in either order,
 * with a nickname or a middle name ("eleanor hartwell ", "Hartwell, Éleanor", "Mrs Ellie Hartwell" all name
 * Eleanor Hartwell); a shared surname alone does not. Her e-mail address anywhere in the text names her too.
 */
export function namesPerson(text: string, person: NamedPerson): boolean {
  const email = person.email.trim().toLowerCase();
  if (email && text.normalize("NFKC").toLowerCase().replace(/\s+/g, "").includes(email)) return true;
  return [person.name, ...person.aliases].some((name) => name.trim() !== "" && matchesName(text, name).match);
}

/**
 * Whether the distribution is paid to this person. A member chosen by her account is that member and no other
 * (her name is copied from her account); a payee in free text is whoever the text names.
 */
export function paidTo(d: Payee, person: NamedPerson): boolean {
  if (d.beneficiaryUserId) return d.beneficiaryUserId === person.userId;
  return namesPerson(d.beneficiaryName, person);
}

/** These members of the workspace with the names a payee may call them by. */
export async function namedPeople(db: Db, workspaceId: string, userIds: string[]): Promise<NamedPerson[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({ userId: users.id, name: users.name, email: users.email, aliases: trusteeDisclosures.aliases })
    .from(users)
    .leftJoin(trusteeDisclosures, and(eq(trusteeDisclosures.userId, users.id), eq(trusteeDisclosures.workspaceId, workspaceId)))
    .where(inArray(users.id, [...new Set(userIds)]));
  return rows.map((row) => ({ userId: row.userId, name: row.name, email: row.email, aliases: row.aliases ?? [] }));
}
