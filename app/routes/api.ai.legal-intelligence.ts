import { checkAiRateLimit } from "~/modules/ai/chat.server";
import { aiT } from "~/modules/ai/i18n.server";
import { legalIntelligenceReport } from "~/modules/ai/legal/findings.server";
import { endpoint, jsonRoute } from "~/platform/json-route.server";

const legalIntelligence = jsonRoute(aiT, {
  /**
   * GET /api/ai/legal-intelligence: the cross-document checks over the documents this person may read,
   * each finding with the links to its passages. Offline and deterministic; not counted as AI usage,
   * but it reads many texts, so each call counts against the person's assistant limit (30 a minute).
   */
  GET: endpoint({
    run: async ({ ctx, session, t }) => {
      await checkAiRateLimit(ctx, session);
      const report = await legalIntelligenceReport(ctx.db, session);
      return { ...report, findings: report.findings.map((finding) => ({ ...finding, text: t(finding.message.key, finding.message.values) })) };
    },
  }),
});

export const loader = legalIntelligence;
export const action = legalIntelligence;
