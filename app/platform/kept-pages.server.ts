/**
 * Rendered answers kept in the isolate for a short while (ADR 0042 for signed-out pages, ADR 0043 for signed-in
 * ones). An answer is kept only when it is a plain 200 of a kind we serve again (HTML, Remix's data, JSON) and sets
 * no cookie. A page's CSP nonce differs per answer: kept HTML has its render's nonce replaced by the new one.
 */
export interface KeptPagesOptions {
  ttlMs: number;
  /** The oldest kept answer goes first beyond either limit. */
  maxEntries: number;
  maxBytes: number;
  /** Content types (their start) that may be kept. */
  types: readonly string[];
}

interface KeptPage {
  body: string;
  nonce: string;
  html: boolean;
  status: number;
  headers: [string, string][];
  expiresAt: number;
}

export class KeptPages {
  #pages = new Map<string, KeptPage>();
  #bytes = 0;

  constructor(private readonly options: KeptPagesOptions) {}

  /** The kept answer with this answer's nonce, or null when there is none or it is too old. */
  serve(key: string, nonce: string, now = Date.now()): Response | null {
    const page = this.#pages.get(key);
    if (!page) return null;
    if (page.expiresAt <= now) {
      this.#drop(key, page);
      return null;
    }
    const headers = new Headers(page.headers);
    headers.set("X-Page-Cache", "hit");
    return new Response(page.html ? page.body.split(page.nonce).join(nonce) : page.body, { status: page.status, headers });
  }

  /** Keeps a freshly rendered answer when it may be kept, and answers with it. */
  async keep(key: string, response: Response, nonce: string, now = Date.now()): Promise<Response> {
    const type = response.headers.get("Content-Type") ?? "";
    if (response.status !== 200 || !this.options.types.some((t) => type.startsWith(t)) || response.headers.has("Set-Cookie")) return response;
    const body = await response.text();
    const headers: [string, string][] = [...response.headers].filter(([name]) => name.toLowerCase() !== "content-length");
    const previous = this.#pages.get(key);
    if (previous) this.#drop(key, previous);
    this.#pages.set(key, { body, nonce, html: type.startsWith("text/html"), status: response.status, headers, expiresAt: now + this.options.ttlMs });
    this.#bytes += body.length;
    while (this.#pages.size > this.options.maxEntries || this.#bytes > this.options.maxBytes) {
      const [oldestKey, oldest] = this.#pages.entries().next().value as [string, KeptPage];
      this.#drop(oldestKey, oldest);
    }
    const answer = new Response(body, { status: response.status, headers: response.headers });
    answer.headers.set("X-Page-Cache", "miss");
    return answer;
  }

  /** For tests: forget every kept answer. */
  clear() {
    this.#pages.clear();
    this.#bytes = 0;
  }

  #drop(key: string, page: KeptPage) {
    this.#pages.delete(key);
    this.#bytes -= page.body.length;
  }
}
