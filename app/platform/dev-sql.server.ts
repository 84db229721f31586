import { timingSafeEqual } from "./crypto.server";
import { devToolsEnabled, type AppConfig } from "./env.server";

export const DEV_SQL_PATH = "/__dev/sql";

/**
 * POST /__dev/sql: the worker tests' SQL on this server's own D1 (tests/helpers/workspace.ts `sql()`). Answered only
 * with the development tools on, on loopback, and with the run's random DEV_SQL_TOKEN as a bearer token; otherwise
 * null, and the request goes on as any other (a 404 page). Through the Worker, the test's SQL shares the runtime's
 * one connection: a second runtime opening the same SQLite file got "database is locked" (SQLITE_BUSY), and
 * `wrangler d1 execute` cost a 2–3 s process a query.
 */
export async function handleDevSql(request: Request, config: AppConfig, db: D1Database): Promise<Response | null> {
  const url = new URL(request.url);
  if (url.pathname !== DEV_SQL_PATH || request.method !== "POST") return null;
  if (!config.DEV_SQL_TOKEN || !devToolsEnabled(config, url)) return null;
  if (!(await sameSecret(request.headers.get("Authorization") ?? "", `Bearer ${config.DEV_SQL_TOKEN}`))) return null;
  const query = await request.text();
  try {
    let rows: unknown[] = [];
    try {
      rows = (await db.prepare(query).all()).results;
    } catch (error) {
      // A script of several statements (a fixture's inserts) runs as one, with no rows to return.
      if (!/multiple|more than one/i.test(String(error))) throw error;
      await db.exec(query);
    }
    return Response.json(rows);
  } catch (error) {
    return new Response(String(error), { status: 400, headers: { "Content-Type": "text/plain" } });
  }
}

/** Compares digests with the house's constant-time comparison, so the time taken says nothing of the key. */
async function sameSecret(given: string, expected: string) {
  const digest = async (text: string) => new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  return timingSafeEqual(await digest(given), await digest(expected));
}
