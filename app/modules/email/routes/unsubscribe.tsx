import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { and, eq } from "drizzle-orm";
import { useTranslation } from "react-i18next";
import { Banner } from "~/components/ui/banner";
import { Button } from "~/components/ui/button";
import { memberships, workspaces } from "~/modules/workspaces/schema";
import { resolveDisplayPreferences } from "~/modules/preferences/preferences.server";
import { peppers } from "~/platform/env.server";
import { formDataOrNull } from "~/platform/http.server";
import { getRequestContext, type RequestContext } from "~/platform/request-context.server";
import { scopeLabel, setOptOut } from "../settings.server";
import { PREVIEW_UNSUBSCRIBE_TOKEN, readUnsubscribe } from "../unsubscribe-token.server";

export const handle = { i18n: ["email"] };
export const meta: MetaFunction = () => [{ title: "Unsubscribe · Legal Document Platform" }, { name: "robots", content: "noindex" }];

/** The link's claim, if it is genuine and its person still belongs to its workspace (else there is nothing to stop). */
async function claimOf(ctx: RequestContext, request: Request) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const claim = await readUnsubscribe(peppers(ctx.config), token);
  if (!claim) return null;
  const found = await ctx.db
    .select({ name: workspaces.name })
    .from(memberships)
    .innerJoin(workspaces, eq(workspaces.id, memberships.workspaceId))
    .where(and(eq(memberships.userId, claim.userId), eq(memberships.workspaceId, claim.workspaceId)))
    .get();
  return found ? { claim, workspaceName: found.name } : null;
}

/**
 * GET shows what the link stops and asks once (link scanners open links; a GET never changes anything). POST stops
 * it: from this page's button, or from a mail app's one-click unsubscribe (RFC 8058, `List-Unsubscribe=One-Click`).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const ctx = getRequestContext(request, context);
  if (new URL(request.url).searchParams.get("token") === PREVIEW_UNSUBSCRIBE_TOKEN) return { valid: false as const, preview: true };
  const found = await claimOf(ctx, request);
  if (!found) return { valid: false as const, preview: false };
  return { valid: true as const, label: scopeLabel(found.claim.scope, resolveDisplayPreferences(request).language), workspaceName: found.workspaceName };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const ctx = getRequestContext(request, context);
  // Whatever a mail app posts (RFC 8058 asks for a form, some send nothing): anything but our own form is a stop.
  const form = (await formDataOrNull(request)) ?? new FormData();
  const found = await claimOf(ctx, request);
  if (!found) return data({ done: false, undone: false }, { status: 400 });
  // A mail app's one-click POST carries `List-Unsubscribe=One-Click` and no intent: it stops.
  const undo = form.get("intent") === "undo";
  await setOptOut(ctx, found.claim, !undo);
  return { done: true, undone: undo };
}

export default function UnsubscribeRoute() {
  const page = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  const { t } = useTranslation("email");
  const stopped = result?.done && !result.undone;
  return (
    <main id="main-content" className="flex min-h-screen items-center justify-center bg-background px-4">
      <div className="flex w-full max-w-md flex-col gap-4 rounded-xl border border-solid border-border bg-card p-6 shadow-sm">
        <h1 className="m-0 text-xl">{t("unsubscribe.title")}</h1>
        {!page.valid ? (
          <Banner kind="error">{t(page.preview ? "unsubscribe.preview" : "unsubscribe.invalid")}</Banner>
        ) : (
          <>
            <p className="m-0" role="status">
              {stopped
                ? t("unsubscribe.done", { what: page.label, workspace: page.workspaceName })
                : result?.undone
                  ? t("unsubscribe.undone", { what: page.label, workspace: page.workspaceName })
                  : t("unsubscribe.ask", { what: page.label, workspace: page.workspaceName })}
            </p>
            <p className="m-0 text-sm text-muted-foreground">{t("unsubscribe.securityStays")}</p>
            <Form method="post" replace>
              <input type="hidden" name="intent" value={stopped ? "undo" : "stop"} />
              <Button type="submit" variant={stopped ? "outline" : "default"} disabled={busy}>
                {stopped ? t("unsubscribe.undo") : t("unsubscribe.confirm")}
              </Button>
            </Form>
          </>
        )}
        <Link to="/email-personalization">{t("unsubscribe.settings")}</Link>
      </div>
    </main>
  );
}
