import type { CurrentSession } from "~/modules/auth/session.server";
import { Refusal } from "~/platform/http.server";
import { type Limit, takeAttempt } from "~/platform/rate-limit.server";
import type { RequestContext } from "~/platform/request-context.server";
import { captureWorkerError } from "./capture.server";
import { type ErrorOccurrence, recordErrors } from "./errors.server";
import { sentryForwarder } from "./sentry.server";
import { mapBrowserStack } from "./sourcemap";
import { capStack } from "./stack-frames";
import type { ClientReport } from "./validation";

/** Requests per minute (each a batch of up to 20): per browser session, and per address so new sessions cannot dodge it. */
export const SESSION_LIMIT: Limit = { limit: 30, windowMs: 60_000 };
export const ADDRESS_LIMIT: Limit = { limit: 120, windowMs: 60_000 };

const SESSION_KEY = /^[A-Za-z0-9_-]{8,64}$/;

/** The browser tab's error session (a random id it keeps in sessionStorage), when it sent a well-formed one. */
export function errorSessionKey(request: Request): string | null {
  const key = request.headers.get("X-Error-Session");
  return key && SESSION_KEY.test(key) ? key : null;
}

/**
 * The intake's two counters, hit before the body is read (issue 42): a refused request costs one statement and no
 * parsing; a 429 carries its counter's `Retry-After`.
 */
export async function countClientReports(ctx: RequestContext, request: Request, session: CurrentSession | null): Promise<void> {
  const { over } = await takeAttempt(ctx.db, [
    { key: `errors:ip:${ctx.ip}`, limit: ADDRESS_LIMIT },
    { key: `errors:session:${errorSessionKey(request) ?? session?.sessionId ?? ctx.ip}`, limit: SESSION_LIMIT },
  ]);
  if (over) {
    const seconds = Math.max(1, over.retryAfter);
    throw new Refusal(429, "errors.tooManyReports", { seconds }, undefined, { "Retry-After": String(seconds) });
  }
}

/** POST /api/errors, once counted (countClientReports): the browser's reports, cut, mapped, scrubbed (in recordErrors) and grouped. */
export async function receiveClientReports(ctx: RequestContext, request: Request, session: CurrentSession | null, reports: readonly ClientReport[]) {
  const sessionKey = errorSessionKey(request);
  const occurrences: ErrorOccurrence[] = reports.map((r) => ({
    source: "browser",
    type: r.type ?? (r.kind === "rejection" ? "UnhandledRejection" : "Error"),
    message: r.message,
    // Cut to its limits before anything reads it, so mapping, scrubbing and fingerprinting are bounded.
    stack: capStack(r.stack),
    route: r.route ?? null,
    release: r.release ?? null,
    browser: ctx.userAgent,
    breadcrumbs: r.breadcrumbs,
    userId: session?.user.id ?? null,
    sessionKey,
    workspaceId: session?.workspace?.id ?? null,
  }));
  // Frames of our own assets, mapped to the sources with the client build's maps (ops/sourcemap.ts) before grouping.
  const origin = new URL(request.url).origin;
  for (const o of occurrences) o.stack = (await mapBrowserStack(o.stack, origin)) ?? null;
  try {
    await recordErrors(ctx.db, occurrences, new Date());
  } catch (error) {
    // Never a 500 for a report: the failure to store it is itself captured, and the browser does not retry.
    await captureWorkerError(ctx.env, error, { route: "POST /api/errors" });
    throw new Refusal(503, "errors.storeUnavailable");
  }
  const forwarder = sentryForwarder(ctx.config.SENTRY_DSN, ctx.config.APP_ENV);
  if (forwarder) ctx.waitUntil(Promise.allSettled(occurrences.map((o) => forwarder.forward(o))));
  return { accepted: occurrences.length };
}
