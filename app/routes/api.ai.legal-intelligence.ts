import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiSession } from "~/modules/auth/guard.server";
import { checkAiRateLimit } from "~/modules/ai/chat.server";
import { aiT } from "~/modules/ai/i18n.server";
import { legalIntelligenceReport } from "~/modules/ai/legal/findings.server";
import { handleJson, jsonResponse, methodNotAllowed } from "~/platform/http.server";
import { getRequestContext } from "~/platform/request-context.server";

/**
 * GET /api/ai/legal-intelligence: the cross-document checks over the documents this person may read,
 * each finding with the links to its passages. Offline and deterministic; not counted as AI usage,
 * but it reads many texts, so each call counts against the person's assistant limit (30 a minute).
 */
export async function loader(args: LoaderFunctionArgs) {
  const t = aiT(args.request);
  return handleJson(t, async () => {
    const session = await requireApiSession(args);
    const ctx = getRequestContext(args.request, args.context);
    await checkAiRateLimit(ctx, session, t);
    const report = await legalIntelligenceReport(ctx.db, session);
    const findings = report.findings.map((finding) => ({ ...finding, text: t(finding.message.key, finding.message.values) }));
    return jsonResponse({ success: true, ...report, findings });
  });
}

export const action = ({ request }: ActionFunctionArgs) => methodNotAllowed(aiT(request), "GET");
