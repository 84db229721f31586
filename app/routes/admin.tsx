import type { MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Banner } from "~/components/ui/banner";
import { useAnnouncer } from "~/modules/a11y/announcer";
import { adminPageAction, adminPageLoader } from "~/modules/workspaces/admin-page.server";
import { WorkspaceExportPanel } from "~/modules/exports/components/workspace-export-panel";
import { AuditPanel } from "~/modules/workspaces/components/admin/audit-panel";
import { InvitePanel } from "~/modules/workspaces/components/admin/invite-panel";
import { MembersPanel } from "~/modules/workspaces/components/admin/members-panel";
import { PendingDeletions } from "~/modules/workspaces/components/admin/pending-deletions";
import { SecondFactorPanel } from "~/modules/workspaces/components/admin/second-factor-panel";
import { UsagePanel } from "~/modules/workspaces/components/admin/usage-panel";
import { WorkspaceDangerZone } from "~/modules/workspaces/components/admin/workspace-danger-zone";
import type { SignedInPageHandle } from "~/routes/_app";

/**
 * The audit log is written as sentences from the dashboard namespace; the share form's messages are the polls'.
 * Useful without a workspace too: an owner whose only workspace is deleted restores it here.
 */
export const handle = { i18n: ["dashboard", "polls", "workspaces", "exports"], needsWorkspace: false } satisfies SignedInPageHandle;
export const meta: MetaFunction = () => [{ title: "Workspace settings · Legal Document Platform" }];

/** Workspace settings: members, invitations, ownership, deletion and usage. Owners and trustees only; anyone else gets 403. */
export const loader = adminPageLoader;
export const action = adminPageAction;

export default function AdminRoute() {
  const page = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation();
  const { t: tWs } = useTranslation("workspaces");
  const announcer = useAnnouncer();
  // Every answer is said aloud as well as shown beside what it is about.
  useEffect(() => {
    if (answer?.error) announcer.announceError(answer.error);
    else if (answer?.notice) announcer.announceSuccess(answer.notice);
  }, [answer]); // eslint-disable-line react-hooks/exhaustive-deps -- once per action result; the announcer changes with the language and must not repeat it

  const restoreAnswer = answer?.intent === "restore" ? answer : undefined;
  return (
    <>
      <h1 className="mt-0 text-2xl">{t("admin.title")}</h1>
      {restoreAnswer?.notice ? <Banner kind="success">{restoreAnswer.notice}</Banner> : null}
      {restoreAnswer?.error ? <Banner kind="error">{restoreAnswer.error}</Banner> : null}
      {!page.allowed ? (
        <div className="grid gap-6">
          <PendingDeletions deletions={page.pendingDeletions} />
          {page.hasWorkspace ? (
            <Banner kind="error">{t("admin.forbidden")}</Banner>
          ) : (
            <p>
              {tWs("deletion.noWorkspace")} <Link to="/customer-signup">{tWs("deletion.startOne")}</Link>
            </p>
          )}
        </div>
      ) : (
        <div className="grid grid-cols-1 gap-6 md:grid-cols-2">
          <PendingDeletions deletions={page.pendingDeletions} />
          <MembersPanel members={page.members} me={page.me} sharesTotalBp={page.sharesTotalBp} answer={answer} />
          <InvitePanel workspaceName={page.me.workspaceName} invitations={page.invitations} answer={answer} />
          {page.secondFactor ? <SecondFactorPanel policy={page.secondFactor} isOwner={page.me.role === "owner"} answer={answer} /> : null}
          <UsagePanel usage={page.usage} />
          {page.me.role === "owner" ? (
            <div className="md:col-span-2">
              <WorkspaceExportPanel />
            </div>
          ) : null}
          <WorkspaceDangerZone me={page.me} openOffer={page.openOffer} answer={answer} />
          <AuditPanel audit={page.audit} />
        </div>
      )}
    </>
  );
}
