/** Spec section 2: the signed-in pages. Any other path signed in is a not-found page. */
export const SIGNED_IN_PATHS = [
  "/",
  "/dashboard",
  "/modules",
  "/documents",
  "/chat",
  "/notifications",
  "/financial",
  "/trust-banking",
  "/trust-administration",
  "/translator",
  "/scanner",
  "/regulatory-audit",
  "/help",
  "/language-demo",
  "/tax-administration",
  "/ethical-compliance",
  "/multi-jurisdiction-compliance",
  "/legal-intelligence",
  "/document-drafting",
  "/theme-demo",
  "/profile",
  "/admin",
  "/email-personalization",
  "/smart-communication",
  "/error-reporting",
  "/system-health",
  "/compliance-notifications",
  "/version-control",
  "/video-meetings",
  "/compliance-health",
  "/polling",
  "/sms-threading",
  "/transaction-reconciliation",
  "/threaded-conversations",
  "/vote-tracking",
  "/beneficiary-portal",
  // Referenced by the assistant's navigation.
  "/compliance",
] as const;

/** Paths with a parameter that belong to the signed-in set. */
const SIGNED_IN_PATTERNS = [/^\/documents\/[^/]+$/, /^\/channel\/[^/]+$/];

export function isSignedInPath(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return (SIGNED_IN_PATHS as readonly string[]).includes(path) || SIGNED_IN_PATTERNS.some((p) => p.test(path));
}

/** A readable name for a signed-in area that has no screen yet, from its path ("/trust-banking" → "Trust banking"). */
export function areaName(pathname: string): string {
  const segment = pathname.split("/").filter(Boolean)[0] ?? "";
  const words = segment.replace(/-/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The route id of the signed-in layout (`layout("routes/_app.tsx", …)` in app/routes.ts), which draws the shell. */
export const SIGNED_IN_LAYOUT_ID = "routes/_app";
