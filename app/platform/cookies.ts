/** One cookie's value from the request, URL-decoded; null when absent or malformed. */
export function readCookie(request: Request, name: string): string | null {
  const header = request.headers.get("Cookie");
  if (!header) return null;
  for (const pair of header.split(";")) {
    const index = pair.indexOf("=");
    if (index < 0 || pair.slice(0, index).trim() !== name) continue;
    try {
      return decodeURIComponent(pair.slice(index + 1).trim());
    } catch {
      return null;
    }
  }
  return null;
}

/**
 * A cookie that carries one random token (a session, a pending sign-in): HttpOnly, on the whole site, `__Host-`
 * over https (bound to this exact host; plain-http localhost cannot use the prefix), and read back only in the
 * token's own shape (43 base64url characters).
 */
export function tokenCookie(baseName: string, sameSite: "Lax" | "Strict") {
  const name = (secure: boolean) => (secure ? `__Host-${baseName}` : baseName);
  const attributes = (secure: boolean, maxAgeSeconds: number | null) => {
    const parts = ["Path=/", "HttpOnly", `SameSite=${sameSite}`];
    if (maxAgeSeconds !== null) parts.push(`Max-Age=${maxAgeSeconds}`);
    if (secure) parts.push("Secure");
    return parts.join("; ");
  };
  return {
    name,
    /** `maxAgeSeconds` null: a browser-session cookie, gone when the browser closes. */
    serialize: (token: string, secure: boolean, maxAgeSeconds: number | null) => `${name(secure)}=${token}; ${attributes(secure, maxAgeSeconds)}`,
    clear: (secure: boolean) => `${name(secure)}=; ${attributes(secure, 0)}`,
    read(request: Request): string | null {
      const value = readCookie(request, name(new URL(request.url).protocol === "https:"));
      return value && /^[A-Za-z0-9_-]{43}$/.test(value) ? value : null;
    },
  };
}
