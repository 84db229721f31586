import { type AgnosticRouteObject as RouteObject, matchRoutes } from "@remix-run/router";
import { describe, expect, it } from "vitest";

// patches/@remix-run+router: ranked branches are kept per routes array, and compiled patterns once. These check that
// the patch is applied (npm's postinstall) and that matching still follows the routes as they are now.
const ids = (routes: RouteObject[], path: string) => matchRoutes(routes, path)?.map((m) => m.route.id) ?? null;

describe("route matching with the kept branches", () => {
  it("matches static, dynamic, index and splat routes as before", () => {
    const routes: RouteObject[] = [
      {
        id: "root",
        path: "/",
        children: [
          { id: "home", index: true },
          { id: "documents", path: "documents" },
          { id: "document", path: "documents/:id" },
          { id: "new", path: "documents/new" },
          { id: "rest", path: "*" },
        ],
      },
    ];
    expect(ids(routes, "/")).toEqual(["root", "home"]);
    expect(ids(routes, "/documents/new")).toEqual(["root", "new"]);
    expect(ids(routes, "/documents/42")).toEqual(["root", "document"]);
    expect(ids(routes, "/DOCUMENTS")).toEqual(["root", "documents"]);
    expect(ids(routes, "/elsewhere/deep")).toEqual(["root", "rest"]);
    expect(matchRoutes(routes, "/documents/42")?.at(-1)?.params).toEqual({ id: "42" });
  });

  it("tries a pathname only against its first segment's branches, yet finds parameters, splats and the root first", () => {
    const routes: RouteObject[] = [
      {
        id: "root",
        path: "/",
        children: [
          { id: "home", index: true },
          { id: "lang-about", path: ":lang/about" },
          { id: "api-errors", path: "api/errors" },
          { id: "api-any", path: "api/*" },
          { id: "docs", path: "docs/:id", caseSensitive: true },
          { id: "sitemap", path: "sitemap.xml" },
          { id: "rest", path: "*" },
        ],
      },
    ];
    expect(ids(routes, "/API/Errors/")).toEqual(["root", "api-errors"]);
    expect(ids(routes, "/api/unknown")).toEqual(["root", "api-any"]);
    expect(ids(routes, "/fr/about")).toEqual(["root", "lang-about"]);
    expect(ids(routes, "/api/about")).toEqual(["root", "lang-about"]);
    expect(ids(routes, "/docs/7")).toEqual(["root", "docs"]);
    expect(ids(routes, "/DOCS/7")).toEqual(["root", "rest"]);
    expect(ids(routes, "/sitemap.xml")).toEqual(["root", "sitemap"]);
    expect(ids(routes, "/caf%C3%A9/about")).toEqual(["root", "lang-about"]);
    expect(ids(routes, "/nowhere")).toEqual(["root", "rest"]);
    expect(ids(routes, "/")).toEqual(["root", "home"]);
  });

  it("sees a route added to the same array later (routes discovered on navigation)", () => {
    const children: RouteObject[] = [{ id: "a", path: "a" }];
    const routes: RouteObject[] = [{ id: "root", path: "/", children }];
    expect(ids(routes, "/b")).toBeNull();
    children.push({ id: "b", path: "b" });
    expect(ids(routes, "/b")).toEqual(["root", "b"]);
  });

  it("is the patched build", async () => {
    const { readFileSync } = await import("node:fs");
    const source = readFileSync("node_modules/@remix-run/router/dist/router.cjs.js", "utf8");
    expect(source).toContain("function rankedBranches(routes)");
  });
});
