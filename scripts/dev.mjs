// npm run dev: vite build --watch plus wrangler dev on the built Worker, so rooms (Durable Objects) work.
import { spawn } from "node:child_process";
import { build, ensureDevVars, migrate, npxBin, offlineEnv, seed, startServer, stopOnSignals } from "./lib.mjs";

ensureDevVars();
build();
migrate();
seed();
const watcher = spawn(npxBin("remix"), ["vite:build", "--watch"], { stdio: "inherit", env: offlineEnv });
const { url, child } = await startServer({ port: Number(process.env.PORT ?? 8787), inherit: true });
console.log(`\n  Development server at ${url} (rebuilds on change; reload the page)\n`);
stopOnSignals(child, () => watcher.kill());
