import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Outlet, useLoaderData, useMatches, useRouteError, useRouteLoaderData } from "@remix-run/react";
import { AppShell } from "~/components/app-shell";
import { SignedInErrorContent } from "~/components/error-page";
import { requireSession } from "~/modules/auth/guard.server";
import { toPublicUser, type PublicUser } from "~/modules/auth/public-user";
import { SIGNED_IN_LAYOUT_ID } from "~/modules/navigation/route-sets";
import { summarizeRouteError } from "~/platform/route-error";
import { useRootData } from "~/root";
import { useBoundaryReport } from "~/modules/ops/client/use-error-capture";

/** What a page under this layout may say in its route `handle`. */
export interface SignedInPageHandle {
  i18n?: string[];
  /** false: the page is useful without a workspace (help, profile, demos), so it is not replaced by "start one". */
  needsWorkspace?: boolean;
}

/** The shell's navigation names its areas from these namespaces, on every page under this layout. */
export const handle = { i18n: ["help"] };

/** The signed-in pages: a signed-out visitor goes to /auth and comes back; everyone else gets the shell. */
export async function loader(args: LoaderFunctionArgs) {
  return { user: toPublicUser(await requireSession(args)) };
}

// Every page used to read the person afresh: a new role, name or verified address shows on the next page.
export const shouldRevalidate = () => true;

/** The signed-in person, for the pages under this layout. */
export function useSignedInUser(): PublicUser {
  const data = useRouteLoaderData<typeof loader>(SIGNED_IN_LAYOUT_ID);
  if (!data) throw new Error("useSignedInUser is for pages under the signed-in layout");
  return data.user;
}

const pageKeys = new WeakMap<object, string>();

/**
 * The page under the layout: whether it needs a workspace, and a key for its shell. Each page used to draw
 * its own shell, so another page started it afresh (the tour's automatic opening, the verification banner,
 * open menus); keying the shell by page keeps that. /chat and /channel/{id} are two ids of one module and
 * share its handle object, so they share a key and keep one shell, as before.
 */
function useCurrentPage(): { key: string; needsWorkspace: boolean } {
  const page = useMatches().at(-1);
  const handle = page?.handle as SignedInPageHandle | undefined;
  if (handle && page && !pageKeys.has(handle)) pageKeys.set(handle, page.id);
  return {
    key: (handle && pageKeys.get(handle)) ?? page?.id ?? "",
    needsWorkspace: handle?.needsWorkspace !== false,
  };
}

export default function SignedInLayout() {
  const { user } = useLoaderData<typeof loader>();
  const page = useCurrentPage();
  return (
    <AppShell key={page.key} user={user} needsWorkspace={page.needsWorkspace}>
      <Outlet />
    </AppShell>
  );
}

/**
 * A page's refusal or failure, inside the shell. The person comes from this layout's data, or from the
 * root's when this layout's own loader failed; without either, the message alone.
 */
export function ErrorBoundary() {
  const error = useRouteError();
  useBoundaryReport(error);
  const layout = useRouteLoaderData<typeof loader>(SIGNED_IN_LAYOUT_ID);
  const root = useRootData();
  const user = layout?.user ?? root?.user;
  const content = <SignedInErrorContent {...summarizeRouteError(error)} />;
  if (!user) {
    return (
      <main id="main-content" className="mx-auto max-w-xl p-8">
        {content}
      </main>
    );
  }
  return (
    <AppShell user={user} needsWorkspace={false}>
      {content}
    </AppShell>
  );
}
