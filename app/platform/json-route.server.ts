import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import type { z } from "zod";
import { requireApiSession } from "~/modules/auth/guard.server";
import { captureWorkerError } from "~/modules/ops/capture.server";
import type { CurrentSession } from "~/modules/auth/session.server";
import { handleJson, HttpError, jsonResponse, methodNotAllowed, parseWith, readJsonBody, Refusal } from "./http.server";
import { getRequestContext, type RequestContext } from "./request-context.server";

type Translate = (key: string, options?: Record<string, unknown>) => string;
type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
/** What a loader or an action receives (the two are the same shape). */
export type RouteArgs = LoaderFunctionArgs | ActionFunctionArgs;
/** "required": 401 `{"message":"Unauthorized"}` without one. "none": public, or the endpoint checks the caller itself. */
type SessionMode = "required" | "none";
/** Besides `success: true`, or the whole answer (a file, a cookie, a shape of the spec's own). */
type Answer = Record<string, unknown> | Response;

interface Call<Body, Session> {
  args: RouteArgs;
  request: Request;
  /** The URL's query string. */
  query: URLSearchParams;
  ctx: RequestContext;
  session: Session;
  t: Translate;
  body: Body;
  params: RouteArgs["params"];
}

/** One method of a JSON route: who may call it, what it reads, and what it answers besides `success: true`. */
export interface Endpoint<S extends z.ZodTypeAny | undefined = undefined, M extends SessionMode = "required", R extends Answer = Answer> {
  /** "required" unless said; with "none" `session` is null (sign-in, sign-up, or a route that must check something first). */
  session?: M;
  /** The signed-in person must also pass this (their role, their workspace); otherwise 403 with `forbidden`'s sentence. */
  allow?: (session: CurrentSession) => boolean;
  /** The key of the 403 sentence in the route's namespace. */
  forbidden?: string;
  /** The JSON body's schema, built with the caller's `t` so its messages are in their language. Without it the body is not read. */
  body?: (t: Translate) => S;
  /** The most bytes the JSON body may have (64 KiB unless said). */
  bodyLimit?: number;
  /** 200 unless said (201 for something created), or worked out from the answer. */
  status?: number | ((answer: Exclude<R, Response>) => number);
  /** A `Response` is answered as it is. */
  run: (call: Call<S extends z.ZodTypeAny ? z.infer<S> : undefined, M extends "none" ? null : CurrentSession>) => Promise<R>;
}

type AnyEndpoint = Endpoint<z.ZodTypeAny | undefined, SessionMode, Answer>;

interface RouteOptions {
  /**
   * PUT, PATCH and DELETE are answered as POST, as these routes (sign-in, sign-up, preferences…) always did
   * before `jsonRoute`; kept so that no client sees a change. `Allow` still names the declared methods.
   */
  writesAsPost?: boolean;
}

/**
 * The house's JSON route (docs/decisions/0017): the method decides the handler (anything else is a 405 with
 * `Allow`, before anything else is checked), the session is required (401 `{"message":"Unauthorized"}`,
 * spec section 7), the role is checked on the server, the body is read within its size limit and checked by
 * zod (400 with `fieldErrors`), and every refusal becomes `{ success: false, error, fieldErrors? }` in the
 * caller's language. A route module exports the handler it returns as both `loader` and `action` (two plain
 * exports: Remix must be able to remove them, and this module with them, from the browser's bundle).
 */
export function jsonRoute(t: (request: Request) => Translate, endpoints: Partial<Record<Method, AnyEndpoint>>, options: RouteOptions = {}) {
  const allowed = (Object.keys(endpoints) as Method[]).join(", ");
  const handle = async (args: RouteArgs) => {
    const translate = t(args.request);
    const method = args.request.method.toUpperCase();
    // HEAD is GET without the body (the runtime drops it).
    const endpoint =
      endpoints[(method === "HEAD" ? "GET" : method) as Method] ?? (options.writesAsPost && method !== "GET" && method !== "HEAD" ? endpoints.POST : undefined);
    if (!endpoint) return methodNotAllowed(translate, allowed);
    return handleJson(translate, () =>
      captureUnexpected(args, async () => {
        const session = endpoint.session === "none" ? null : await requireApiSession(args);
        if (session && endpoint.allow && !endpoint.allow(session)) throw new HttpError(403, translate(endpoint.forbidden ?? "errors.forbidden"));
        const body = endpoint.body
          ? parseWith(endpoint.body(translate) as z.ZodTypeAny, await readJsonBody(args.request, translate, endpoint.bodyLimit), translate)
          : undefined;
        const ctx = getRequestContext(args.request, args.context);
        const query = new URL(args.request.url).searchParams;
        const result = await endpoint.run({ args, request: args.request, query, ctx, session, t: translate, body, params: args.params } as never);
        if (result instanceof Response) return result;
        const status = typeof endpoint.status === "function" ? endpoint.status(result) : (endpoint.status ?? 200);
        return jsonResponse({ success: true, ...result }, { status });
      }),
    );
  };
  return handle;
}

/** An endpoint's unexpected error (not a refusal) is kept for /error-reporting before it becomes the 500. */
async function captureUnexpected(args: RouteArgs, run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    const expected = error instanceof Response || error instanceof HttpError || error instanceof Refusal;
    const cloudflare = args.context?.cloudflare;
    if (!expected && !args.request.signal.aborted && cloudflare?.env?.DB) {
      const path = new URL(args.request.url).pathname;
      cloudflare.ctx.waitUntil(captureWorkerError(cloudflare.env, error, { route: `${args.request.method} ${path}` }));
    }
    throw error;
  }
}

type RouteHandler = ReturnType<typeof jsonRoute>;

/**
 * A resource with commands (`/api/things/:id/:command`): the bare path is `read` (when there is one), each named
 * command its own JSON route, and any other name a 404 with the domain's own sentence rather than Remix's.
 */
export function commandRoute(
  t: (request: Request) => Translate,
  read: RouteHandler | null,
  commands: Record<string, RouteHandler>,
  notFoundKey: string,
): RouteHandler {
  const notFound = endpoint({ run: () => Promise.reject(new Refusal(404, notFoundKey)) });
  const unknown = jsonRoute(t, { GET: notFound, POST: notFound });
  return (args) => {
    const command = args.params.command;
    if (!command) return (read ?? unknown)(args);
    return (Object.hasOwn(commands, command) ? commands[command]! : unknown)(args);
  };
}

/** Keeps an endpoint's body, session and answer typed from its declaration to its handler. */
export function endpoint<S extends z.ZodTypeAny | undefined = undefined, M extends SessionMode = "required", R extends Answer = Answer>(
  spec: Endpoint<S, M, R>,
): AnyEndpoint {
  return spec as unknown as AnyEndpoint;
}
