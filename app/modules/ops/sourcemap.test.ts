import { readFileSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { fingerprint } from "./fingerprint";
import { mapBrowserStack, mapStack, provideClientSourceMaps, provideSourceMaps, type RawSourceMap, sourcePath, StackMapper } from "./sourcemap";

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
function thrown(filename = "/srv/app/modules/ops/fixtures/sample-built.js"): string {
  return execFileSync(process.execPath, ["-e", RUN.replace(JSON.stringify("/srv/app/modules/ops/fixtures/sample-built.js"), JSON.stringify(filename))], {
    encoding: "utf8",
  });
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

describe("browser stacks", () => {
  const origin = "https://app.example";
  // The same fixture as a client chunk: V8 runs it under the address the browser loaded it from.
  const asset = `${origin}/assets/sample-B2x9Qk1a.js`;
  const maps = { "assets/sample-B2x9Qk1a.js": rebased };

  it("maps a minified frame to the source, named by the caller's call site, and leaves the rest as it was", () => {
    const stack = thrown(asset);
    // The minifier's names, as a browser reports them.
    expect(stack.split("\n").slice(1, 3)).toEqual([`    at u (${asset}:1:515)`, `    at Object.h (${asset}:1:567)`]);
    const lines = new StackMapper(maps).map(stack, { origin }).split("\n");
    // The thrower is named by its caller's call (`loadTrust(id)`); the outer frame's caller is not ours: no name.
    expect(lines[1]).toBe("    at loadTrust (app/modules/ops/fixtures/sample-source.ts:4:11)");
    expect(lines[2]).toBe("    at app/modules/ops/fixtures/sample-source.ts:10:10");
    expect(lines.slice(3).join("\n")).toBe(stack.split("\n").slice(3).join("\n"));
  });

  it("maps Firefox's and Safari's frames, and only the app's own assets of the report's origin", () => {
    const mapper = new StackMapper(maps);
    const firefox = [`u@${asset}:1:515`, `h@${asset}:1:567`].join("\n");
    expect(mapper.map(firefox, { origin })).toBe(
      ["loadTrust@app/modules/ops/fixtures/sample-source.ts:4:11", "@app/modules/ops/fixtures/sample-source.ts:10:10"].join("\n"),
    );
    // Another origin's file of the same name, a file outside /assets/, a chunk without a map, a position not ours.
    for (const line of [
      `    at u (https://cdn.example/assets/sample-B2x9Qk1a.js:1:515)`,
      `    at u (${origin}/vendor/assets/sample-B2x9Qk1a.js:1:515)`,
      `    at u (${origin}/assets/components-Dx81kLm2.js:1:515)`,
      `    at u (${asset}:1:20)`,
    ]) {
      expect(mapper.map(line, { origin })).toBe(line);
    }
    // A real two-character name (the server build keeps its names) is never replaced without { origin }.
    expect(new StackMapper({ "index.js": rebased }).mapLine("    at Xe (index.js:1:515)")).toBe("    at Xe (app/modules/ops/fixtures/sample-source.ts:4:11)");
  });

  it("groups the same error of two builds together: other hashes, positions and minified names", async () => {
    // Build B: the same code a line further down (a different chunk before it), under another hash and other names.
    const other = { ...rebased, mappings: `;${rebased.mappings}` };
    const mapper = new StackMapper({ ...maps, "assets/sample-Qq7Lm0Zx.js": other });
    const a = mapper.map(
      [`Error: no trust`, `    at u (${asset}:1:515)`, `    at Object.h (${asset}:1:567)`, `    at Nr (${origin}/assets/components-AAAAAAAA.js:1:99)`].join(
        "\n",
      ),
      { origin },
    );
    const b = mapper.map(
      [
        `Error: no trust`,
        `    at Ke (${origin}/assets/sample-Qq7Lm0Zx.js:2:515)`,
        `    at Object.Yt (${origin}/assets/sample-Qq7Lm0Zx.js:2:567)`,
        `    at Qo (${origin}/assets/components-BBBBBBBB.js:1:4120)`,
      ].join("\n"),
      { origin },
    );
    expect(a.split("\n").slice(0, 3)).toEqual(b.split("\n").slice(0, 3));
    // The libraries' frames left in their bundles (minified, other names in each build) do not split the group.
    expect(await fingerprint("Error", "no trust", a)).toBe(await fingerprint("Error", "no trust", b));
  });

  it("reads the client build's maps only when a report's stack has a frame of the app's own assets", async () => {
    let loads = 0;
    provideClientSourceMaps(async () => {
      loads++;
      return maps;
    });
    expect(await mapBrowserStack("Error\n    at f (https://extension.example/x.js:1:2)", origin)).toBe("Error\n    at f (https://extension.example/x.js:1:2)");
    expect(await mapBrowserStack(null, origin)).toBeNull();
    expect(loads).toBe(0);
    expect(await mapBrowserStack(`Error: no trust\n    at u (${asset}:1:515)`, origin)).toBe(
      "Error: no trust\n    at app/modules/ops/fixtures/sample-source.ts:4:11",
    );
    await mapBrowserStack(`Error: no trust\n    at u (${asset}:1:515)`, origin);
    expect(loads).toBe(1);
  });

  it("loads the maps once for errors that arrive together, each waiting on its own timers for the first load", async () => {
    let loads = 0;
    provideSourceMaps(async () => {
      loads++;
      await new Promise((resolve) => setTimeout(resolve, 120));
      return { "generated/server/index.js": rebased };
    });
    const stack = "Error: no trust\n    at t (generated/server/index.js:1:515)";
    const mapped = await Promise.all(Array.from({ length: 5 }, () => mapStack(stack)));
    expect(loads).toBe(1);
    expect(new Set(mapped)).toEqual(new Set(["Error: no trust\n    at t (app/modules/ops/fixtures/sample-source.ts:4:11)"]));
  });
});
