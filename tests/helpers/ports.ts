import { createServer } from "node:net";

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

/**
 * A loopback port nobody listens on right now, for another Worker a test starts. Chosen below the
 * kernel's ephemeral range (32768+): a port the kernel handed out could be handed out again to one
 * of wrangler's own sockets before the new Worker binds it ("Address already in use").
 */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    if (await canListen(port)) return port;
  }
}
