import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { requireSession } from "~/modules/auth/guard.server";
import { resolveDisplayPreferences } from "~/modules/preferences/preferences.server";
import { listMembers } from "~/modules/workspaces/service.server";
import { throwAsResponse } from "~/platform/http.server";
import { getRequestContext } from "~/platform/request-context.server";
import type { SignedInPageHandle } from "~/routes/_app";
import { emailOwnerScope } from "../access.server";
import { EmailPersonalizationPage } from "../components/email-personalization-page";
import { emailApiT } from "../i18n.server";
import { listEmailTemplates } from "../service.server";
import { getEmailSettings } from "../settings.server";

export const handle = { i18n: ["email"] } satisfies SignedInPageHandle;
export const meta: MetaFunction = () => [{ title: "Email Personalization · Legal Document Platform" }];

/** Everyone's own digest and stopped mail; for owners, the workspace's e-mails and the members a preview can show. */
export async function loader(args: LoaderFunctionArgs) {
  const session = await requireSession(args);
  const ctx = getRequestContext(args.request, args.context);
  const language = resolveDisplayPreferences(args.request).language;
  try {
    const owner = session.workspace?.role === "owner";
    const [settings, editor, members] = await Promise.all([
      getEmailSettings(ctx, session, language),
      owner ? listEmailTemplates(ctx, emailOwnerScope(session)) : null,
      owner ? listMembers(ctx, session) : [],
    ]);
    return { settings, language, editor: editor ? { ...editor, members: members.map((m) => ({ id: m.userId, name: m.name })) } : null };
  } catch (error) {
    throwAsResponse(error, emailApiT(args.request));
  }
}

export default function EmailPersonalizationRoute() {
  const page = useLoaderData<typeof loader>();
  if (!page) return null;
  return <EmailPersonalizationPage page={page} />;
}
