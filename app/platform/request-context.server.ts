import type { AppLoadContext } from "@remix-run/cloudflare";
import type { AuditEntry } from "~/modules/audit/audit.server";
import { auditInsert, recordAudit } from "~/modules/audit/audit.server";
import { requestT, serverT } from "~/i18n.server";
import { resolveDisplayPreferences } from "~/modules/preferences/preferences.server";
import { type AppConfig, devToolsEnabled, getConfig } from "./env.server";
import { createDb, type Db } from "./db.server";

/** Everything a module needs about the caller's request, built once per request. */
export interface RequestContext {
  db: Db;
  env: Env;
  config: AppConfig;
  waitUntil: (p: Promise<unknown>) => void;
  ip: string;
  userAgent: string;
  /** The caller's country as Cloudflare places their IP (two letters), where it knows. */
  country: string | null;
  /** The configured public origin (PUBLIC_ORIGIN) for links in e-mails, texts and notifications; never the request's Host. */
  publicOrigin: string;
  secure: boolean;
  /** The development tools answer (DEV_TOOLS=on, outside production, reached on loopback). */
  devTools: boolean;
  t: (key: string, options?: Record<string, unknown>) => string;
  /** The caller's language (cookie, ?lng or Accept-Language), for what is written to them now (a verification mail). */
  language: string;
  audit: (entry: AuditEntry) => Promise<void>;
  /** The audit entry as a statement, for a D1 batch with the change it records (both or neither are written). */
  auditStatement: (entry: AuditEntry) => ReturnType<typeof auditInsert>;
}

const cache = new WeakMap<Request, RequestContext>();

export function clientIp(request: Request): string {
  // Cloudflare sets CF-Connecting-IP and overwrites any value a client sends; wrangler dev sets it locally.
  return request.headers.get("CF-Connecting-IP") ?? "127.0.0.1";
}

function countryOf(context: AppLoadContext): string | null {
  const country = (context.cloudflare.cf as { country?: unknown } | undefined)?.country;
  return typeof country === "string" && /^[A-Z]{2}$/.test(country) && country !== "XX" && country !== "T1" ? country : null;
}

export function getRequestContext(request: Request, context: AppLoadContext): RequestContext {
  const hit = cache.get(request);
  if (hit) return hit;
  const env = context.cloudflare.env;
  const db = createDb(env.DB);
  const config = getConfig(env);
  const url = new URL(request.url);
  const ip = clientIp(request);
  const userAgent = request.headers.get("User-Agent") ?? "";
  const ctx: RequestContext = {
    db,
    env,
    config,
    waitUntil: (p) => context.cloudflare.ctx.waitUntil(p),
    ip,
    userAgent,
    country: countryOf(context),
    publicOrigin: config.PUBLIC_ORIGIN,
    secure: url.protocol === "https:",
    devTools: devToolsEnabled(config, url),
    // API messages in the caller's language (cookie, ?lng or Accept-Language), English by default.
    t: requestT(request),
    language: resolveDisplayPreferences(request).language,
    audit: (entry) => recordAudit(db, { ip, userAgent, ...entry }),
    auditStatement: (entry) => auditInsert(db, { ip, userAgent, ...entry }),
  };
  cache.set(request, ctx);
  return ctx;
}

/**
 * A context for work no person's request started (the cron sending a scheduled message as its author): the same
 * database, configuration and audit, with "scheduled" where a request would give its address and browser. Work that
 * a request would leave running is awaited instead: a cron run waits for what it started.
 */
export function backgroundContext(env: Env, label: string): { ctx: RequestContext; settle: () => Promise<void> } {
  const db = createDb(env.DB);
  const config = getConfig(env);
  const pending: Promise<unknown>[] = [];
  const ctx: RequestContext = {
    db,
    env,
    config,
    waitUntil: (p) => void pending.push(p.catch((error: unknown) => console.error(`${label}: background work failed`, error))),
    ip: "scheduled",
    userAgent: label,
    country: null,
    publicOrigin: config.PUBLIC_ORIGIN,
    secure: config.PUBLIC_ORIGIN.startsWith("https:"),
    devTools: false,
    t: serverT("auth", "en"),
    language: "en",
    audit: (entry) => recordAudit(db, { ip: "scheduled", userAgent: label, ...entry }),
    auditStatement: (entry) => auditInsert(db, { ip: "scheduled", userAgent: label, ...entry }),
  };
  return { ctx, settle: async () => void (await Promise.all(pending)) };
}
