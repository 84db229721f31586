import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import type { z } from "zod";
import { requireApiSession } from "~/modules/auth/guard.server";
import type { CurrentSession } from "~/modules/auth/session.server";
import { handleJson, HttpError, jsonResponse, methodNotAllowed, parseWith, readJsonBody } from "./http.server";
import { getRequestContext, type RequestContext } from "./request-context.server";

type Translate = (key: string, options?: Record<string, unknown>) => string;
type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
type Args = LoaderFunctionArgs | ActionFunctionArgs;

interface Call<Body> {
  args: Args;
  ctx: RequestContext;
  session: CurrentSession;
  t: Translate;
  body: Body;
  params: Args["params"];
}

/** One method of a JSON route: who may call it, what it reads, and what it answers besides `success: true`. */
export interface Endpoint<S extends z.ZodTypeAny | undefined = undefined> {
  /** The signed-in person must also pass this (their role, their workspace); otherwise 403 with `forbidden`'s sentence. */
  allow?: (session: CurrentSession) => boolean;
  /** The key of the 403 sentence in the route's namespace. */
  forbidden?: string;
  /** The JSON body's schema, built with the caller's `t` so its messages are in their language. */
  body?: (t: Translate) => S;
  /** 200 unless said (201 for something created). */
  status?: number;
  run: (call: Call<S extends z.ZodTypeAny ? z.infer<S> : undefined>) => Promise<Record<string, unknown> | Response>;
}

/**
 * The house's JSON route (docs/decisions/0017): the method decides the handler (anything else is a 405 with
 * `Allow`), the session is required (401 `{"message":"Unauthorized"}`, spec section 7), the role is checked
 * on the server, the body is read within its size limit and checked by zod (400 with `fieldErrors`), and
 * every refusal becomes `{ success: false, error, fieldErrors? }` in the caller's language. A route module
 * exports the handler it returns as both `loader` and `action` (two plain exports: Remix must be able to
 * remove them, and this module with them, from the browser's bundle).
 */
export function jsonRoute(t: (request: Request) => Translate, endpoints: Partial<Record<Method, Endpoint<z.ZodTypeAny | undefined>>>) {
  const allowed = (Object.keys(endpoints) as Method[]).join(", ");
  const handle = async (args: Args) => {
    const translate = t(args.request);
    const method = args.request.method.toUpperCase();
    // HEAD is GET without the body (the runtime drops it).
    const endpoint = endpoints[(method === "HEAD" ? "GET" : method) as Method];
    if (!endpoint) return methodNotAllowed(translate, allowed);
    return handleJson(translate, async () => {
      const session = await requireApiSession(args);
      if (endpoint.allow && !endpoint.allow(session)) throw new HttpError(403, translate(endpoint.forbidden ?? "errors.forbidden"));
      const body = endpoint.body ? parseWith(endpoint.body(translate) as z.ZodTypeAny, await readJsonBody(args.request, translate), translate) : undefined;
      const ctx = getRequestContext(args.request, args.context);
      const result = await endpoint.run({ args, ctx, session, t: translate, body, params: args.params } as never);
      return result instanceof Response ? result : jsonResponse({ success: true, ...result }, { status: endpoint.status ?? 200 });
    });
  };
  return handle;
}

/** Keeps an endpoint's body typed from its schema to its handler. */
export function endpoint<S extends z.ZodTypeAny | undefined = undefined>(spec: Endpoint<S>): Endpoint<z.ZodTypeAny | undefined> {
  return spec as unknown as Endpoint<z.ZodTypeAny | undefined>;
}
