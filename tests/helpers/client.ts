import { randomBytes } from "node:crypto";

const PROXY_RESTARTED = "Your worker restarted mid-request.";
const canResend = (body: unknown) => body == null || typeof body === "string" || body instanceof URLSearchParams || body instanceof FormData;

/**
 * The headers with which a test names its client address: CF-Connecting-IP, vouched for by the run's key (set by
 * tests/worker/global-setup.ts, scripts/lib.mjs `testClientAddressKey`). Without the key, outside production, the
 * Worker ignores CF-Connecting-IP and every request comes from loopback (app/platform/request-context.server.ts).
 */
export function clientAddressHeaders(ip: string): Record<string, string> {
  const key = process.env.DEV_CLIENT_ADDRESS_KEY;
  return { "CF-Connecting-IP": ip, ...(key ? { "X-Dev-Client-Address-Key": key } : {}) };
}

/** A tiny HTTP client with a cookie jar and its own client address (so rate limits never cross tests). */
export class Client {
  cookies = new Map<string, string>();
  readonly ip: string;

  constructor(
    readonly baseUrl: string,
    ip?: string,
    /** `vouch: false`: CF-Connecting-IP is sent as any browser could send it, without the run's key (a forged header). */
    readonly options: { vouch?: boolean } = {},
  ) {
    const b = randomBytes(3);
    this.ip = ip ?? `10.${b[0]}.${b[1]}.${b[2] || 1}`;
  }

  get origin() {
    return new URL(this.baseUrl).origin;
  }

  cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  async fetch(path: string, init: Omit<RequestInit, "headers"> & { headers?: Record<string, string> } = {}) {
    const address = this.options.vouch === false ? { "CF-Connecting-IP": this.ip } : clientAddressHeaders(this.ip);
    const headers: Record<string, string> = { ...address, ...init.headers };
    if (this.cookies.size && !headers.Cookie) headers.Cookie = this.cookieHeader();
    const send = () =>
      answerOrSay(
        `${init.method ?? "GET"} ${path}`,
        fetch(new URL(path, this.baseUrl), { redirect: "manual", signal: AbortSignal.timeout(REQUEST_LIMIT_MS), ...init, headers }),
      );
    let response = await send();
    // wrangler's local proxy answers this 503 itself, never our Worker, when its runtime was paused mid-request; it
    // asks for the request again and repeats only GETs itself. A body we can send again is sent again, loudly.
    for (let attempt = 1; attempt <= 2 && response.status === 503 && canResend(init.body); attempt++) {
      const text = await response.clone().text();
      if (!text.startsWith(PROXY_RESTARTED)) break;
      console.warn(`wrangler's proxy answered 503 "worker restarted mid-request" to ${init.method ?? "GET"} ${path}; sent again`);
      await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
      response = await send();
    }
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(";");
      const [name, value] = [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)];
      if (attrs.some((a) => a.trim().toLowerCase() === "max-age=0") || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  get(path: string, headers: Record<string, string> = {}) {
    return this.fetch(path, { headers });
  }

  postJson(path: string, body: unknown, headers: Record<string, string> = {}) {
    return this.fetch(path, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: this.origin, ...headers },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });
  }

  postForm(path: string, fields: Record<string, string>) {
    return this.fetch(path, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: this.origin },
      body: new URLSearchParams(fields).toString(),
    });
  }
}

let counter = 0;
export const STRONG_PASSWORD = "Tr0ub4dor&Horse!";

export function newAccount(prefix = "user") {
  const id = `${prefix}${Date.now().toString(36)}${(counter++).toString(36)}${randomBytes(2).toString("hex")}`;
  return {
    name: `Test ${prefix} Person`,
    username: id.slice(0, 50),
    email: `${id.toLowerCase()}@example.com`,
    password: STRONG_PASSWORD,
    confirmPassword: STRONG_PASSWORD,
  };
}

export async function registerUser(baseUrl: string, prefix = "user") {
  const client = new Client(baseUrl);
  const account = newAccount(prefix);
  const response = await client.postJson("/api/auth/register", account);
  if (response.status !== 201) throw new Error(`register failed: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { user: { id: string } };
  return { client, account, userId: body.user.id };
}

/** The newest mail to an address, read from the development outbox page, with the first link in it. */
export async function latestMail(baseUrl: string, to: string) {
  const html = await (await fetch(new URL("/dev/outbox", baseUrl))).text();
  const articles = html.split('data-testid="outbox-mail"').slice(1);
  const mine = articles.find((a) => a.includes(`>${to}<`));
  if (!mine) return null;
  const link = mine.match(/href="(https?:\/\/[^"]+)"/)?.[1]?.replace(/&amp;/g, "&") ?? null;
  const subject = (mine.match(/<h2[^>]*>([^<]+)<\/h2>/)?.[1] ?? "").replace(/&#x27;/g, "'").replace(/&amp;/g, "&");
  return { subject, link, token: link ? new URL(link).searchParams.get("token") : null };
}

/** Under the tests' 60 s limit, so a request the server never answers fails as itself, named, not as a timed-out test. */
const REQUEST_LIMIT_MS = 45_000;

async function answerOrSay(what: string, answer: Promise<Response>): Promise<Response> {
  try {
    return await answer;
  } catch (error) {
    if (error instanceof DOMException && error.name === "TimeoutError") throw new Error(`${what} had no answer within ${REQUEST_LIMIT_MS / 1000} s`);
    // "fetch failed" alone says nothing; its cause says which side dropped the connection and how.
    const cause = error instanceof Error ? (error.cause as { code?: string; message?: string } | undefined) : undefined;
    if (cause) throw new Error(`${what} failed: ${cause.message ?? ""}${cause.code ? ` (${cause.code})` : ""}`, { cause: error });
    throw error;
  }
}
