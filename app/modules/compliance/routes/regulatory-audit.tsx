import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Banner } from "~/components/ui/banner";
import { Button } from "~/components/ui/button";
import { lastChainCheck } from "~/modules/audit/chain-checks.server";
import { sealChain, verifyChain } from "~/modules/audit/chain.server";
import { signingKey } from "~/modules/audit/signing-key.server";
import { useDescribeActivity } from "~/modules/audit/use-activity";
import { requireSession } from "~/modules/auth/guard.server";
import { listMembers } from "~/modules/workspaces/service.server";
import { readFormData, throwAsResponse } from "~/platform/http.server";
import { getRequestContext } from "~/platform/request-context.server";
import type { SignedInPageHandle } from "~/routes/_app";
import { complianceAccess, requireManage, requireReadAll } from "../access.server";
import { setChainHeadMail, wantsChainHeadMail } from "../chain-head-mail.server";
import { AuditFilters, AUDIT_OUTCOMES } from "../components/audit-filters";
import { ChainHeadMailForm } from "../components/chain-head-mail-form";
import { auditEntries } from "../audit-log.server";
import { complianceT } from "../i18n.server";

export const handle = { i18n: ["compliance", "dashboard"] } satisfies SignedInPageHandle;
export const meta: MetaFunction = () => [{ title: "Regulatory Audit · Legal Document Platform" }];

const day = (value: string | null) => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined);

export async function loader(args: LoaderFunctionArgs) {
  const session = await requireSession(args);
  const ctx = getRequestContext(args.request, args.context);
  try {
    const access = requireReadAll(complianceAccess(session));
    const query = new URL(args.request.url).searchParams;
    const outcome = AUDIT_OUTCOMES.find((o) => o === query.get("outcome"));
    await sealChain(ctx.db, access.workspaceId);
    const [entries, lastCheck, key, people, chainHeadMail] = await Promise.all([
      auditEntries(ctx.db, access, {
        action: query.get("action")?.slice(0, 80) || undefined,
        targetType: query.get("target")?.slice(0, 40) || undefined,
        actorUserId: query.get("actor")?.slice(0, 64) || undefined,
        outcome,
        from: day(query.get("from")),
        to: day(query.get("to")),
      }),
      lastChainCheck(ctx.db, access.workspaceId),
      // A misconfigured signing secret breaks the bundle export (which says so), not the whole page.
      signingKey(ctx.db, ctx.config).then(
        (found) => found.keyId,
        (error: unknown) => (console.error("The audit signing key could not be loaded", error), null),
      ),
      // The person filter chooses among the members by name (their ids stay in the query string, not on screen).
      listMembers(ctx, session).then((members) => members.map((m) => ({ id: m.userId, name: m.name })).sort((a, b) => a.name.localeCompare(b.name))),
      // Only trustees are sent the chain head; the lawyer reads the page without the switch.
      access.manage ? wantsChainHeadMail(ctx.db, session.user.id) : null,
    ]);
    return { entries, lastCheck, keyId: key, people, chainHeadMail };
  } catch (error) {
    throwAsResponse(error, complianceT(args.request));
  }
}

/** "Verify now": the whole chain walked on demand, the check itself audited; or a trustee's daily chain-head switch. */
export async function action(args: ActionFunctionArgs) {
  const session = await requireSession(args);
  const ctx = getRequestContext(args.request, args.context);
  const form = await readFormData(args.request);
  if (form.get("intent") === "chainHeadMail") {
    try {
      const access = requireManage(complianceAccess(session));
      await setChainHeadMail(ctx.db, access.userId, form.get("enabled") === "on");
      return { chainHeadMailSaved: true as const };
    } catch (error) {
      throwAsResponse(error, complianceT(args.request));
    }
  }
  let access;
  try {
    access = requireReadAll(complianceAccess(session));
  } catch (error) {
    throwAsResponse(error, complianceT(args.request));
  }
  const result = await verifyChain(ctx.db, access.workspaceId);
  await ctx.audit({
    action: "audit.chain_checked",
    outcome: result.ok ? "success" : "failure",
    workspaceId: access.workspaceId,
    actorUserId: access.userId,
    targetType: "audit_chain",
    metadata: { entries: result.entries, headSeq: result.head.seq, brokenSeq: result.brokenAt?.seq ?? null },
  });
  return { chainHeadMailSaved: false as const, ...result };
}

