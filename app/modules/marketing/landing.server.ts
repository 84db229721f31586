import type { LoaderFunctionArgs } from "@remix-run/cloudflare";

/** The landing page needs no user data; it ships without the React runtime (see docs/decisions/0004). */
export function landingPageData(args: LoaderFunctionArgs) {
  const env = args.context.cloudflare.env;
  return {
    hydrate: false as const,
    supportEmail: env.SUPPORT_EMAIL ?? "support@trust-platform.example",
    salesPhone: env.SALES_PHONE ?? null,
  };
}
