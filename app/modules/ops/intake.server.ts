import type { CurrentSession } from "~/modules/auth/session.server";
import { Refusal } from "~/platform/http.server";
import { countedHits, type Limit, type LimitHit } from "~/platform/rate-limit.server";
import type { RequestContext } from "~/platform/request-context.server";
import { captureWorkerError } from "./capture.server";
import { type ErrorOccurrence, recordErrors } from "./errors.server";
import { sentryForwarder } from "./sentry.server";
import { mapBrowserStack } from "./sourcemap";
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

/** POST /api/errors: the browser's reports, limited, scrubbed (in recordErrors) and grouped. */
export async function receiveClientReports(ctx: RequestContext, request: Request, session: CurrentSession | null, reports: readonly ClientReport[]) {
  const sessionKey = errorSessionKey(request);
  const occurrences: ErrorOccurrence[] = reports.map((r) => ({
    source: "browser",
    type: r.type ?? (r.kind === "rejection" ? "UnhandledRejection" : "Error"),
    message: r.message,
    stack: r.stack ?? null,
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
  // Both counters are hit in the batch that stores the reports, and guard its writes: one round trip (ADR 0031).
  const limits = countedHits(ctx.db.$client, [
    { key: `errors:ip:${ctx.ip}`, limit: ADDRESS_LIMIT },
    { key: `errors:session:${sessionKey ?? session?.sessionId ?? ctx.ip}`, limit: SESSION_LIMIT },
  ]);
  let counted: LimitHit[];
  try {
    counted = await recordErrors(ctx.db, occurrences, new Date(), limits);
  } catch (error) {
    // Never a 500 for a report: the failure to store it is itself captured, and the browser does not retry.
    await captureWorkerError(ctx.env, error, { route: "POST /api/errors" });
    throw new Refusal(503, "errors.storeUnavailable");
  }
  // The first counter over its limit refuses with its own wait; the guarded writes stored nothing.
  const over = counted.find((hit) => hit.over);
  if (over) {
    const seconds = Math.max(1, over.retryAfter);
    throw new Refusal(429, "errors.tooManyReports", { seconds }, undefined, { "Retry-After": String(seconds) });
  }
  const forwarder = sentryForwarder(ctx.config.SENTRY_DSN, ctx.config.APP_ENV);
  if (forwarder) ctx.waitUntil(Promise.allSettled(occurrences.map((o) => forwarder.forward(o))));
  return { accepted: occurrences.length };
}
