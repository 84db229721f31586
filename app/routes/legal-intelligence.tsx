import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { askAssistant } from "~/modules/ai/chat.server";
import { aiLanguage, aiT } from "~/modules/ai/i18n.server";
import { LegalIntelligencePage } from "~/modules/ai/legal/components/legal-intelligence-page";
import { legalIntelligenceReport } from "~/modules/ai/legal/findings.server";
import { questionSchema } from "~/modules/ai/validation";
import { requireSession } from "~/modules/auth/guard.server";
import { asHttpError, formDataOrNull, HttpError } from "~/platform/http.server";
import { getRequestContext } from "~/platform/request-context.server";

export const handle = { i18n: ["ai"] };
export const meta: MetaFunction = () => [{ title: "Legal intelligence · Legal Document Platform" }];

/** The cross-document checks over every analysed document this person may read. */
export async function loader(args: LoaderFunctionArgs) {
  const session = await requireSession(args);
  const { db } = getRequestContext(args.request, args.context);
  return { report: await legalIntelligenceReport(db, session) };
}

/**
 * The question field of a form post; null for anything else (JSON, no content type, a body that is not
 * a form), which the schema then refuses with its one sentence and a 400, never a 500.
 */
async function formQuestion(request: Request): Promise<FormDataEntryValue | null> {
  return (await formDataOrNull(request))?.get("question") ?? null;
}

/** A question across the documents this person may read: the same engine as the chat widget. */
export async function action(args: ActionFunctionArgs) {
  const session = await requireSession(args);
  const ctx = getRequestContext(args.request, args.context);
  const t = aiT(args.request);
  const parsed = questionSchema(t).safeParse({ question: await formQuestion(args.request) });
  if (!parsed.success) return data({ error: parsed.error.issues[0].message, answer: null }, 400);
  try {
    const answer = await askAssistant(
      ctx,
      session,
      { message: parsed.data.question, capability: "document_analysis" },
      { feature: "legal_intelligence", language: aiLanguage(args.request), t },
    );
    return { error: null, answer };
  } catch (caught) {
    const error = asHttpError(caught, t);
    if (error instanceof HttpError) return data({ error: error.message, answer: null }, { status: error.status, headers: error.headers });
    throw error;
  }
}

export default function LegalIntelligenceRoute() {
  const { report } = useLoaderData<typeof loader>();
  return <LegalIntelligencePage report={report} />;
}
