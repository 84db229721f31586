import { drizzle } from "drizzle-orm/d1";
import * as audit from "~/modules/audit/schema";
import * as auth from "~/modules/auth/schema";
import * as compliance from "~/modules/compliance/schema";
import * as documents from "~/modules/documents/schema";
import * as mail from "~/modules/mail/schema";
import * as workspaces from "~/modules/workspaces/schema";

export const schema = { ...auth, ...workspaces, ...audit, ...mail, ...documents, ...compliance };

export function createDb(d1: D1Database) {
  return drizzle(d1, { schema });
}

export type Db = ReturnType<typeof createDb>;
