import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { requireSession } from "~/modules/auth/guard.server";
import { SmsThreadingPage } from "~/modules/conversations/components/sms-page";
import { conversationsT } from "~/modules/conversations/i18n.server";
import { phoneSimulatorEnabled } from "~/modules/conversations/sms/simulator.server";
import { listTopics } from "~/modules/conversations/topics.server";
import { throwAsResponse } from "~/platform/http.server";
import { getRequestContext } from "~/platform/request-context.server";

export const handle = { i18n: ["conversations"] };
export const meta: MetaFunction = () => [{ title: "SMS threads · Legal Document Platform" }];

/** Topics that include people by phone, and the form to include someone. */
export async function loader(args: LoaderFunctionArgs) {
  const session = await requireSession(args);
  const ctx = getRequestContext(args.request, args.context);
  const sms = { provider: ctx.config.SMS_PROVIDER, from: ctx.config.SMS_FROM_NUMBER, simulator: phoneSimulatorEnabled(ctx) };
  if (!session.workspace) return { topics: [], sms, chosen: null };
  try {
    const topics = await listTopics(ctx.db, session, { state: "all" });
    return { topics, sms, chosen: new URL(args.request.url).searchParams.get("topic") };
  } catch (error) {
    throwAsResponse(error, conversationsT(args.request));
  }
}

export default function SmsThreadingRoute() {
  const { topics, sms, chosen } = useLoaderData<typeof loader>();
  return <SmsThreadingPage topics={topics} sms={sms} chosen={chosen} />;
}
