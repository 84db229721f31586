import { describe, expect, it } from "vitest";
import { fingerprint, fingerprintSource, normaliseMessage, ownFrames } from "./fingerprint";
import { routeOnly, scrub } from "./scrub";

describe("scrub", () => {
  it("removes e-mails, tokens, passwords and quoted document text", () => {
    expect(scrub("Failed for eleanor@hartwell.example", 500)).toBe("Failed for [email]");
    expect(scrub("password=hunter2 and token: abc", 500)).toBe("password=[redacted] and token: [redacted]");
    expect(scrub("Authorization failed: Bearer abc.def", 500)).toContain("Bearer [token]");
    expect(scrub("key 0123456789abcdef0123456789abcdef01 leaked", 500)).toBe("key [token] leaked");
    expect(scrub('Cannot parse "The trustee shall distribute the income quarterly to"', 500)).toBe('Cannot parse "[text]"');
    expect(scrub("GET https://x.example/reset?token=secret failed", 500)).toBe("GET https://x.example/reset failed");
    expect(scrub("call +1 555 010 0100 now", 500)).toBe("call [number] now");
  });

  it("keeps ordinary messages and caps the length", () => {
    expect(scrub("Cannot read properties of undefined (reading 'id')", 500)).toBe("Cannot read properties of undefined (reading 'id')");
    expect(scrub("x".repeat(20) + " y".repeat(600), 100)).toHaveLength(100);
  });

  it("keeps only the path of a route", () => {
    expect(routeOnly("https://a.example/documents/1?token=abc#x")).toBe("/documents/1");
    expect(routeOnly("/reset-password?token=abc")).toBe("/reset-password");
  });
});

describe("fingerprint", () => {
  const stack = (hash: string, line: number) =>
    `TypeError: x is undefined\n    at render (https://a.example/assets/root-${hash}.js:1:${line})\n    at https://a.example/assets/vendor-${hash}.js:2:3\n    at chrome-extension://abc/x.js:1:1`;

  it("groups the same frames across releases (hash, line and column ignored)", async () => {
    expect(ownFrames(stack("B2x9Qk1a", 10))).toEqual(["render@root.js", "?@vendor.js"]);
    expect(await fingerprint("TypeError", "x is undefined", stack("B2x9Qk1a", 10))).toBe(await fingerprint("TypeError", "other words", stack("Zz81kkQ_", 99)));
  });

  it("groups a mapped browser stack by its source frames alone: the libraries' frames left in bundles are minified", () => {
    const mapped = (name: string, hash: string) =>
      `Error: no trust\n    at loadTrust (app/routes/home.tsx:12:9)\n    at ${name} (https://a.example/assets/components-${hash}.js:1:4120)\n    at app/root.tsx:40:3`;
    expect(ownFrames(mapped("Nr", "B2x9Qk1a"))).toEqual(["loadTrust@home.tsx", "?@root.tsx"]);
    expect(ownFrames(mapped("Qo", "Zz81kkQ_"))).toEqual(ownFrames(mapped("Nr", "B2x9Qk1a")));
    // The Worker's frames are not a browser's bundle: its unmapped ones still count.
    expect(ownFrames("Error\n    at a (app/x.ts:1:1)\n    at b (file:///w/generated/server/assets/server-build-Dq0_NoGd.js:9:9)")).toEqual([
      "a@x.ts",
      "b@server-build.js",
    ]);
  });

  it("falls back to type and message without numbers and ids", async () => {
    expect(normaliseMessage("Document 3f2a9c1e-0000-4000-8000-000000000001 failed after 3 tries")).toBe("Document <id> failed after <n> tries");
    expect(fingerprintSource("Error", "Row 12 missing", null)).toBe("Error: Row <n> missing");
    expect(await fingerprint("Error", "Row 12 missing", null)).toBe(await fingerprint("Error", "Row 400 missing", "at x (node_modules/y.js:1:1)"));
    expect(await fingerprint("Error", "Row 12 missing", null)).not.toBe(await fingerprint("TypeError", "Row 12 missing", null));
  });
});
