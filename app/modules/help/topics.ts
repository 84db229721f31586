import { HELP_TOPICS } from "~/modules/registry";

/** The help centre's sections come from the modules that explain them (`helpTopics` in their module.ts). */
export { HELP_TOPICS };
export type HelpTopic = string;

/** Every signed-in area of the product, for /modules. `ready` areas have their own screen today. */
export const PRODUCT_MODULES = [
  { path: "/dashboard", id: "dashboard", ready: true },
  { path: "/documents", id: "documents", ready: true },
  { path: "/chat", id: "chat", ready: true },
  { path: "/notifications", id: "notifications", ready: true },
  { path: "/polling", id: "polling", ready: true },
  { path: "/vote-tracking", id: "vote-tracking", ready: true },
  { path: "/threaded-conversations", id: "threaded-conversations", ready: true },
  { path: "/sms-threading", id: "sms-threading", ready: true },
  { path: "/trust-administration", id: "trust-administration", ready: false },
  { path: "/beneficiary-portal", id: "beneficiary-portal", ready: false },
  { path: "/financial", id: "financial", ready: false },
  { path: "/trust-banking", id: "trust-banking", ready: false },
  { path: "/transaction-reconciliation", id: "transaction-reconciliation", ready: false },
  { path: "/tax-administration", id: "tax-administration", ready: false },
  { path: "/compliance-health", id: "compliance-health", ready: false },
  { path: "/compliance-notifications", id: "compliance-notifications", ready: true },
  { path: "/multi-jurisdiction-compliance", id: "multi-jurisdiction-compliance", ready: false },
  { path: "/ethical-compliance", id: "ethical-compliance", ready: false },
  { path: "/regulatory-audit", id: "regulatory-audit", ready: false },
  { path: "/legal-intelligence", id: "legal-intelligence", ready: true },
  { path: "/document-drafting", id: "document-drafting", ready: true },
  { path: "/version-control", id: "version-control", ready: true },
  { path: "/scanner", id: "scanner", ready: true },
  { path: "/translator", id: "translator", ready: true },
  { path: "/video-meetings", id: "video-meetings", ready: false },
  { path: "/email-personalization", id: "email-personalization", ready: false },
  { path: "/smart-communication", id: "smart-communication", ready: false },
  { path: "/error-reporting", id: "error-reporting", ready: false },
  { path: "/system-health", id: "system-health", ready: false },
  { path: "/admin", id: "admin", ready: true },
  { path: "/profile", id: "profile", ready: true },
  { path: "/help", id: "help", ready: true },
  { path: "/language-demo", id: "language-demo", ready: true },
  { path: "/theme-demo", id: "theme-demo", ready: true },
] as const;

/** Case- and accent-insensitive match of every word of the query against a topic's text. */
export function matchesQuery(text: string, query: string): boolean {
  const fold = (s: string) => s.normalize("NFKD").replace(/\p{M}/gu, "").toLocaleLowerCase();
  const haystack = fold(text);
  return fold(query)
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
}
