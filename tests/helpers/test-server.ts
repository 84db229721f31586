import { inject } from "vitest";

/** One of the servers the worker tests run against (tests/worker/global-setup.ts). */
export interface TestServer {
  baseUrl: string;
  /** Its D1 and R2 on disk, for the tests that open them directly. */
  persistTo: string;
  /** Its stand-in for Cloudflare Realtime (SFU sessions, TURN credentials). */
  realtimeUrl: string;
  /** Its stand-in for Sentry's ingestion endpoint. */
  sentryUrl: string;
  /** Its SQL endpoint, the key in the fragment (tests/helpers/sql-worker.mjs). */
  sqlUrl: string;
}

declare module "vitest" {
  export interface ProvidedContext {
    servers: TestServer[];
  }
}

/**
 * The server this test file runs against. Vitest runs two files at a time, each in a pool slot (VITEST_POOL_ID 1 or 2),
 * and each slot has a server and database of its own, so no two files ever share a server at the same moment: the load
 * tests' hundreds of requests never meet another file's, and no file sees another's writes half done.
 */
export function testServer(): TestServer {
  const servers = inject("servers");
  const slot = Number(process.env.VITEST_POOL_ID ?? "1");
  return servers[(slot - 1) % servers.length]!;
}
