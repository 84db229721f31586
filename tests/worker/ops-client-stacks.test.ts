// Browsers' stacks are mapped with the client build's source maps (ADR 0031, amended): a real frame of the built app,
// sent to POST /api/errors, is stored as the source file and line it came from. Needs `npm run build` first (the
// frames are read from build/client, the Worker's maps from workers/generated/client-maps.js of the same build).
import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { testServer } from "../helpers/test-server";
import { Client } from "../helpers/client";
import { sql } from "../helpers/workspace";

const baseUrl = testServer().baseUrl;
const sqlUrl = testServer().sqlUrl;

const SOURCE = "app/routes/_app.tsx";
const THROW = 'throw new Error("useSignedInUser is for pages under the signed-in layout")';

/** The built asset holding the throw, and the line and column of its `new Error(` (where V8 puts the frame). */
function builtFrame() {
  const dir = "build/client/assets";
  const literal = THROW.slice("throw ".length);
  const file = readdirSync(dir).find((f) => f.endsWith(".js") && readFileSync(join(dir, f), "utf8").includes(literal));
  if (!file) throw new Error(`No built asset holds ${literal}: run npm run build first`);
  const before = readFileSync(join(dir, file), "utf8")
    .slice(0, readFileSync(join(dir, file), "utf8").indexOf(literal))
    .split("\n");
  return { asset: `assets/${file}`, line: before.length, column: before.at(-1)!.length + 1 };
}

async function storedStack(stack: string) {
  const word = randomBytes(4).toString("hex").replace(/\d/g, "x");
  const response = await new Client(baseUrl).postJson(
    "/api/errors",
    { message: `${word} useSignedInUser outside its layout`, stack },
    { "X-Error-Session": randomBytes(12).toString("hex") },
  );
  expect(response.status).toBe(202);
  // The group's message is its latest occurrence's: the same error from another browser joins the same group.
  const rows = sql(
    sqlUrl,
    `SELECT e.stack FROM error_events e JOIN error_groups g ON g.id = e.group_id WHERE g.message LIKE '%${word}%' ORDER BY e.created_at DESC LIMIT 1`,
  ) as { stack: string }[];
  expect(rows).toHaveLength(1);
  return rows[0]!.stack;
}

describe("POST /api/errors with a built client's stack", () => {
  it("stores the app's own frames as the source file and line, and other origins' frames as they came", async () => {
    const { asset, line, column } = builtFrame();
    const sourceLine =
      readFileSync(SOURCE, "utf8")
        .split("\n")
        .findIndex((l) => l.includes(THROW)) + 1;
    expect(sourceLine).toBeGreaterThan(0);
    const foreign = `    at Xe (https://cdn.example/${asset}:${line}:${column})`;
    const stack = await storedStack(
      ["Error: useSignedInUser is for pages under the signed-in layout", `    at Xe (${baseUrl}/${asset}:${line}:${column})`, foreign].join("\n"),
    );
    const [, own, other] = stack.split("\n");
    expect(own).toMatch(new RegExp(`^ {4}at ${SOURCE.replace(/\./g, "\\.")}:${sourceLine}:\\d+$`));
    expect(other).toBe(foreign);
  });

  it("maps Firefox's and Safari's frames too", async () => {
    const { asset, line, column } = builtFrame();
    const stack = await storedStack(`Xe@${baseUrl}/${asset}:${line}:${column}`);
    expect(stack).toMatch(new RegExp(`^@${SOURCE.replace(/\./g, "\\.")}:\\d+:\\d+$`));
  });
});
