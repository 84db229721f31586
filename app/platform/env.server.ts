import { z } from "zod";

/** Placeholder value shipped in .dev.vars.example; refused everywhere so a real secret is always set. */
const EXAMPLE_PEPPER = "replace-with-at-least-32-random-characters";

const envSchema = z
  .object({
    APP_ENV: z.enum(["development", "test", "production"]),
    /**
     * The one origin every link we send (e-mail, SMS, notifications) starts with. Never taken from the
     * request: a forged Host header would otherwise put an attacker's host in a reset link.
     */
    PUBLIC_ORIGIN: z
      .string({ required_error: "PUBLIC_ORIGIN is not set (the address people open, e.g. https://trust.example.com)" })
      .url("PUBLIC_ORIGIN must be an absolute URL such as https://trust.example.com")
      .refine((v) => new URL(v).origin === v.replace(/\/+$/, ""), "PUBLIC_ORIGIN must be an origin only: scheme, host and port, no path")
      .transform((v) => new URL(v).origin),
    /** Other host names that may reach this Worker in production (comma-separated), besides PUBLIC_ORIGIN's. */
    ALLOWED_HOSTS: z.string().optional(),
    /**
     * Development tools (/dev/outbox, /dev/phone, /api/dev/sms): an explicit opt-in set only by `npm start`,
     * `npm run dev` and the tests, never by a deployment's defaults.
     */
    DEV_TOOLS: z.enum(["on", "off"]).default("off"),
    /**
     * The worker tests' key to /__dev/sql (app/platform/dev-sql.server.ts), a fresh random one per test run. Unset
     * everywhere else, and refused in production.
     */
    DEV_SQL_TOKEN: z.string().min(32, "DEV_SQL_TOKEN must be at least 32 characters").optional(),
    /**
     * A test run's key (fresh and random per run, scripts/lib.mjs): its clients send it in X-Dev-Client-Address-Key
     * to name their own address in CF-Connecting-IP, which outside production is otherwise ignored
     * (request-context.server.ts `clientIp`). Unset everywhere else, and refused in production.
     */
    DEV_CLIENT_ADDRESS_KEY: z.string().min(32, "DEV_CLIENT_ADDRESS_KEY must be at least 32 characters").optional(),
    PASSWORD_PEPPER: z
      .string({ required_error: "PASSWORD_PEPPER is not set (copy .dev.vars.example to .dev.vars)" })
      .min(32, "PASSWORD_PEPPER must be at least 32 characters")
      .refine((v) => v !== EXAMPLE_PEPPER, "PASSWORD_PEPPER still has the example value"),
    /** The pepper's number, written into every new hash; raised by one at each rotation (docs/operations.md). */
    PASSWORD_PEPPER_VERSION: z.coerce.number().int().min(1, "PASSWORD_PEPPER_VERSION counts from 1").default(1),
    /** During a rotation, the pepper before PASSWORD_PEPPER (secret): its hashes still verify and are re-made at sign-in. */
    PASSWORD_PEPPER_PREVIOUS: z.string().min(32, "PASSWORD_PEPPER_PREVIOUS must be at least 32 characters").optional(),
    MAIL_PROVIDER: z.enum(["outbox", "http"]).default("outbox"),
    MAIL_FROM: z.string().min(3).default("Trust Platform <no-reply@localhost>"),
    MAIL_API_URL: z.string().url().optional(),
    MAIL_API_KEY: z.string().optional(),
    /** Largest document upload in bytes (spec default 50 MB). */
    MAX_UPLOAD_BYTES: z.coerce
      .number()
      .int()
      .positive()
      .default(50 * 1024 * 1024),
    /** AI engine: see app/modules/documents/analysis; offline unless a network engine is configured. */
    AI_PROVIDER: z.enum(["offline", "workers-ai", "openai-compatible"]).optional(),
    AI_BASE_URL: z.string().url().optional(),
    AI_API_KEY: z.string().optional(),
    AI_MODEL: z.string().optional(),
    /** SMS: the embedded outbox (with the development phone simulator) unless Twilio is configured. */
    SMS_PROVIDER: z.enum(["outbox", "twilio"]).default("outbox"),
    /** Our sender number as the phones see it (E.164); with Twilio, the number or a messaging service. */
    SMS_FROM_NUMBER: z
      .string()
      .regex(/^\+[1-9]\d{6,14}$/, "SMS_FROM_NUMBER must be E.164, e.g. +15550100000")
      .default("+15550100000"),
    TWILIO_ACCOUNT_SID: z
      .string()
      .regex(/^AC[0-9a-fA-F]{32}$/, "TWILIO_ACCOUNT_SID looks like AC followed by 32 hex digits")
      .optional(),
    TWILIO_AUTH_TOKEN: z.string().min(16).optional(),
    TWILIO_MESSAGING_SERVICE_SID: z
      .string()
      .regex(/^MG[0-9a-fA-F]{32}$/)
      .optional(),
    /** The public origin Twilio calls (signatures cover the exact URL); defaults to the request's origin. */
    SMS_WEBHOOK_BASE_URL: z.string().url().optional(),
    /** Twilio's REST API root; tests point it at a local fake. */
    TWILIO_API_BASE_URL: z.string().url().default("https://api.twilio.com"),
    /** Video meetings: STUN servers for the embedded peer-to-peer mesh (comma-separated stun: URLs); none by default. */
    MEETINGS_STUN_URLS: z
      .string()
      .optional()
      .transform((v) =>
        (v ?? "")
          .split(",")
          .map((u) => u.trim())
          .filter(Boolean),
      )
      .refine((urls) => urls.every((u) => /^stuns?:[^\s]+$/.test(u)), "MEETINGS_STUN_URLS must list stun: URLs, e.g. stun:stun.example.com:3478"),
    /** Video meetings: a Cloudflare Realtime TURN key (its id, and its API token as a secret) mints short-lived relay credentials. */
    REALTIME_TURN_KEY_ID: z
      .string()
      .regex(/^[A-Za-z0-9_-]{8,128}$/, "REALTIME_TURN_KEY_ID is the TURN key's id from the Cloudflare dashboard")
      .optional(),
    REALTIME_TURN_KEY_API_TOKEN: z.string().min(16, "REALTIME_TURN_KEY_API_TOKEN is the TURN key's API token (a secret)").optional(),
    /** Video meetings: a Cloudflare Realtime SFU app (its id, and its secret) carries the media of larger meetings (ADR 0030). */
    REALTIME_SFU_APP_ID: z
      .string()
      .regex(/^[A-Za-z0-9_-]{8,128}$/, "REALTIME_SFU_APP_ID is the SFU app's id from the Cloudflare dashboard")
      .optional(),
    REALTIME_SFU_APP_SECRET: z.string().min(16, "REALTIME_SFU_APP_SECRET is the SFU app's secret").optional(),
    /** Meetings expecting at least this many people (host and invitees) use the SFU when it is configured. */
    MEETINGS_SFU_FROM: z.coerce.number().int().min(2, "MEETINGS_SFU_FROM is a number of people, at least 2").max(1000).default(7),
    /** Cloudflare Realtime's API root (TURN and SFU); tests point it at a local fake. */
    REALTIME_API_BASE_URL: z.string().url().default("https://rtc.live.cloudflare.com/v1"),
    /**
     * The platform's operators (comma-separated e-mail addresses, ADR 0031): once their address is verified they see
     * /system-health and /error-reporting for every workspace. Nobody by default.
     */
    OPERATOR_EMAILS: z
      .string()
      .optional()
      .transform((v) =>
        (v ?? "")
          .split(",")
          .map((e) => e.trim().toLowerCase())
          .filter(Boolean),
      ),
    /** Optional: forward captured errors to Sentry as well as the built-in store (ADR 0031). Plain http only on loopback (a local stand-in). */
    SENTRY_DSN: z
      .string()
      .regex(
        /^(?:https:\/\/[^@\s]+@[^/\s]+|http:\/\/[^@\s]+@(?:127\.0\.0\.1|localhost)(?::\d+)?)\/\d+$/,
        "SENTRY_DSN looks like https://<key>@<host>/<project id>",
      )
      .optional(),
    /**
     * Secret: the ECDSA P-256 private key (PKCS#8, base64 or PEM) that signs audit bundles. Without it a key kept in
     * the database signs them, which a person with database access could replace (ADR 0023).
     */
    AUDIT_SIGNING_KEY: z
      .string()
      .regex(/^[A-Za-z0-9+/=\s-]+$/, "AUDIT_SIGNING_KEY must be a PKCS#8 private key in base64 (or PEM)")
      .optional(),
  })
  .superRefine((env, ctx) => {
    if (env.APP_ENV === "production" && !env.PUBLIC_ORIGIN.startsWith("https://")) {
      ctx.addIssue({ code: "custom", message: "PUBLIC_ORIGIN must use https in production" });
    }
    if (env.APP_ENV === "production" && env.DEV_TOOLS === "on") {
      ctx.addIssue({ code: "custom", message: "DEV_TOOLS=on is refused in production" });
    }
    if (env.APP_ENV === "production" && env.DEV_SQL_TOKEN) {
      ctx.addIssue({ code: "custom", message: "DEV_SQL_TOKEN is refused in production" });
    }
    if (env.APP_ENV === "production" && env.DEV_CLIENT_ADDRESS_KEY) {
      ctx.addIssue({ code: "custom", message: "DEV_CLIENT_ADDRESS_KEY is refused in production" });
    }
    if (env.MAIL_PROVIDER === "http" && (!env.MAIL_API_URL || !env.MAIL_API_KEY)) {
      ctx.addIssue({ code: "custom", message: "MAIL_PROVIDER=http needs MAIL_API_URL and MAIL_API_KEY" });
    }
    if (env.SMS_PROVIDER === "twilio" && (!env.TWILIO_ACCOUNT_SID || !env.TWILIO_AUTH_TOKEN)) {
      ctx.addIssue({ code: "custom", message: "SMS_PROVIDER=twilio needs TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN (secrets)" });
    }
    if (Boolean(env.REALTIME_TURN_KEY_ID) !== Boolean(env.REALTIME_TURN_KEY_API_TOKEN)) {
      ctx.addIssue({ code: "custom", message: "Cloudflare Realtime TURN needs both REALTIME_TURN_KEY_ID and REALTIME_TURN_KEY_API_TOKEN (secret)" });
    }
    if (Boolean(env.REALTIME_SFU_APP_ID) !== Boolean(env.REALTIME_SFU_APP_SECRET)) {
      ctx.addIssue({ code: "custom", message: "The Cloudflare Realtime SFU needs both REALTIME_SFU_APP_ID and REALTIME_SFU_APP_SECRET (secret)" });
    }
    if (env.AI_PROVIDER === "openai-compatible" && (!env.AI_BASE_URL || !env.AI_MODEL)) {
      ctx.addIssue({ code: "custom", message: "AI_PROVIDER=openai-compatible needs AI_BASE_URL and AI_MODEL" });
    }
  });

