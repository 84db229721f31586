import { useActionData } from "@remix-run/react";
import { Banner } from "~/components/ui/banner";
import type { action } from "../routes/financial";

/** The answer of the page's last form, shown beside the form that sent it. */
export function ActionBanner({ intents }: { intents: string[] }) {
  const result = useActionData<typeof action>();
  if (!result || !intents.includes(result.intent)) return null;
  if (result.error) return <Banner kind="error">{result.error}</Banner>;
  if (result.notice) return <Banner kind="success">{result.notice}</Banner>;
  return null;
}

export function useLastResult(intent: string) {
  const result = useActionData<typeof action>();
  return result?.intent === intent ? (result.result ?? undefined) : undefined;
}
