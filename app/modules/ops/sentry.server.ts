import type { ErrorOccurrence } from "./errors.server";
import { RELEASE } from "./release";

/**
 * Optional forwarding to Sentry when SENTRY_DSN is set (ADR 0031). The maintained SDK (@sentry/cloudflare) is not a
 * dependency yet; this adapter posts the already scrubbed event to Sentry's envelope endpoint, so the SDK can take
 * its place behind the same function. The built-in store stays the record either way.
 */
export interface ErrorForwarder {
  forward(occurrence: ErrorOccurrence): Promise<void>;
}

export function sentryForwarder(dsn: string | undefined, environment: string): ErrorForwarder | null {
  if (!dsn) return null;
  const url = new URL(dsn);
  const project = url.pathname.replace(/^\//, "");
  const endpoint = `${url.protocol}//${url.host}/api/${project}/envelope/`;
  const auth = `Sentry sentry_version=7, sentry_client=trust-platform/1, sentry_key=${url.username}`;
  return {
    async forward(o) {
      const event = {
        event_id: crypto.randomUUID().replace(/-/g, ""),
        timestamp: Date.now() / 1000,
        platform: o.source === "browser" ? "javascript" : "node",
        level: "error",
        release: o.release ?? RELEASE,
        environment,
        user: o.userId ? { id: o.userId } : undefined,
        tags: { source: o.source, route: o.route ?? "" },
        exception: { values: [{ type: o.type, value: o.message, stacktrace: o.stack ? { frames: [] } : undefined }] },
        extra: { stack: o.stack ?? null },
      };
      const body = `${JSON.stringify({ event_id: event.event_id, dsn })}\n${JSON.stringify({ type: "event" })}\n${JSON.stringify(event)}`;
      const response = await fetch(endpoint, { method: "POST", headers: { "Content-Type": "application/x-sentry-envelope", "X-Sentry-Auth": auth }, body });
      if (!response.ok) console.warn(`Sentry refused an event: ${response.status}`);
    },
  };
}
