const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Cookie-authenticated writes must come from our own pages. Browsers send Origin on every cross-site
 * POST (and Sec-Fetch-Site); a request with neither is not from a browser page and carries no ambient risk.
 */
export function isForeignWrite(request: Request): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  const own = new URL(request.url).origin;
  const origin = request.headers.get("Origin");
  if (origin && origin !== "null") return origin !== own;
  if (origin === "null") return true;
  const site = request.headers.get("Sec-Fetch-Site");
  return site === "cross-site" || site === "same-site";
}

/**
 * A GET that our own pages started: Sec-Fetch-Site says same-origin, or (older browsers, no such header)
 * the Referer is one of our pages. Anything else — another site, a mail client, a typed address — is not.
 */
export function isSameOriginNavigation(request: Request): boolean {
  const site = request.headers.get("Sec-Fetch-Site");
  if (site !== null) return site === "same-origin";
  const referer = request.headers.get("Referer");
  if (!referer) return false;
  try {
    return new URL(referer).origin === new URL(request.url).origin;
  } catch {
    return false;
  }
}

export function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`,
    // Radix and the widget sizes use style attributes; styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "media-src 'self' blob:",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** The headers every response gets; HTML also gets the CSP with this request's nonce and no-store. */
export function withSecurityHeaders(response: Response, options: { nonce: string; production: boolean; secure: boolean }) {
  if (response.status === 101 || response.webSocket) return response;
  const secured = new Response(response.body, response);
  const headers = secured.headers;
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  // A stored document may be framed by our own viewer page (it says so itself); nothing else may be framed.
  if (headers.get("X-Frame-Options") !== "SAMEORIGIN") headers.set("X-Frame-Options", "DENY");
  headers.set("Cross-Origin-Opener-Policy", "same-origin");
  headers.set("Permissions-Policy", "camera=(self), microphone=(self), geolocation=(), payment=()");
  if (options.production && options.secure) {
    headers.set("Strict-Transport-Security", "max-age=63072000; includeSubDomains; preload");
  }
  if ((headers.get("Content-Type") ?? "").startsWith("text/html")) {
    headers.set("Content-Security-Policy", contentSecurityPolicy(options.nonce));
    // Pages may show private data: never store them in a shared or browser cache.
    headers.set("Cache-Control", "private, no-store");
  }
  return secured;
}
