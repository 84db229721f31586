import type { AppLoadContext } from "@remix-run/cloudflare";
import type { AuditEntry } from "~/modules/audit/audit.server";
import { auditInsert, recordAudit } from "~/modules/audit/audit.server";
import { requestT, serverT } from "~/i18n.server";
import { resolveDisplayPreferences } from "~/modules/preferences/preferences.server";
import { type AppConfig, devToolsEnabled, getConfig } from "./env.server";
import { timingSafeEqual } from "./crypto.server";
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

/** Where a request without a trustworthy address comes from: wrangler dev listens on loopback (scripts/lib.mjs). */
export const LOCAL_CLIENT_ADDRESS = "127.0.0.1";

/** The header with which a test run's requests vouch for the address they name (DEV_CLIENT_ADDRESS_KEY). */
export const DEV_CLIENT_ADDRESS_KEY_HEADER = "X-Dev-Client-Address-Key";

const IP_ADDRESS = /^(?:\d{1,3}(?:\.\d{1,3}){3}|(?=[0-9A-Fa-f.]*:)[0-9A-Fa-f:.]{2,45})$/;
const encoder = new TextEncoder();

/**
 * The caller's address, for the audit log and the rate limits. In production Cloudflare sets CF-Connecting-IP from the
 * connection and overwrites whatever a client sent, so it is the connection's address. Elsewhere nothing overwrites
 * it: wrangler dev (miniflare) passes on a client's CF-Connecting-IP as it came and fills it in from the socket only
 * when the client sent none, so the Worker cannot tell the two apart. Outside production the header is therefore
 * ignored and every request has the connection's address, loopback, where wrangler dev listens; only a test run's
 * clients, holding the run's DEV_CLIENT_ADDRESS_KEY (refused in production), may name one (each test its own, so
 * the limits of one never touch another).
 */
export function clientIp(request: Request, config: Pick<AppConfig, "APP_ENV" | "DEV_CLIENT_ADDRESS_KEY">): string {
  const named = request.headers.get("CF-Connecting-IP");
  if (config.APP_ENV === "production") return named ?? LOCAL_CLIENT_ADDRESS;
  const key = config.DEV_CLIENT_ADDRESS_KEY;
  const vouched = request.headers.get(DEV_CLIENT_ADDRESS_KEY_HEADER);
  if (key && vouched && named && IP_ADDRESS.test(named) && timingSafeEqual(encoder.encode(vouched), encoder.encode(key))) return named;
  return LOCAL_CLIENT_ADDRESS;
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
  const ip = clientIp(request, config);
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
