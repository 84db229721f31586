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

/**
 * A query built once per binding and kept, for the hottest reads (the session lookup on every request): drizzle
 * otherwise rebuilds the SQL text from its query tree each time, which cost more CPU than the read itself.
 * `build` must use `sql.placeholder` for everything that varies.
 */
const preparedQueries = new WeakMap<Db, Map<string, unknown>>();

export function prepared<T>(db: Db, name: string, build: (db: Db) => T): T {
  let byName = preparedQueries.get(db);
  if (!byName) preparedQueries.set(db, (byName = new Map()));
  let query = byName.get(name) as T | undefined;
  if (query === undefined) {
    query = build(db);
    byName.set(name, query);
  }
  return query;
}
