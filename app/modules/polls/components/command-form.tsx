import type { SubmissionResult } from "@conform-to/react";
import { useActionData } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { IntentForm } from "~/components/intent-form";
import { pollCommandSchema } from "../validation";

/** What the poll pages' action answers: the command, and either its outcome or the refusal (with Conform's reply). */
export type PollActionData = { intent?: string; ok?: boolean; error?: string; reminded?: number; result?: SubmissionResult<string[]> } | undefined;

/**
 * One of the poll page's command buttons (close, remind, watch) as a form of its own, checked by Conform with the
 * page's command schema; `values` are its hidden fields besides the intent. A refusal shows in the page's banner.
 */
export function PollCommandForm({ intent, values, children }: { intent: "close" | "remind" | "watch"; values?: Record<string, string>; children: ReactNode }) {
  const { t } = useTranslation("polls");
  const actionData = useActionData<PollActionData>();
  return (
    <IntentForm
      id={`poll-${intent}`}
      intent={intent}
      schema={pollCommandSchema(t)}
      lastResult={actionData?.intent === intent ? actionData.result : undefined}
      values={values}
    >
      {children}
    </IntentForm>
  );
}
