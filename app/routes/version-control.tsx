import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { requireSession } from "~/modules/auth/guard.server";
import { VersionControlPage } from "~/modules/documents/components/version-control";
import { documentsWithVersions, recentVersionActivity } from "~/modules/documents/versions.server";
import { getRequestContext } from "~/platform/request-context.server";

export const handle = { i18n: ["documents"] };
export const meta: MetaFunction = () => [{ title: "Version control · Legal Document Platform" }];

/** Recent version activity and the documents (only those this person may see) whose history can be opened. */
export async function loader(args: LoaderFunctionArgs) {
  const session = await requireSession(args);
  const { db } = getRequestContext(args.request, args.context);
  const [activity, documents] = await Promise.all([recentVersionActivity(db, session), documentsWithVersions(db, session)]);
  return { activity, documents };
}

export default function VersionControlRoute() {
  const { activity, documents } = useLoaderData<typeof loader>();
  return <VersionControlPage activity={activity} documents={documents} />;
}
