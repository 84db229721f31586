import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { requireSession } from "~/modules/auth/guard.server";
import { listChannels } from "~/modules/conversations/channels.server";
import { resolveDisplayPreferences } from "~/modules/preferences/preferences.server";
import { listMembers } from "~/modules/workspaces/service.server";
import { Refusal, throwAsResponse } from "~/platform/http.server";
import { getRequestContext } from "~/platform/request-context.server";
import type { SignedInPageHandle } from "~/routes/_app";
import { communicationScope } from "../access.server";
import { SmartCommunicationPage } from "../components/smart-communication-page";
import { communicationT } from "../i18n.server";
import { listScheduled } from "../scheduled.server";
import { listTemplates } from "../service.server";

export const handle = { i18n: ["communication"] } satisfies SignedInPageHandle;
export const meta: MetaFunction = () => [{ title: "Smart Communication · Legal Document Platform" }];

/** Templates, scheduled messages, and where a message can go: the channels the person posts in and the members. */
export async function loader(args: LoaderFunctionArgs) {
  const session = await requireSession(args);
  const ctx = getRequestContext(args.request, args.context);
  try {
    let scope;
    try {
      scope = communicationScope(session);
    } catch (error) {
      // Others are told who does this here, in a sentence, rather than shown an error page.
      if (error instanceof Refusal && error.status === 403) return { allowed: false as const };
      throw error;
    }
    const language = resolveDisplayPreferences(args.request).language;
    const [templates, scheduled, channels, members] = await Promise.all([
      listTemplates(ctx, scope, language),
      listScheduled(ctx, scope),
      listChannels(ctx.db, session),
      listMembers(ctx, session),
    ]);
    return {
      allowed: true as const,
      ...templates,
      ...scheduled,
      channels: channels.filter((c) => c.member && !c.archived).map((c) => ({ id: c.id, name: c.name })),
      members: members.map((m) => ({ id: m.userId, name: m.name })),
    };
  } catch (error) {
    throwAsResponse(error, communicationT(args.request));
  }
}

export default function SmartCommunicationRoute() {
  const page = useLoaderData<typeof loader>();
  if (!page) return null;
  return <SmartCommunicationPage page={page} />;
}
