import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { and, eq } from "drizzle-orm";
import { serverT } from "~/i18n.server";
import { seesWholeWorkspace } from "~/modules/workspaces/roles";
import { memberships } from "~/modules/workspaces/schema";
import { resolveDisplayPreferences } from "~/modules/preferences/preferences.server";
import { errorResponse, HttpError, onlyMethods } from "~/platform/http.server";
import { getRequestContext } from "~/platform/request-context.server";
import { calendarFor, feedByToken } from "../tax.server";
import { calendarFeed } from "../ics";

/**
 * GET /api/tax/feed/{token}.ics: the tax calendar (last tax year, whose returns fall due this year, and this one) for a calendar app, no session: the
 * secret address is the key. A revoked address, or one whose owner no longer administers or advises the trust,
 * answers 404 like one that never existed.
 */
export async function loader(args: LoaderFunctionArgs) {
  const ctx = getRequestContext(args.request, args.context);
  const token = (args.params.token ?? "").replace(/\.ics$/, "");
  const owner = await feedByToken(ctx.db, token);
  const member = owner
    ? await ctx.db
        .select({ role: memberships.role })
        .from(memberships)
        .where(and(eq(memberships.workspaceId, owner.workspaceId), eq(memberships.userId, owner.userId)))
        .get()
    : null;
  if (!owner || !member || !seesWholeWorkspace(member.role)) {
    // The house's 404, in the language of whoever asks (a calendar app shows nothing of it; a person sees why).
    const asker = serverT(["tax"], resolveDisplayPreferences(args.request).language);
    return errorResponse(new HttpError(404, asker("errors.feedNotFound"), undefined, { "Cache-Control": "no-store" }));
  }
  const t = serverT(["tax"], owner.language ?? "en");
  const access = { workspaceId: owner.workspaceId, userId: owner.userId, manage: false };
  const year = new Date().getUTCFullYear();
  const items = [...(await calendarFor(ctx.db, access, year - 1)), ...(await calendarFor(ctx.db, access, year))].filter((i) => i.status !== "done");
  const body = calendarFeed(items, {
    calendarName: t("feed.name", { trust: owner.workspaceName }),
    translate: (key, params) => t(key, params ?? {}),
    url: `${ctx.publicOrigin}/tax-administration`,
    scope: owner.workspaceId,
  });
  return new Response(body, {
    headers: { "Content-Type": "text/calendar; charset=utf-8", "Cache-Control": "private, max-age=300", "X-Content-Type-Options": "nosniff" },
  });
}

/** A calendar feed is only read: anything else is a 405 in the house's words (Remix would answer its own error). */
export const action = onlyMethods("GET");
