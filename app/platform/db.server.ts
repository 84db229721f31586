import { drizzle } from "drizzle-orm/d1";
import * as audit from "~/modules/audit/schema";
import * as auth from "~/modules/auth/schema";
import * as compliance from "~/modules/compliance/schema";
import * as documents from "~/modules/documents/schema";
import * as mail from "~/modules/mail/schema";
import * as workspaces from "~/modules/workspaces/schema";

export const schema = { ...auth, ...workspaces, ...audit, ...mail, ...documents, ...compliance };

const newDb = (d1: D1Database) => drizzle(d1, { schema });
export type Db = ReturnType<typeof newDb>;

/** drizzle works out the schema's relations for every instance: one instance per binding, not per request. */
const instances = new WeakMap<D1Database, Db>();

export function createDb(d1: D1Database): Db {
  let db = instances.get(d1);
  if (!db) {
    db = newDb(d1);
    instances.set(d1, db);
  }
  return db;
}
