import { useActionData } from "@remix-run/react";
import { Banner } from "~/components/ui/banner";
import type { PageAnswer } from "../page-action.server";

/** The last form's answer, shown beside the form (and only that form) that sent it. */
export function ComplianceAnswer({ intents, target = null }: { intents: string[]; target?: string | null }) {
  const answer = useActionData<PageAnswer>();
  if (!answer || !intents.includes(answer.intent) || (target !== null && answer.target !== target)) return null;
  if (answer.error) return <Banner kind="error">{answer.error}</Banner>;
  if (answer.notice) return <Banner kind="success">{answer.notice}</Banner>;
  return null;
}
