import { data, redirect, type ServerBuild } from "@remix-run/cloudflare";
import { afterEach, describe, expect, it, vi } from "vitest";
import { newErrorReference, withErrorReferences } from "./error-reference.server";
import { summarizeRouteError } from "./route-error";

type Run = (args: { request: Request }) => Promise<unknown>;

function route(parentId: string | undefined, loader?: Run, action?: Run) {
  return { id: "", parentId, path: "", module: { default: () => null, handle: { i18n: [] }, ...(loader ? { loader } : {}), ...(action ? { action } : {}) } };
}

const failing =
  (error: unknown): Run =>
  async () => {
    throw error;
  };

function buildWith(routes: Record<string, ReturnType<typeof route>>): ServerBuild {
  return { routes } as unknown as ServerBuild;
}

async function outcome(run: unknown, request = new Request("https://app.example/documents/1?token=secret")) {
  try {
    return { value: await (run as Run)({ request }) };
  } catch (thrown) {
    return { thrown };
  }
}

/** What the router makes of a thrown data(): an error response, seen by the page through useRouteError(). */
function asRouteError(thrown: unknown) {
  const { data: body, init } = thrown as { data: unknown; init: { status: number } };
  return { status: init.status, statusText: "", internal: false, data: body };
}

describe("error references", () => {
  afterEach(() => vi.restoreAllMocks());

  it("are eight characters that cannot be misread", () => {
    for (let i = 0; i < 50; i++) expect(newErrorReference()).toMatch(/^[0-9A-HJKMNP-TV-Z]{8}$/);
  });

  it("turn an Error of a page under the layout into a 500 that carries the reference it was logged under", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const cause = new Error("database unavailable");
    const build = withErrorReferences(
      buildWith({ root: route(undefined), "routes/_app": route("root"), "routes/documents.$id": route("routes/_app", failing(cause)) }),
      "routes/_app",
    );
    const { thrown } = await outcome(build.routes["routes/documents.$id"]!.module.loader);
    const summary = summarizeRouteError(asRouteError(thrown));
    expect(summary.status).toBe(500);
    expect(summary.reference).toMatch(/^[0-9A-Z]{8}$/);
    expect(log).toHaveBeenCalledWith(`Unexpected error [ref ${summary.reference}] GET /documents/1`, cause);
  });

  it("leave refusals, redirects, other routes and aborted requests as they were", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const refusal = new Response("Document not found.", { status: 404 });
    const moved = redirect("/auth");
    const withData = data(null, 404);
    const outside = new Error("outside the layout");
    const build = withErrorReferences(
      buildWith({
        root: route(undefined),
        "routes/_app": route("root"),
        "routes/documents.$id": route("routes/_app", failing(refusal), failing(moved)),
        "routes/polling": route("routes/_app", failing(withData)),
        "routes/home": route("root", failing(outside)),
      }),
      "routes/_app",
    );
    expect((await outcome(build.routes["routes/documents.$id"]!.module.loader)).thrown).toBe(refusal);
    expect((await outcome(build.routes["routes/documents.$id"]!.module.action)).thrown).toBe(moved);
    expect((await outcome(build.routes["routes/polling"]!.module.loader)).thrown).toBe(withData);
    expect((await outcome(build.routes["routes/home"]!.module.loader)).thrown).toBe(outside);
    const aborted = new AbortController();
    aborted.abort();
    const cause = new Error("aborted");
    const inside = withErrorReferences(buildWith({ "routes/_app": route(undefined, failing(cause)) }), "routes/_app");
    expect((await outcome(inside.routes["routes/_app"]!.module.loader, new Request("https://app.example/", { signal: aborted.signal }))).thrown).toBe(cause);
    expect(log).not.toHaveBeenCalled();
  });

  it("refuse a layout id that is not in the build", () => {
    expect(() => withErrorReferences(buildWith({ root: route(undefined) }), "routes/_app")).toThrow(/routes\/_app/);
  });
});

describe("summarizeRouteError", () => {
  const response = (status: number, body: unknown) => ({ status, statusText: "", internal: false, data: body });

  it("takes the sentence of a refusal, as text or in a JSON body", () => {
    expect(summarizeRouteError(response(404, "Document not found."))).toEqual({ status: 404, sentence: "Document not found.", reference: null });
    expect(summarizeRouteError(response(403, { success: false, error: "Only owners and trustees can do this." })).sentence).toBe(
      "Only owners and trustees can do this.",
    );
    expect(summarizeRouteError(response(401, { message: "Unauthorized" })).sentence).toBe("Unauthorized");
    expect(summarizeRouteError(response(404, null)).sentence).toBeNull();
  });

  it("never shows the router's own message, and treats anything that is not a response as a 500", () => {
    // As the browser receives it: the router's flag that the message is its own does not survive the trip.
    expect(summarizeRouteError(response(405, 'Error: You made a POST request to "/modules" but did not provide an `action`')).sentence).toBeNull();
    expect(summarizeRouteError(new Error("Unexpected Server Error"))).toEqual({ status: 500, sentence: null, reference: null });
  });

  it("accepts only a reference that looks like one", () => {
    expect(summarizeRouteError(response(500, { reference: "<script>" })).reference).toBeNull();
  });
});
