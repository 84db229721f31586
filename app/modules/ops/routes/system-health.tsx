import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { requireSession } from "~/modules/auth/guard.server";
import { throwAsResponse } from "~/platform/http.server";
import { getRequestContext } from "~/platform/request-context.server";
import type { SignedInPageHandle } from "~/routes/_app";
import { HealthPage } from "../components/health-page";
import { healthPage } from "../health-page.server";
import { opsT } from "../i18n.server";

export const handle = { i18n: ["ops"], needsWorkspace: false } satisfies SignedInPageHandle;
export const meta: MetaFunction = () => [{ title: "System Health · Legal Document Platform" }];

export async function loader(args: LoaderFunctionArgs) {
  const session = await requireSession(args);
  try {
    return await healthPage(getRequestContext(args.request, args.context), session);
  } catch (error) {
    throwAsResponse(error, opsT(args.request));
  }
}

export default function SystemHealthRoute() {
  const data = useLoaderData<typeof loader>();
  return data ? <HealthPage data={data} /> : null;
}
