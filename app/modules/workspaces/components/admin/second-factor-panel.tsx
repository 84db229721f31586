import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Banner } from "~/components/ui/banner";
import { Button } from "~/components/ui/button";
import type { AdminActionResult } from "../../admin-page.server";

interface Props {
  policy: { required: boolean; membersWithout: { userId: string; name: string }[] };
  isOwner: boolean;
  answer?: AdminActionResult;
}

/** The owner's switch: a second factor for everyone in the workspace, with who still has none (ADR 0036). */
export function SecondFactorPanel({ policy, isOwner, answer }: Props) {
  const { t } = useTranslation("workspaces");
  const busy = useNavigation().formData?.get("intent") === "second-factor";
  const mine = answer?.intent === "second-factor" ? answer : undefined;
  return (
    <section aria-labelledby="second-factor-policy-heading" className="grid gap-3 rounded-lg border border-solid border-border bg-card p-4">
      <h2 id="second-factor-policy-heading" className="m-0 text-lg">
        {t("secondFactor.title")}
      </h2>
      {mine?.notice ? <Banner kind="success">{mine.notice}</Banner> : null}
      {mine?.error ? <Banner kind="error">{mine.error}</Banner> : null}
      <p className="m-0 text-sm" data-testid="second-factor-policy">
        {t(policy.required ? "secondFactor.required" : "secondFactor.optional")}
      </p>
      {policy.membersWithout.length ? (
        <div className="grid gap-1 text-sm">
          <p className="m-0">{t("secondFactor.without", { count: policy.membersWithout.length })}</p>
          <ul className="m-0 ps-5">
            {policy.membersWithout.map((m) => (
              <li key={m.userId}>{m.name}</li>
            ))}
          </ul>
        </div>
      ) : (
        <p className="m-0 text-sm text-muted-foreground">{t("secondFactor.everyoneReady")}</p>
      )}
      {isOwner ? (
        <Form method="post" className="grid gap-2">
          <input type="hidden" name="intent" value="second-factor" />
          <input type="hidden" name="required" value={policy.required ? "false" : "true"} />
          <p className="m-0 text-xs text-muted-foreground">{t(policy.required ? "secondFactor.stopHint" : "secondFactor.requireHint")}</p>
          <Button type="submit" size="sm" variant={policy.required ? "outline" : "default"} className="justify-self-start" disabled={busy}>
            {t(policy.required ? "secondFactor.stop" : "secondFactor.require")}
          </Button>
        </Form>
      ) : (
        <p className="m-0 text-xs text-muted-foreground">{t("secondFactor.ownerOnly")}</p>
      )}
    </section>
  );
}
