import type { ActionFunctionArgs, AppLoadContext, EntryContext, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { createInstance } from "i18next";
import { renderToReadableStream } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { NonceContext } from "./components/nonce";
import { i18nConfig } from "./i18n";
import { i18nServer, resources } from "./i18n.server";
import { logUnexpectedError, newErrorReference } from "./platform/error-reference.server";

export const streamTimeout = 5000;

// The queue consumer and the cron trigger, from the modules' server halves. Exported through the Remix build
// (workers/app.ts reads them from `build.entry.module`) so Vite, which finds those halves, bundles them once.
export { runJob, scheduledWork } from "./platform/jobs.server";
// The Durable Objects too: in the server build, their errors' stacks are mapped to the sources as the rest's are.
export { UserRoom } from "../party/user-room";
export { PollTimer } from "../party/poll-timer";
export { MeetingRoom } from "../party/meeting-room";

/**
 * Remix's log of an unexpected error, with a reference like the signed-in pages' own (see
 * withErrorReferences, which gives those to the page): a render error, a page outside the layout, an API route.
 */
export function handleError(error: unknown, { request, context }: LoaderFunctionArgs | ActionFunctionArgs) {
  if (request.signal.aborted) return;
  // The router's own refusals of a request (a POST where no page takes one: 405; no such route: 404) are the
  // request's mistake, not ours: logged as errors, any bot's POSTs would fill /error-reporting.
  if (isRouteErrorResponse(error) && error.status < 500) return;
  // Its own failures carry the underlying Error, as Remix's default logs it.
  const underlying = isRouteErrorResponse(error) ? (error as { error?: unknown }).error : undefined;
  logUnexpectedError(newErrorReference(), underlying ?? error, request, context);
}

export default async function handleRequest(request: Request, status: number, headers: Headers, remixContext: EntryContext, loadContext: AppLoadContext) {
  const nonce = loadContext.cspNonce;
  const i18n = createInstance();
  // The root loader already weighed cookie, profile and browser language; error pages fall back to the request alone.
  const rootData = remixContext.staticHandlerContext.loaderData?.root as { locale?: string } | undefined;
  const lng = rootData?.locale ?? (await i18nServer.getLocale(request));
  await i18n.use(initReactI18next).init({ ...i18nConfig, resources, lng, ns: i18nServer.getRouteNamespaces(remixContext) });

  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), streamTimeout + 1000);
  let renderFailed = false;
  const body = await renderToReadableStream(
    <NonceContext.Provider value={nonce}>
      <I18nextProvider i18n={i18n}>
        <RemixServer context={remixContext} url={request.url} nonce={nonce} abortDelay={streamTimeout} />
      </I18nextProvider>
    </NonceContext.Provider>,
    {
      nonce,
      signal: controller.signal,
      onError(error: unknown) {
        renderFailed = true;
        if (!controller.signal.aborted) console.error(error);
      },
    },
  );
  void body.allReady.finally(() => clearTimeout(timer));
  // Crawlers and tests that read the whole page at once get it complete, not streamed.
  if (/bot|crawler|spider/i.test(request.headers.get("User-Agent") ?? "")) await body.allReady;

  headers.set("Content-Type", "text/html; charset=utf-8");
  return new Response(body, { headers, status: renderFailed ? 500 : status });
}
