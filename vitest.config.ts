import tsconfigPaths from "vite-tsconfig-paths";
import { defineConfig } from "vitest/config";

export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    // Two files at a time: the worker tests wait on the network far more than they compute. Each of the two pool slots
    // has a wrangler dev of its own (tests/worker/global-setup.ts, tests/helpers/test-server.ts), so the load tests'
    // hundreds of ballots never share a server, or its local proxy, with another file's requests.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: { name: "unit", include: ["app/**/*.test.ts", "party/**/*.test.ts", "scripts/**/*.test.ts"], environment: "node" },
      },
      {
        extends: true,
        test: {
          name: "worker",
          include: ["tests/worker/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/worker/global-setup.ts"],
          setupFiles: ["tests/worker/setup-http.ts"],
          // Long scenarios (many requests and `sql` calls, each a wrangler process) on a loaded 2-core machine.
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
