import { describe, expect, it, vi } from "vitest";
import { apiFetch, ApiError, apiRequest } from "./api-fetch";

const json = (body: unknown, init: ResponseInit = {}) => new Response(JSON.stringify(body), { headers: { "Content-Type": "application/json" }, ...init });

function stub(response: Response | (() => Promise<Response>)) {
  return vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => (typeof response === "function" ? response() : response));
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe("apiFetch", () => {
  it("GETs with cookies and asks for JSON; no body, no content type", async () => {
    const fetch = stub(json({ ok: 1 }));
    expect(await apiFetch("/api/thing", { fetch })).toEqual({ ok: 1 });
    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe("/api/thing");
    expect(init).toMatchObject({ method: "GET", credentials: "same-origin", body: undefined });
    expect(init?.headers).toEqual({ Accept: "application/json" });
  });

  it("sends a payload as JSON with a JSON content type", async () => {
    const fetch = stub(json({ saved: true }, { status: 201 }));
    expect(await apiFetch("/api/thing", { method: "POST", body: { name: "Roof" }, fetch })).toEqual({ saved: true });
    const init = fetch.mock.calls[0][1];
    expect(init?.method).toBe("POST");
    expect(init?.headers).toEqual({ Accept: "application/json", "Content-Type": "application/json" });
    expect(JSON.parse(init?.body as string)).toEqual({ name: "Roof" });
  });

  it("lets a caller ask for cookies across origins and set headers", async () => {
    const fetch = stub(json({}));
    await apiFetch("/api/thing", { credentials: "include", headers: { Accept: "application/json, application/octet-stream" }, fetch });
    expect(fetch.mock.calls[0][1]).toMatchObject({ credentials: "include", headers: { Accept: "application/json, application/octet-stream" } });
  });

  it("a refusal in the house shape: the spec's message, the server's error and field errors", async () => {
    const body = { success: false, error: "Check the highlighted fields.", fieldErrors: { email: ["Enter a valid email address."] } };
    const error = await failure(apiFetch("/api/thing", { method: "POST", body: {}, fetch: stub(json(body, { status: 400, statusText: "Bad Request" })) }));
    expect(error.message).toBe(`400: ${JSON.stringify(body)}`);
    expect(error.status).toBe(400);
    expect(error.body).toEqual(body);
    expect(error.error).toBe("Check the highlighted fields.");
    expect(error.fieldErrors).toEqual({ email: ["Enter a valid email address."] });
  });

  it("a text body: '<status>: <body>', no parsed body", async () => {
    const error = await failure(apiFetch("/x", { fetch: stub(new Response("Service down", { status: 503, statusText: "Service Unavailable" })) }));
    expect(error.message).toBe("503: Service down");
    expect(error.body).toBeNull();
    expect(error.error).toBeUndefined();
    expect(error.fieldErrors).toBeUndefined();
  });

  it("an empty body: '<status>: <status text>'", async () => {
    const error = await failure(apiFetch("/x", { fetch: stub(new Response(null, { status: 404, statusText: "Not Found" })) }));
    expect(error.message).toBe("404: Not Found");
  });

  it("an OK answer that is not JSON is an error too", async () => {
    const error = await failure(apiFetch("/x", { fetch: stub(new Response("<html>", { status: 200, statusText: "OK" })) }));
    expect(error.message).toBe("200: <html>");
    expect(error.status).toBe(200);
  });

  it("a network failure is passed on as it is", async () => {
    const fetch = vi.fn(async () => {
      throw new TypeError("Failed to fetch");
    });
    await expect(apiFetch("/x", { fetch })).rejects.toThrow(new TypeError("Failed to fetch"));
  });
});

describe("apiRequest", () => {
  it("returns an OK response unread (for files)", async () => {
    const response = await apiRequest("/file", { fetch: stub(new Response("%PDF-1.7", { status: 200 })) });
    expect(await response.text()).toBe("%PDF-1.7");
  });

  it("refuses like apiFetch", async () => {
    const error = await failure(apiRequest("/file", { fetch: stub(json({ success: false, error: "Not yours" }, { status: 403, statusText: "Forbidden" })) }));
    expect(error.message).toBe('403: {"success":false,"error":"Not yours"}');
    expect(error.error).toBe("Not yours");
  });
});
