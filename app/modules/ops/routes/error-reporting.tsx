import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { requireSession } from "~/modules/auth/guard.server";
import { throwAsResponse } from "~/platform/http.server";
import { getRequestContext } from "~/platform/request-context.server";
import type { SignedInPageHandle } from "~/routes/_app";
import { ErrorsPage } from "../components/errors-page";
import { errorsPage } from "../errors-page.server";
import { opsT } from "../i18n.server";

export const handle = { i18n: ["ops"], needsWorkspace: false } satisfies SignedInPageHandle;
export const meta: MetaFunction = () => [{ title: "Error Reporting · Legal Document Platform" }];

export async function loader(args: LoaderFunctionArgs) {
  const session = await requireSession(args);
  try {
    return await errorsPage(getRequestContext(args.request, args.context), session);
  } catch (error) {
    throwAsResponse(error, opsT(args.request));
  }
}

export default function ErrorReportingRoute() {
  const data = useLoaderData<typeof loader>();
  return data ? <ErrorsPage data={data} /> : null;
}
