import { readFileSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { fingerprint } from "./fingerprint";
import { type RawSourceMap, sourcePath, StackMapper } from "./sourcemap";

// A real build: fixtures/sample-source.ts bundled and minified by esbuild, with its source map (fixtures/README). Run
// in a plain Node process: inside Vitest, its own stack handling would change the frames.
const built = fileURLToPath(new URL("./fixtures/sample-built.js", import.meta.url));
const RUN = `
  const code = require("node:fs").readFileSync(${JSON.stringify(built)}, "utf8");
  require("node:vm").runInThisContext(code, { filename: "/srv/app/modules/ops/fixtures/sample-built.js" });
  try { sample.handler(""); } catch (e) { process.stdout.write(e.stack); }
`;
const map = JSON.parse(readFileSync(new URL("./fixtures/sample-built.js.map", import.meta.url), "utf8")) as RawSourceMap;
// As the build writes it (scripts/server-sourcemaps.ts): sources relative to the repository.
const rebased = { ...map, sources: ["app/modules/ops/fixtures/sample-source.ts"] };

/** The stack of the built code's error, thrown in a plain Node process (the file defines the global `sample`). */
function thrown(): string {
  return execFileSync(process.execPath, ["-e", RUN], { encoding: "utf8" });
}

describe("StackMapper", () => {
  it("maps the frames of a minified build to the source's file, line and column", () => {
    const stack = thrown();
    expect(stack).toMatch(/sample-built\.js:1:\d+/);
    const mapped = new StackMapper({ "app/modules/ops/fixtures/sample-built.js": rebased }).map(stack);
    const lines = mapped.split("\n");
    expect(lines[0]).toBe("Error: no trust");
    // The throw (line 4 of the source) and its caller (line 10), named as the frames named them.
    expect(lines[1]).toMatch(/^ {4}at [\w.]+ \(app\/modules\/ops\/fixtures\/sample-source\.ts:4:11\)$/);
    expect(lines[2]).toMatch(/^ {4}at [\w.]+ \(app\/modules\/ops\/fixtures\/sample-source\.ts:10:10\)$/);
    // Frames of other files (vitest's own) are left as they were.
    expect(lines.slice(3).join("\n")).toBe(stack.split("\n").slice(3).join("\n"));
  });

  it("matches a frame's file by suffix, whatever scheme or directory the runtime puts before it", () => {
    const mapper = new StackMapper({ "generated/server/index.js": rebased });
    expect(mapper.mapLine("    at t (file:///srv/worker/generated/server/index.js:1:515)")).toBe("    at t (app/modules/ops/fixtures/sample-source.ts:4:11)");
    expect(mapper.mapLine("    at generated/server/index.js:1:515")).toBe("    at app/modules/ops/fixtures/sample-source.ts:4:11");
    expect(mapper.mapLine("t@https://x.example/generated/server/index.js:1:515")).toBe("t@app/modules/ops/fixtures/sample-source.ts:4:11");
    // Not ours, or not covered: unchanged.
    expect(mapper.mapLine("    at f (other.js:1:30)")).toBe("    at f (other.js:1:30)");
    expect(mapper.mapLine("    at t (generated/server/index.js:9:1)")).toBe("    at t (generated/server/index.js:9:1)");
  });

  it("keeps a group stable across builds: the fingerprint follows the source, not the bundle", async () => {
    const mapper = new StackMapper({ "index.js": rebased });
    const a = mapper.map("Error: no trust\n    at t (index.js:1:515)\n    at n (index.js:1:567)");
    const b = mapper.map("Error: no trust\n    at t (index.js:1:515)\n    at n (index.js:1:567)\n    at x (node_modules/lib/index.js:3:3)");
    expect(await fingerprint("Error", "no trust", a)).toBe(await fingerprint("Error", "no trust", b));
  });

  it("names our own sources by their path from the repository, others as given", () => {
    expect(sourcePath("../../app/routes/home.tsx")).toBe("app/routes/home.tsx");
    expect(sourcePath("/repo/party/user-room.ts")).toBe("party/user-room.ts");
    expect(sourcePath("../../node_modules/react-dom/server.js")).toBe("../../node_modules/react-dom/server.js");
  });
});