/** The settings, plus the host names we answer for in production (worked out once, not per request). */
const configSchema = envSchema.transform((env) => ({
  ...env,
  ownHosts: new Set([
    new URL(env.PUBLIC_ORIGIN).host,
    ...(env.ALLOWED_HOSTS ?? "")
      .split(",")
      .map((h) => h.trim())
      .filter(Boolean),
  ]),
}));

export type AppConfig = z.infer<typeof configSchema>;

/** The peppers password hashing uses (app/modules/auth/password.server.ts). */
export function peppers(config: AppConfig) {
  return { current: config.PASSWORD_PEPPER, version: config.PASSWORD_PEPPER_VERSION, previous: config.PASSWORD_PEPPER_PREVIOUS };
}

const cache = new WeakMap<object, AppConfig>();

/** Validates the Worker's environment once per isolate; a misconfiguration fails loudly at the first request. */
export function getConfig(env: Env): AppConfig {
  const hit = cache.get(env);
  if (hit) return hit;
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".") || "env"}: ${i.message}`).join("; ");
    throw new Error(`Invalid environment: ${problems}`);
  }
  cache.set(env, parsed.data);
  return parsed.data;
}

const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost", "[::1]", "::1"]);

export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK_HOSTS.has(hostname) || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);
}

/** Development tools answer only when explicitly switched on and reached on loopback. */
export function devToolsEnabled(config: AppConfig, url: URL): boolean {
  return config.DEV_TOOLS === "on" && config.APP_ENV !== "production" && isLoopbackHost(url.hostname);
}

/**
 * Host names this Worker answers for. In production only PUBLIC_ORIGIN's host and ALLOWED_HOSTS; elsewhere
 * any (local ports and test servers vary), since links never come from the request anyway.
 */
export function isOwnHost(config: AppConfig, url: URL): boolean {
  return config.APP_ENV !== "production" || config.ownHosts.has(url.host);
}
