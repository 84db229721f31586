import { type AppLoadContext, data, type ServerBuild } from "@remix-run/cloudflare";
import { captureWorkerError } from "~/modules/ops/capture.server";
import type { UnexpectedErrorBody } from "./route-error";

// Crockford's base32: no I, L, O or U, so a reference read out over the phone is not misheard.
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/** Eight random characters: enough to find one line in the log, and it tells nothing about the request. */
export function newErrorReference(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(8)), (byte) => ALPHABET[byte & 31]).join("");
}

/**
 * One line in the Worker's log per unexpected error, found again by its reference, and the error kept for
 * /error-reporting once the answer is on its way. The query may hold tokens: left out.
 */
export function logUnexpectedError(reference: string, error: unknown, request: Request, context?: AppLoadContext): void {
  const path = new URL(request.url).pathname;
  console.error(`Unexpected error [ref ${reference}] ${request.method} ${path}`, error);
  const cloudflare = context?.cloudflare;
  if (cloudflare?.env?.DB) cloudflare.ctx.waitUntil(captureWorkerError(cloudflare.env, error, { route: `${request.method} ${path}` }));
}

/**
 * An unexpected error (an Error, not a thrown Response, redirect or `data()`) is logged with a new reference
 * and becomes a 500 whose body carries that reference. Left as it is, Remix replaces it in production with
 * "Unexpected Server Error" before the page sees it, and the page could not name the log line.
 */
function referenced<Args extends { request: Request }, Result>(run: (args: Args) => Result) {
  return async (args: Args): Promise<Awaited<Result>> => {
    try {
      return await run(args);
    } catch (error) {
      // An aborted request is nobody's error (Remix throws the abort reason).
      if (!(error instanceof Error) || args.request.signal.aborted) throw error;
      const reference = newErrorReference();
      logUnexpectedError(reference, error, args.request, (args as { context?: AppLoadContext }).context);
      throw data({ reference } satisfies UnexpectedErrorBody, { status: 500 });
    }
  };
}

/**
 * The build with the loaders and actions of `layoutId` and every route under it wrapped by `referenced`,
 * so the layout's error boundary can show the reference. A wrapper here, not in `handleError`: that hook
 * only logs, and by then the error is already on its way to the page.
 */
export function withErrorReferences(build: ServerBuild, layoutId: string): ServerBuild {
  if (!build.routes[layoutId]) throw new Error(`withErrorReferences: no route ${layoutId} in the build`);
  const isUnderLayout = (id: string | undefined): boolean => id !== undefined && (id === layoutId || isUnderLayout(build.routes[id]?.parentId));
  const routes: ServerBuild["routes"] = {};
  for (const [id, route] of Object.entries(build.routes)) {
    if (!route || !isUnderLayout(id)) {
      routes[id] = route;
      continue;
    }
    const { loader, action } = route.module;
    routes[id] = {
      ...route,
      module: { ...route.module, ...(loader ? { loader: referenced(loader) } : {}), ...(action ? { action: referenced(action) } : {}) },
    };
  }
  return { ...build, routes };
}
