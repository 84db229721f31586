/** Where people land after signing in when the requested place is missing or not one of our own paths. */
export const DEFAULT_AFTER_SIGN_IN = "/chat";

// Any origin works for the check below: only whether resolving the path leaves it matters.
const PROBE_ORIGIN = "https://same-origin.invalid";

/**
 * Only our own paths are accepted as a place to return to after sign-in, by server and browser alike.
 * Browsers drop tabs and newlines and read backslashes as slashes (`/\t/evil.example` is
 * `//evil.example`), so any control character, whitespace or backslash refuses the path outright.
 */
export function safeRedirect(to: string | null | undefined, fallback = DEFAULT_AFTER_SIGN_IN): string {
  if (typeof to !== "string" || to.length === 0 || to.length > 2048) return fallback;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused here
  if (/[\u0000-\u001f\u007f-\u009f\s\\]/.test(to)) return fallback;
  if (!to.startsWith("/") || to.startsWith("//")) return fallback;
  try {
    if (new URL(to, PROBE_ORIGIN).origin !== PROBE_ORIGIN) return fallback;
  } catch {
    return fallback;
  }
  return to;
}
