import { describe, expect, it, vi } from "vitest";
import { readTranslations } from "./translation-backend";
import { LOCALES_VERSION } from "./translation-loading";

/** Runs one read with a stand-in for the network and returns what i18next was told. */
async function read(language: string, namespace: string, answer: () => Promise<Response>) {
  const load = vi.fn(answer);
  const callback = vi.fn();
  await readTranslations(language, namespace, callback, load as unknown as typeof fetch);
  return { load, args: callback.mock.calls[0] as [unknown, unknown] };
}

describe("the browser's translation backend", () => {
  it("reads a namespace's static file, with the files' version in its address", async () => {
    const { load, args } = await read("fr", "dashboard", async () => Response.json({ welcome: "Bienvenue" }));
    expect(load).toHaveBeenCalledWith(`/locales/fr/dashboard.json?v=${LOCALES_VERSION}`, { credentials: "same-origin" });
    expect(args).toEqual([null, { welcome: "Bienvenue" }]);
  });

  it("asks i18next to try again after a network failure or a server error, not after a 4xx or a file that is not JSON", async () => {
    const offline = await read("es", "common", () => Promise.reject(new TypeError("Failed to fetch")));
    expect(offline.args[0]).toMatch(/failed loading \/locales\/es\/common\.json.*Failed to fetch/);
    expect(offline.args[1]).toBe(true);
    expect((await read("es", "common", async () => new Response("busy", { status: 503 }))).args).toEqual([expect.stringContaining("status code: 503"), true]);
    expect((await read("es", "common", async () => new Response("gone", { status: 404 }))).args).toEqual([expect.stringContaining("status code: 404"), false]);
    expect((await read("es", "common", async () => new Response("<html>", { status: 200 }))).args).toEqual([expect.stringContaining("failed parsing"), false]);
  });

  it("loads nothing for a language that has no files of its own (English is the fallback)", async () => {
    const { load, args } = await read("ko", "common", async () => Response.json({}));
    expect(load).not.toHaveBeenCalled();
    expect(args).toEqual([null, {}]);
  });
});
