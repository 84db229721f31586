import { redirect } from "@remix-run/cloudflare";

/** Every sign-in and trial button of the landing page leads here (spec section 2). */
export const loader = () => redirect("/auth");
