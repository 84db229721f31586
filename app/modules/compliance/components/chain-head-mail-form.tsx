import { Form, useNavigation } from "@remix-run/react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";

/**
 * A trustee's switch for the daily chain head by e-mail: a copy of the record's latest hash kept outside our database,
 * so a later rewrite of the log shows. The same choice as "Daily audit chain head: E-mail" on the notifications page.
 */
export function ChainHeadMailForm({ enabled, saved }: { enabled: boolean; saved: boolean }) {
  const { t } = useTranslation("compliance");
  const hintId = useId();
  const saving = useNavigation().formData?.get("intent") === "chainHeadMail";
  return (
    <Form method="post" className="grid gap-2" key={String(enabled)}>
      <input type="hidden" name="intent" value="chainHeadMail" />
      <div className="flex items-center gap-2">
        <input id="chain-head-mail" type="checkbox" name="enabled" defaultChecked={enabled} aria-describedby={hintId} className="h-5 w-5 cursor-pointer" />
        <label htmlFor="chain-head-mail" className="text-sm">
          {t("audit.chainHeadMail")}
        </label>
      </div>
      <p id={hintId} className="m-0 text-xs text-muted-foreground">
        {t("audit.chainHeadMailHint")}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <Button type="submit" size="sm" variant="outline" disabled={saving}>
          {t("audit.chainHeadMailSave")}
        </Button>
        {saved ? (
          <span role="status" className="text-sm">
            {t(enabled ? "audit.chainHeadMailOn" : "audit.chainHeadMailOff")}
          </span>
        ) : null}
      </div>
    </Form>
  );
}
