import { isRouteErrorResponse, useLocation } from "@remix-run/react";
import { useEffect } from "react";
import { addBreadcrumb, reportError } from "./capture";

/** An error boundary's error goes to /error-reporting: a render error, never a refusal (4xx) or a server 500 already kept. */
export function useBoundaryReport(error: unknown): void {
  useEffect(() => {
    if (isRouteErrorResponse(error)) return;
    reportError(error, "boundary");
  }, [error]);
}

/** Each navigation is a step of the trail sent with the next error. */
export function useNavigationBreadcrumbs(): void {
  const { pathname } = useLocation();
  useEffect(() => addBreadcrumb(`navigate ${pathname}`), [pathname]);
}
