// The tests' HTTP requests each open a connection of their own. wrangler's local proxy closes a kept-alive
// connection after 5 s idle (kj's pipelineTimeout) without saying so in a Keep-Alive header, and Node's fetch keeps
// one for 4 s on a timer that may fire a second late: a request sent on it then fails with "other side closed"
// though the server never saw it. Loopback connections are cheap; flaky tests are not.
import { createServer } from "node:http";
import { Agent, setGlobalDispatcher } from "undici";

/** Makes this thread's fetch open a connection per request, and proves it does. */
export async function freshConnectionPerRequest() {
  setGlobalDispatcher(new Agent({ pipelining: 0 }));
  await proveFetchTakesTheDispatcher();
}

/**
 * Node's fetch reads its dispatcher from a global slot named after its own undici's major version: an undici package
 * of another major sets a slot Node never reads, silently (Node 26 bundles undici 8, and the tests' undici 6 did just
 * that). Two requests to a loopback server must arrive on two connections.
 */
async function proveFetchTakesTheDispatcher() {
  let connections = 0;
  const server = createServer((_request, response) => response.end("ok"));
  server.on("connection", () => connections++);
  await new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(undefined)));
  try {
    const { port } = /** @type {import("node:net").AddressInfo} */ (server.address());
    for (let i = 0; i < 2; i++) await (await globalThis.fetch(`http://127.0.0.1:${port}/`)).text();
  } finally {
    server.closeAllConnections();
    server.close();
  }
  if (connections !== 2)
    throw new Error(
      `Node's fetch (undici ${globalThis.process.versions.undici}) kept a connection alive: it does not use the dispatcher set by the undici package in node_modules; give that package Node's major version`,
    );
}
