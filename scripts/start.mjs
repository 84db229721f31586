// npm start: build, migrate local D1, seed the demo workspace, print the demo sign-in, serve on :8787.
import { build, DEMO, ensureDevVars, migrate, seed, startServer, stopOnSignals } from "./lib.mjs";

ensureDevVars();
build();
migrate();
seed();
const { url, child } = await startServer({ port: Number(process.env.PORT ?? 8787), inherit: true });
console.log(`
  Legal Document Platform is running at ${url}
  Demo sign-in (owner of "The Hartwell Family Trust"):
    e-mail:   ${DEMO.email}
    password: ${DEMO.password}
  Other demo members use the same password: james@hartwell.example (co-trustee),
  sophie@hartwell.example (beneficiary), margaret.chen@chenlaw.example (legal professional),
  daniel@hartwell.example (family member). Mail sent locally: ${url}/dev/outbox
`);
stopOnSignals(child);
