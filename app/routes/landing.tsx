import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { LandingPage } from "~/modules/marketing/landing";
import { landingPageData } from "~/modules/marketing/landing.server";

export const handle = { i18n: ["landing"] };
export const meta: MetaFunction = () => [{ title: "Legal Document Platform · Family trust administration" }];

/** /sales and /landing: the sales page, for everyone (spec section 2). */
export const loader = (args: LoaderFunctionArgs) => landingPageData(args);

export default function Landing() {
  return <LandingPage {...useLoaderData<typeof loader>()} />;
}
