// Runs in a worker thread (synckit), so the tests' `sql()` stays synchronous: one POST to the test server's
// /__dev/sql (app/platform/dev-sql.server.ts), its key taken from the address's fragment.
import { runAsWorker } from "synckit";
import { freshConnectionPerRequest } from "./fresh-connections.mjs";

const PROXY_RESTARTED = "Your worker restarted mid-request.";

// This thread's fetch is its own: it opens a connection per request too, as the tests' does.
const ready = freshConnectionPerRequest();

runAsWorker(async (address, query) => {
  await ready;
  const url = new globalThis.URL(address);
  const token = url.hash.slice(1);
  url.hash = "";
  for (let attempt = 0; ; attempt++) {
    const response = await globalThis.fetch(url, { method: "POST", body: query, headers: { Authorization: `Bearer ${token}` } });
    const text = await response.text();
    // wrangler's local proxy, never the Worker, says this when its runtime was paused mid-request (tests/helpers/client.ts).
    if (response.status === 503 && text.startsWith(PROXY_RESTARTED) && attempt < 2) continue;
    if (!response.ok) throw new Error(`${response.status} ${text}`);
    return JSON.parse(text);
  }
});
