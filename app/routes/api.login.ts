import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { onlyMethods } from "~/platform/http.server";

/**
 * Every sign-in and trial button of the landing page leads here (spec section 2). The trial
 * buttons carry ?intent=trial and continue to the sign-up for a new family workspace.
 */
export const loader = ({ request }: LoaderFunctionArgs) => redirect(new URL(request.url).searchParams.get("intent") === "trial" ? "/customer-signup" : "/auth");

/** Signing in is POST /api/auth/login; here anything but a GET is a 405 in the house's words. */
export const action = onlyMethods("GET");
