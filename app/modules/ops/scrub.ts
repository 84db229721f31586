/**
 * What an error report may keep: nothing that looks like an e-mail, a token, a password or a document's text
 * (issue 21). Run on every client field before it is stored, and on the Worker's own errors. The text is anyone's:
 * every open-ended run that a match may try from many starting points has a bound (issue 42), so a long line costs
 * linear time, never the quadratic backtracking of an unbounded `[…]+` that fails at its end.
 */
const RULES: [RegExp, string][] = [
  // Secrets named in the text: password=…, "token": "…", api_key: …
  [/\b(password|passwd|pwd|secret|token|api[_-]?key|authorization|cookie|session(?:id)?|otp|code)(["']?\s*[:=]\s*["']?)[^\s"'&,;)]{1,512}/gi, "$1$2[redacted]"],
  [/\bBearer\s{1,8}[^\s"',;]{1,512}/gi, "Bearer [token]"],
  [/\beyJ[\w-]{1,2048}\.[\w-]{1,2048}\.[\w-]{1,2048}/g, "[token]"],
  [/[\w.!#$%&'*+/=?^`{|}~-]{1,64}@[\w-]{1,63}(?:\.[\w-]{1,63}){1,8}/g, "[email]"],
  // A query string may carry a reset token or a signed link: only the path is kept.
  [/(https?:\/\/[^\s?#)]{1,2048})\?[^\s#)]{0,4096}/g, "$1"],
  // Long opaque strings (hex or base64 keys and hashes).
  [/\b[A-Za-z0-9_+/-]{32,4096}={0,2}/g, "[token]"],
  // Phone and account numbers.
  [/\+?\d[\d\s().-]{8,40}\d/g, "[number]"],
  // Quoted passages: a document's or a message's text.
  [/(["“'‘])[^"“”'‘’\n]{40,4096}(["”'’])/g, "$1[text]$2"],
];

export const LIMITS = { message: 500, type: 80, stack: 8000, route: 300, release: 64, browser: 200, breadcrumb: 200, breadcrumbs: 20 } as const;

export function scrub(text: string, max: number): string {
  let out = text.slice(0, max * 2);
  for (const [pattern, replacement] of RULES) out = out.replace(pattern, replacement);
  return out.length > max ? `${out.slice(0, max - 1)}…` : out;
}

export function scrubOptional(text: string | null | undefined, max: number): string | null {
  return text == null || text === "" ? null : scrub(text, max);
}

/** A route is a path: the query string and fragment are dropped, whatever they held. */
export function routeOnly(route: string | null | undefined): string | null {
  if (!route) return null;
  const path = route.replace(/^https?:\/\/[^/]+/, "").split(/[?#]/)[0] ?? "";
  return scrub(path || "/", LIMITS.route);
}
