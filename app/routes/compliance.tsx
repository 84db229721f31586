import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";

/**
 * /compliance: where the assistant's "Check Compliance" action leads (spec sections 2 and 8). The
 * product's compliance area is Compliance Monitoring at /compliance-health (the dashboard's module
 * link); deadline reminder settings live at /compliance-notifications. Signed out, the target page
 * itself sends the visitor to sign in and back.
 */
export function loader({ request }: LoaderFunctionArgs) {
  return redirect(`/compliance-health${new URL(request.url).search}`);
}

/** Never rendered: the loader always redirects. A component keeps client-side navigation a page navigation. */
export default function ComplianceRedirect() {
  return null;
}
