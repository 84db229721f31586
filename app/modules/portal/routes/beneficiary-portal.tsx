import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data, redirect } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { requireSession } from "~/modules/auth/guard.server";
import { HttpError, readFormData, Refusal, throwAsResponse } from "~/platform/http.server";
import { getRequestContext } from "~/platform/request-context.server";
import type { SignedInPageHandle } from "~/routes/_app";
import { openThread, setTotalsShown } from "../commands.server";
import { PortalView } from "../components/portal-view";
import { PreviewChooser } from "../components/preview-chooser";
import { portalLanguage, portalT } from "../i18n.server";
import { loadPortal, previewChoices } from "../portal.server";
import { portalSubject } from "../subject.server";

export const handle = { i18n: ["portal", "finance"] } satisfies SignedInPageHandle;
export const meta: MetaFunction = () => [{ title: "Beneficiary Portal · Legal Document Platform" }];

/** Her portal, or for a trustee who has not chosen yet, whom to preview. Only the subject's own rows are loaded. */
export async function loader(args: LoaderFunctionArgs) {
  const session = await requireSession(args);
  const ctx = getRequestContext(args.request, args.context);
  try {
    const subject = await portalSubject(ctx, session, new URL(args.request.url).searchParams.get("as"));
    if (!subject) return { kind: "choose" as const, choices: await previewChoices(ctx.db, session) };
    return { kind: "portal" as const, portal: await loadPortal(ctx.db, session, subject) };
  } catch (error) {
    throwAsResponse(error, portalT(args.request));
  }
}

/** "totals": the owner's switch. "thread": opens her thread with the trustees and goes there. */
export async function action(args: ActionFunctionArgs) {
  const session = await requireSession(args);
  const ctx = getRequestContext(args.request, args.context);
  const t = portalT(args.request);
  const form = await readFormData(args.request);
  const intent = String(form.get("intent") ?? "");
  try {
    if (intent === "totals") {
      await setTotalsShown(ctx, session, form.get("show") === "on");
      return { intent, notice: t(form.get("show") === "on" ? "totals.nowShown" : "totals.nowHidden"), error: null };
    }
    if (intent === "thread") {
      const as = form.get("as");
      const subject = await portalSubject(ctx, session, typeof as === "string" && as !== "" ? as : null);
      if (!subject) throw new Refusal(400, "errors.chooseBeneficiary");
      return redirect(`/channel/${await openThread(ctx, session, subject, portalLanguage(args.request))}`);
    }
    return data({ intent, notice: null, error: t("errors.unknownAction") }, 400);
  } catch (error) {
    const refusal = error instanceof Refusal ? error.in(t) : error instanceof HttpError ? error : null;
    if (refusal) return data({ intent, notice: null, error: refusal.message }, refusal.status);
    throw error;
  }
}

export default function BeneficiaryPortalPage() {
  const page = useLoaderData<typeof loader>();
  if (!page) return null;
  return page.kind === "choose" ? <PreviewChooser choices={page.choices} /> : <PortalView portal={page.portal} />;
}