export default function RegulatoryAuditPage() {
  const { entries, lastCheck, keyId, people, chainHeadMail } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const verified = answer && !answer.chainHeadMailSaved ? answer : null;
  const { t } = useTranslation("compliance");
  const describe = useDescribeActivity();
  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-[minmax(0,1fr)] gap-6 [&>*]:min-w-0">
      <header className="grid gap-1">
        <h1 className="m-0 text-2xl">{t("audit.title")}</h1>
        <p className="m-0 text-muted-foreground">{t("audit.subtitle")}</p>
      </header>
      <section aria-labelledby="chain-heading" className="grid gap-3 rounded-lg border border-solid border-border bg-card p-5">
        <h2 id="chain-heading" className="m-0 text-lg">
          {t("audit.chainHeading")}
        </h2>
        <p className="m-0 text-sm">
          {lastCheck
            ? t(lastCheck.ok ? "audit.lastCheckOk" : "audit.lastCheckBroken", {
                on: lastCheck.checkedAt.slice(0, 10),
                entries: lastCheck.entries,
                seq: lastCheck.brokenSeq ?? 0,
              })
            : t("audit.neverChecked")}
        </p>
        {verified ? (
          <div data-testid="chain-result" className="break-all">
            {verified.ok && verified.complete ? (
              <Banner kind="success">{t("audit.verifiedOk", { entries: verified.entries, hash: verified.head.hash })}</Banner>
            ) : verified.ok ? (
              // Longer than one request may walk: say how far it got, never "all".
              <Banner kind="success">{t("audit.verifiedPartial", { entries: verified.entries, seq: verified.head.seq, hash: verified.head.hash })}</Banner>
            ) : (
              <Banner kind="error">
                {t("audit.verifiedBroken", {
                  seq: verified.brokenAt?.seq ?? 0,
                  at: verified.brokenAt?.at ?? "",
                  reason: t(`audit.reasons.${verified.brokenAt?.reason ?? "hash"}`),
                })}
              </Banner>
            )}
          </div>
        ) : null}
        <Form method="post">
          <Button type="submit">{t("audit.verifyNow")}</Button>
        </Form>
        {chainHeadMail === null ? null : <ChainHeadMailForm enabled={chainHeadMail} saved={answer?.chainHeadMailSaved === true} />}
      </section>
      <section
        aria-labelledby="entries-heading"
        className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-3 rounded-lg border border-solid border-border bg-card p-5"
      >
        <h2 id="entries-heading" className="m-0 text-lg">
          {t("audit.entriesHeading")}
        </h2>
        <AuditFilters people={people} />
        <p className="m-0 text-xs text-muted-foreground">
          {t("audit.bundleHint")}{" "}
          {keyId ? (
            <code title={keyId} data-testid="audit-signing-key">
              {t("audit.signingKey", { fingerprint: keyId.slice(0, 16) })}
            </code>
          ) : null}
        </p>
        <div className="overflow-x-auto">
          <table className="w-full text-sm" data-testid="audit-entries">
            <thead>
              <tr className="text-left">
                <th>{t("audit.seq")}</th>
                <th>{t("audit.time")}</th>
                <th>{t("audit.person")}</th>
                <th>{t("audit.action")}</th>
                <th>{t("audit.outcome")}</th>
                <th>{t("audit.hash")}</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.id} className="border-0 border-t border-solid border-border align-top">
                  <td>{entry.seq ?? "—"}</td>
                  <td className="whitespace-nowrap">{entry.createdAt.replace("T", " ").slice(0, 19)}</td>
                  <td>{entry.actorName ?? "—"}</td>
                  <td>
                    {/* The sentence for people, the code for the action filter. */}
                    {describe(entry).sentence} <code className="break-all text-xs text-muted-foreground">{entry.action}</code>
                  </td>
                  <td>{t(`audit.outcomes.${entry.outcome}`)}</td>
                  <td>
                    <code title={entry.hash ?? ""} className="break-all text-xs">
                      {entry.hash ? `${entry.hash.slice(0, 16)}…` : t("audit.unsealed")}
                    </code>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </div>
  );
}
