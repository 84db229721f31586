import { RELEASE } from "../release";

/**
 * The browser's error capture (issue 21): uncaught errors, unhandled rejections, error boundaries and our own API's
 * 5xx answers, batched to POST /api/errors. The server scrubs; the browser only keeps the volume down: a few reports
 * a minute, each error once per batch, and nothing at all outside a browser.
 */
const FLUSH_MS = 5_000;
const MAX_PER_MINUTE = 10;
const MAX_BATCH = 20;
const MAX_BREADCRUMBS = 10;
const SESSION_STORAGE_KEY = "error-session";

interface Report {
  message: string;
  type?: string;
  kind: "error" | "rejection" | "boundary" | "api";
  stack?: string;
  route: string;
  release: string;
  breadcrumbs: string[];
}

const queue: Report[] = [];
let timer: ReturnType<typeof setTimeout> | null = null;
let sentThisMinute = 0;
let minuteStarted = 0;
const breadcrumbs: string[] = [];
let installed = false;

/** The tab's error session: "report a problem" attaches the errors sent under it. */
export function errorSessionKey(): string | null {
  if (typeof window === "undefined") return null;
  try {
    let key = window.sessionStorage.getItem(SESSION_STORAGE_KEY);
    if (!key) {
      key = crypto.randomUUID().replace(/-/g, "");
      window.sessionStorage.setItem(SESSION_STORAGE_KEY, key);
    }
    return key;
  } catch {
    return null;
  }
}

/** One step of the trail sent with the next error (a navigation, a failed call): paths only, never a query. */
export function addBreadcrumb(step: string): void {
  breadcrumbs.push(`${new Date().toISOString().slice(11, 19)} ${step.split("?")[0]}`);
  if (breadcrumbs.length > MAX_BREADCRUMBS) breadcrumbs.shift();
}

function flush(): void {
  timer = null;
  const batch = queue.splice(0, MAX_BATCH);
  if (batch.length === 0) return;
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  const key = errorSessionKey();
  if (key) headers["X-Error-Session"] = key;
  // keepalive: a report sent as the page goes away still arrives. A failure here is dropped, never reported again.
  void fetch("/api/errors", { method: "POST", credentials: "same-origin", keepalive: true, headers, body: JSON.stringify(batch) }).catch(() => undefined);
}

/** Queues an error for the next batch. */
export function reportError(error: unknown, kind: Report["kind"]): void {
  if (typeof window === "undefined") return;
  const now = Date.now();
  if (now - minuteStarted > 60_000) {
    minuteStarted = now;
    sentThisMinute = 0;
  }
  if (sentThisMinute >= MAX_PER_MINUTE) return;
  const e = error instanceof Error ? error : null;
  const message = e ? e.message : typeof error === "string" ? error : safeString(error);
  if (queue.some((r) => r.message === message && r.kind === kind)) return;
  sentThisMinute += 1;
  queue.push({
    message: message || "(no message)",
    type: e?.name,
    kind,
    stack: e?.stack?.slice(0, 8000),
    route: window.location.pathname,
    release: RELEASE,
    breadcrumbs: [...breadcrumbs],
  });
  timer ??= setTimeout(flush, FLUSH_MS);
}

function safeString(value: unknown): string {
  try {
    return JSON.stringify(value)?.slice(0, 500) ?? String(value);
  } catch {
    return String(value);
  }
}

/** Listens for what nothing else caught; called once by entry.client. */
export function installErrorCapture(): void {
  if (installed || typeof window === "undefined") return;
  installed = true;
  window.addEventListener("error", (event) => reportError(event.error ?? event.message, "error"));
  window.addEventListener("unhandledrejection", (event) => reportError(event.reason, "rejection"));
  window.addEventListener("pagehide", () => flush());
}
