import type { ErrorOccurrence } from "./errors.server";
import { RELEASE } from "./release";
import { LIMITS, routeOnly, scrub, scrubOptional } from "./scrub";

/**
 * Optional forwarding to Sentry when SENTRY_DSN is set (ADR 0031), through the maintained SDK (@sentry/cloudflare):
 * a client per forward, no automatic integrations (the Worker captures its errors itself), and each
 * occurrence sent scrubbed as the built-in store keeps it, its (source-mapped) stack parsed into frames by the SDK.
 * The SDK is loaded on the first forward only, so a Worker without a DSN never loads it. The built-in store stays
 * the record either way.
 */
export interface ErrorForwarder {
  forward(occurrence: ErrorOccurrence): Promise<void>;
}

type Sdk = typeof import("@sentry/cloudflare");
type Client = InstanceType<Sdk["CloudflareClient"]>;
interface SdkModules {
  sdk: Sdk;
  createStackParser: typeof import("@sentry/core").createStackParser;
  nodeStackLineParser: typeof import("@sentry/core/server").nodeStackLineParser;
}
/** The SDK's modules once loaded; a failed load is tried again on the next error. */
let loaded: SdkModules | null = null;

async function sdkModules(): Promise<SdkModules> {
  if (loaded) return loaded;
  const [sdk, { createStackParser }, { nodeStackLineParser }] = await Promise.all([
    import("@sentry/cloudflare"),
    import("@sentry/core"),
    import("@sentry/core/server"),
  ]);
  loaded = { sdk, createStackParser, nodeStackLineParser };
  return loaded;
}

/**
 * A client for one forward (@sentry/cloudflare's own, with @sentry/core's transport and V8 stack parser, as its init
 * uses), as the SDK's request wrapper makes one per request: a client shared by the isolate would make a request's
 * flush wait on other requests' sends, which workerd does not allow (ADR 0044).
 */
function createClient({ sdk, createStackParser, nodeStackLineParser }: SdkModules, dsn: string, environment: string): Client {
  const client = new sdk.CloudflareClient({
    dsn,
    environment,
    release: RELEASE,
    integrations: [],
    stackParser: createStackParser(nodeStackLineParser()),
    transport: (options) =>
      sdk.createTransport(options, async (request) => {
        const response = await fetch(options.url, { method: "POST", headers: options.headers, body: request.body as BodyInit });
        await response.text().catch(() => "");
        return {
          statusCode: response.status,
          headers: { "x-sentry-rate-limits": response.headers.get("X-Sentry-Rate-Limits"), "retry-after": response.headers.get("Retry-After") },
        };
      }),
    sendClientReports: false,
  });
  client.init();
  return client;
}

/** The occurrence as an Error the SDK reads: scrubbed, with its own stack (mapped before), never the forwarder's. */
function asError(o: ErrorOccurrence): Error {
  const type = scrub(o.type || "Error", LIMITS.type);
  const error = new Error(scrub(o.message || type, LIMITS.message));
  error.name = type;
  error.stack = scrubOptional(o.stack, LIMITS.stack) ?? `${type}: ${error.message}`;
  return error;
}

export function sentryForwarder(dsn: string | undefined, environment: string): ErrorForwarder | null {
  if (!dsn) return null;
  return {
    async forward(o) {
      const modules = await sdkModules();
      const { sdk } = modules;
      const client = createClient(modules, dsn, environment);
      const scope = new sdk.Scope();
      scope.setClient(client);
      scope.setLevel("error");
      scope.setTags({ source: o.source, route: routeOnly(o.route) ?? "" });
      if (o.userId) scope.setUser({ id: o.userId });
      if (o.breadcrumbs?.length) {
        for (const b of o.breadcrumbs.slice(-LIMITS.breadcrumbs)) scope.addBreadcrumb({ message: scrub(String(b), LIMITS.breadcrumb) });
      }
      const release = scrubOptional(o.release, LIMITS.release) ?? RELEASE;
      scope.addEventProcessor((event: Parameters<Parameters<typeof scope.addEventProcessor>[0]>[0]) => ({
        ...event,
        release,
        platform: o.source === "browser" ? "javascript" : "node",
      }));
      client.captureException(asError(o), { mechanism: { type: o.source === "browser" ? "onerror" : "generic", handled: false } }, scope);
      if (!(await client.flush(5000))) console.warn("Sentry did not take the event in time");
    },
  };
}
