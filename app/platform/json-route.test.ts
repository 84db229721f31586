import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { jsonResponse } from "./http.server";
import { endpoint, jsonRoute, type RouteArgs } from "./json-route.server";

// The session is whoever the X-Test-User header names; no header is signed out (the real guard's 401).
vi.mock("~/modules/auth/guard.server", () => ({
  requireApiSession: async ({ request }: { request: Request }) => {
    const id = request.headers.get("X-Test-User");
    if (!id) throw jsonResponse({ message: "Unauthorized" }, { status: 401 });
    return { user: { id } };
  },
}));
vi.mock("./request-context.server", () => ({ getRequestContext: () => ({}) }));

const t = () => (key: string, options?: Record<string, unknown>) => (options ? `${key} ${JSON.stringify(options)}` : key);

function call(handler: (args: RouteArgs) => Promise<Response>, method: string, init: { user?: string; body?: string } = {}) {
  const headers: Record<string, string> = {};
  if (init.user) headers["X-Test-User"] = init.user;
  if (init.body !== undefined) headers["Content-Type"] = "application/json";
  const request = new Request("https://app.example/api/thing?x=1", { method, headers, body: init.body });
  return handler({ request, params: { id: "7" }, context: {} } as unknown as RouteArgs);
}

describe("jsonRoute", () => {
  const route = jsonRoute(t, {
    GET: endpoint({ run: async ({ session, query, params }) => ({ who: session.user.id, x: query.get("x"), id: params.id }) }),
    POST: endpoint({
      body: () => z.object({ n: z.number() }).strict(),
      run: async ({ body }) => ({ n: body.n }),
      status: ({ n }) => (n > 0 ? 201 : 200),
    }),
  });

  it("answers a method it does not take with 405 and Allow, before asking who is calling", async () => {
    const response = await call(route, "DELETE");
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("GET, POST");
    expect(await response.json()).toEqual({ success: false, error: 'errors.methodNotAllowed {"method":"GET, POST"}' });
  });

  it("requires the session, then reads the body; HEAD is GET", async () => {
    expect((await call(route, "GET")).status).toBe(401);
    expect((await call(route, "POST", { body: "{}" })).status).toBe(401);
    const head = await call(route, "HEAD", { user: "u1" });
    expect(head.status).toBe(200);
    expect(await (await call(route, "GET", { user: "u1" })).json()).toEqual({ success: true, who: "u1", x: "1", id: "7" });
    expect((await call(route, "POST", { user: "u1", body: '{"n":"a"}' })).status).toBe(400);
  });

  it("works the status out from the answer when told to", async () => {
    expect((await call(route, "POST", { user: "u1", body: '{"n":2}' })).status).toBe(201);
    expect((await call(route, "POST", { user: "u1", body: '{"n":0}' })).status).toBe(200);
  });

  it("lets a public endpoint run without a session, and a larger body when allowed", async () => {
    const open = jsonRoute(t, {
      POST: endpoint({ session: "none", bodyLimit: 10, body: () => z.object({ a: z.string() }), run: async ({ session, body }) => ({ session, a: body.a }) }),
    });
    expect(await (await call(open, "POST", { body: '{"a":"b"}' })).json()).toEqual({ success: true, session: null, a: "b" });
    expect((await call(open, "POST", { body: '{"a":"bbbbbbbbbb"}' })).status).toBe(413);
  });

  it("answers PUT, PATCH and DELETE as POST with writesAsPost, still naming POST alone in Allow", async () => {
    const lenient = jsonRoute(t, { POST: endpoint({ run: async ({ request }) => ({ method: request.method }) }) }, { writesAsPost: true });
    expect(await (await call(lenient, "PUT", { user: "u1" })).json()).toEqual({ success: true, method: "PUT" });
    const get = await call(lenient, "GET", { user: "u1" });
    expect(get.status).toBe(405);
    expect(get.headers.get("Allow")).toBe("POST");
  });

  it("answers a Response from run as it is", async () => {
    const file = jsonRoute(t, { GET: endpoint({ run: async () => new Response("csv", { status: 200, headers: { "Content-Type": "text/csv" } }) }) });
    const response = await call(file, "GET", { user: "u1" });
    expect(response.headers.get("Content-Type")).toBe("text/csv");
    expect(await response.text()).toBe("csv");
  });
});
