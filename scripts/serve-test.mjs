// The server the browser tests use: the built Worker on a fresh database with the demo workspace.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ensureDevVars, migrate, seed, startServer } from "./lib.mjs";

const port = Number(process.argv[2] ?? 8790);
ensureDevVars();
const persistTo = mkdtempSync(join(tmpdir(), "e2e-"));
migrate(persistTo);
seed(persistTo);
// Not detached: whoever stops this script's process group (Playwright does) stops wrangler and workerd too.
const { child, stop } = await startServer({ port, persistTo, detached: false });
const shutdown = async () => {
  await stop();
  rmSync(persistTo, { recursive: true, force: true });
  process.exit(0);
};
process.on("SIGINT", shutdown);
process.on("SIGTERM", shutdown);
child.on("exit", () => process.exit(1));
