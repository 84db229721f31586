import { useActionData } from "@remix-run/react";
import { Banner } from "~/components/ui/banner";
import type { action } from "../routes/tax-administration";

export function useTaxAnswer(intents: string[]) {
  const answer = useActionData<typeof action>();
  return answer && intents.includes(answer.intent) ? answer : undefined;
}

/** The answer of the page's last form, beside the form that sent it. */
export function TaxAnswer({ intents }: { intents: string[] }) {
  const answer = useTaxAnswer(intents);
  if (!answer) return null;
  if (answer.error) return <Banner kind="error">{answer.error}</Banner>;
  if (answer.notice) return <Banner kind="success">{answer.notice}</Banner>;
  return null;
}
