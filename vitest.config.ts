import tsconfigPaths from "vite-tsconfig-paths";
import { defineConfig } from "vitest/config";

export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
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
          // One wrangler dev serves every worker test; the load tests (hundreds of ballots) must not
          // share it with other files' requests, or its local proxy drops some (503).
          fileParallelism: false,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
