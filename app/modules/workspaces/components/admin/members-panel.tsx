import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Banner } from "~/components/ui/banner";
import { Button } from "~/components/ui/button";
import { NativeSelect } from "~/components/ui/select";
import type { AdminActionResult } from "../../admin-page.server";
import { INVITABLE_ROLES } from "../../roles";
import type { Role } from "../../schema";
import { ConfirmButton } from "./confirm-button";
import { ShareForm } from "./share-form";

export interface MemberRow {
  userId: string;
  name: string;
  email: string;
  role: Role;
  since: string;
  votes: boolean;
  shareBp: number | null;
}

interface Me {
  userId: string;
  role: Role;
}

/** Members with their role, beneficial share, and what an administrator may do to each (the server checks again). */
export function MembersPanel({ members, me, sharesTotalBp, answer }: { members: MemberRow[]; me: Me; sharesTotalBp: number; answer?: AdminActionResult }) {
  const { t, i18n } = useTranslation();
  const { t: tAuth } = useTranslation("auth");
  const { t: tWs } = useTranslation("workspaces");
  const date = (iso: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium" }).format(new Date(iso));
  const percent = (bp: number) => new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 }).format(bp / 100);
  const shareAnswer = answer?.intent === "share" ? answer : null;
  const rowAnswer = answer && ["role", "remove", "offer"].includes(answer.intent) ? answer : null;
  return (
    <section aria-labelledby="members-heading" className="rounded-lg border border-solid border-border bg-card p-4">
      <h2 id="members-heading" className="mt-0 text-lg">
        {t("admin.members")}
      </h2>
      <p className="mt-0 text-sm text-muted-foreground">{t("admin.shareIntro")}</p>
      {shareAnswer?.notice || rowAnswer?.notice ? <Banner kind="success">{shareAnswer?.notice ?? rowAnswer?.notice}</Banner> : null}
      {/* An error about no listed row (a member who left meanwhile) goes in the banner. */}
      {shareAnswer?.error && !members.some((m) => m.votes && m.userId === shareAnswer.userId) ? <Banner kind="error">{shareAnswer.error}</Banner> : null}
      {rowAnswer?.error && !members.some((m) => m.userId === rowAnswer.userId) ? <Banner kind="error">{rowAnswer.error}</Banner> : null}
      <ul className="m-0 list-none p-0">
        {members.map((m) => {
          const mayChange = m.userId !== me.userId && (m.role !== "owner" || me.role === "owner");
          return (
            <li key={m.userId} className="border-b border-solid border-border py-2 last:border-none" data-testid="member-row">
              <div className="font-medium">{m.name}</div>
              <div className="text-sm text-muted-foreground">
                {m.email} · {tAuth(`roles.${m.role}`)} · {t("admin.memberSince", { date: date(m.since) })}
              </div>
              {mayChange ? (
                <div className="mt-2 flex flex-wrap items-end gap-2">
                  <RoleForm member={m} />
                  <ConfirmButton
                    intent="remove"
                    values={{ userId: m.userId }}
                    label={tWs("members.remove")}
                    accessibleLabel={tWs("members.removeFor", { name: m.name })}
                    title={tWs("members.removeTitle", { name: m.name })}
                    description={tWs("members.removeBody", { name: m.name })}
                    confirmLabel={tWs("members.removeConfirm")}
                  />
                  {me.role === "owner" && m.role !== "owner" ? (
                    <ConfirmButton
                      intent="offer"
                      values={{ userId: m.userId }}
                      label={tWs("ownership.offer")}
                      accessibleLabel={tWs("ownership.offerFor", { name: m.name })}
                      title={tWs("ownership.offerTitle", { name: m.name })}
                      description={tWs("ownership.offerBody", { name: m.name })}
                      confirmLabel={tWs("ownership.offerConfirm")}
                    />
                  ) : null}
                </div>
              ) : null}
              {rowAnswer?.error && rowAnswer.userId === m.userId ? (
                <p className="m-0 mt-1 text-sm text-destructive" role="alert">
                  {rowAnswer.error}
                </p>
              ) : null}
              {m.votes ? (
                <ShareForm
                  userId={m.userId}
                  name={m.name}
                  shareBp={m.shareBp}
                  error={shareAnswer?.userId === m.userId ? shareAnswer.error : null}
                  submitted={shareAnswer?.userId === m.userId ? (shareAnswer.submitted ?? null) : null}
                  lastResult={shareAnswer?.userId === m.userId ? shareAnswer.shareResult : undefined}
                />
              ) : null}
            </li>
          );
        })}
      </ul>
      <p className="mb-0 text-sm font-medium" data-testid="shares-total">
        {t("admin.sharesTotal", { total: percent(sharesTotalBp) })}
      </p>
    </section>
  );
}

/** The member's role, changed by choosing another and saving; an owner's row offers the roles below owner. */
function RoleForm({ member }: { member: MemberRow }) {
  const { t: tAuth } = useTranslation("auth");
  const { t: tWs } = useTranslation("workspaces");
  const navigation = useNavigation();
  const saving = navigation.formData?.get("intent") === "role" && navigation.formData?.get("userId") === member.userId;
  const selectId = `role-${member.userId}`;
  return (
    <Form method="post" className="flex flex-wrap items-end gap-2">
      <input type="hidden" name="intent" value="role" />
      <input type="hidden" name="userId" value={member.userId} />
      <div className="grid gap-1">
        <label htmlFor={selectId} className="text-sm">
          {tWs("members.role")}
          <span className="sr-only"> {member.name}</span>
        </label>
        <NativeSelect id={selectId} name="role" defaultValue={member.role === "owner" ? "" : member.role} key={member.role}>
          {member.role === "owner" ? (
            <option value="" disabled>
              {tAuth("roles.owner")}
            </option>
          ) : null}
          {INVITABLE_ROLES.map((role) => (
            <option key={role} value={role}>
              {tAuth(`roles.${role}`)}
            </option>
          ))}
        </NativeSelect>
      </div>
      <Button type="submit" size="sm" variant="outline" disabled={saving} aria-label={tWs("members.saveRoleFor", { name: member.name })}>
        {tWs("members.saveRole")}
      </Button>
    </Form>
  );
}
