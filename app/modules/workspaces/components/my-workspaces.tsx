import { useActionData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { IntentForm } from "~/components/intent-form";
import { Banner } from "~/components/ui/banner";
import { Button } from "~/components/ui/button";
import { profileCommandSchema } from "~/modules/profile/validation";
import type { Role } from "../schema";
import { ConfirmButton } from "./admin/confirm-button";

interface Membership {
  id: string;
  name: string;
  role: Role;
}

interface Offer {
  id: string;
  workspaceName: string;
  fromName: string;
}

interface Answer {
  intent: string;
  success: boolean;
  error: string | null;
  answered?: string | null;
}

/** The person's workspaces with their role (each can be left), and offers of ownership waiting for their answer. */
export function MyWorkspaces({ workspaces, offers, currentWorkspaceId }: { workspaces: Membership[]; offers: Offer[]; currentWorkspaceId: string | null }) {
  const { t } = useTranslation("workspaces");
  const { t: tAuth } = useTranslation("auth");
  const answer = useActionData<Answer>();
  const busy = useNavigation().formData;
  const mine = answer && ["leave-workspace", "answer-offer"].includes(answer.intent) ? answer : null;
  return (
    <div className="grid gap-3" id="workspaces">
      {mine?.success ? (
        <Banner kind="success">
          {mine.intent === "leave-workspace" ? t("mine.left") : mine.answered === "accept" ? t("offers.accepted") : t("offers.declined")}
        </Banner>
      ) : null}
      {mine?.error ? <Banner kind="error">{mine.error}</Banner> : null}
      {offers.map((offer) => (
        <div key={offer.id} className="grid gap-2 rounded-md border border-solid border-primary p-3 text-sm" data-testid="ownership-offer">
          <p className="m-0">{t("offers.item", { workspace: offer.workspaceName, name: offer.fromName })}</p>
          <div className="flex flex-wrap gap-2">
            <IntentForm
              id={`accept-${offer.id}`}
              intent="answer-offer"
              schema={profileCommandSchema(tAuth)}
              values={{ transferId: offer.id, answer: "accept" }}
            >
              <Button type="submit" size="sm" disabled={busy?.get("transferId") === offer.id}>
                {t("offers.accept")}
              </Button>
            </IntentForm>
            <IntentForm
              id={`decline-${offer.id}`}
              intent="answer-offer"
              schema={profileCommandSchema(tAuth)}
              values={{ transferId: offer.id, answer: "decline" }}
            >
              <Button type="submit" size="sm" variant="outline" disabled={busy?.get("transferId") === offer.id}>
                {t("offers.decline")}
              </Button>
            </IntentForm>
          </div>
        </div>
      ))}
      {workspaces.length === 0 ? <p className="m-0 text-sm text-muted-foreground">{t("mine.none")}</p> : null}
      <ul className="m-0 grid list-none gap-2 p-0" data-testid="my-workspaces">
        {workspaces.map((w) => (
          <li key={w.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-solid border-border p-3 text-sm">
            <span>
              <span className="font-medium">{w.name}</span> · {tAuth(`roles.${w.role}`)}
              {w.id === currentWorkspaceId ? <span className="ms-2 rounded-full bg-muted px-2 py-0.5 text-xs">{t("mine.current")}</span> : null}
            </span>
            <ConfirmButton
              intent="leave-workspace"
              values={{ workspaceId: w.id }}
              label={t("mine.leave")}
              accessibleLabel={t("mine.leaveFor", { workspace: w.name })}
              title={t("leave.title", { workspace: w.name })}
              description={t("leave.body", { workspace: w.name })}
              confirmLabel={t("leave.confirm")}
            />
          </li>
        ))}
      </ul>
      <p className="m-0 text-xs text-muted-foreground">{t("mine.leaveHint")}</p>
    </div>
  );
}
