import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { getCurrentSession } from "~/modules/auth/guard.server";
import { logout } from "~/modules/auth/service.server";
import { clearSessionCookie } from "~/modules/auth/session.server";
import { getRequestContext } from "~/platform/request-context.server";
import { isSameOriginNavigation } from "~/platform/security.server";

export const meta: MetaFunction = () => [{ title: "Sign out · Legal Document Platform" }, { name: "robots", content: "noindex" }];

/** Ends the server session, clears the cookie and returns to the landing page. */
async function signOut(args: LoaderFunctionArgs) {
  const ctx = getRequestContext(args.request, args.context);
  const session = await getCurrentSession(args);
  if (session) {
    await logout(ctx, { sessionId: session.sessionId, userId: session.user.id, workspaceId: session.workspace?.id });
  }
  return redirect("/", { headers: { "Set-Cookie": clearSessionCookie(ctx.secure), "Cache-Control": "no-store" } });
}

/**
 * GET /api/logout (the spec's sign-out link) signs out only when the link was followed on our own pages;
 * from anywhere else (another site, a mail, a typed address) it asks first, so no page can sign people out.
 */
export async function loader(args: LoaderFunctionArgs) {
  if (!(await getCurrentSession(args))) return redirect("/", { headers: { "Cache-Control": "no-store" } });
  if (isSameOriginNavigation(args.request)) return signOut(args);
  return { confirm: true as const };
}

/** The confirmation's button posts here (the Worker refuses cross-site posts before this runs). */
export const action = (args: ActionFunctionArgs) => signOut(args);

export default function SignOutConfirmation() {
  const { t } = useTranslation("auth");
  return (
    <main id="main-content" className="flex min-h-screen items-center justify-center bg-background px-4">
      <div className="flex w-full max-w-md flex-col gap-4 rounded-xl border border-solid border-border bg-card p-6 shadow-sm">
        <h1 className="m-0 text-xl">{t("signOut.title")}</h1>
        <p className="m-0 text-sm text-muted-foreground">{t("signOut.body")}</p>
        <Form method="post" reloadDocument>
          <Button type="submit" className="w-full">
            {t("signOut.button")}
          </Button>
        </Form>
        <Link to="/dashboard" className="text-center text-sm text-link">
          {t("signOut.back")}
        </Link>
      </div>
    </main>
  );
}
