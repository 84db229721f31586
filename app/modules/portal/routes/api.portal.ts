import { endpoint, jsonRoute } from "~/platform/json-route.server";
import { portalFormatters } from "../format";
import { portalLanguage, portalT } from "../i18n.server";
import { loadPortal, previewChoices } from "../portal.server";
import { portalSubject } from "../subject.server";
import { summarySentences } from "../summary";

/**
 * GET /api/portal[?as=<userId>]: her summary in plain sentences and what her portal lists, scoped to her alone. A
 * trustee without `as` gets whom she may preview; anyone else asking for another person gets a 403 and a sentence.
 */
const portal = jsonRoute(portalT, {
  GET: endpoint({
    run: async ({ ctx, session, query, t, request }) => {
      const subject = await portalSubject(ctx, session, query.get("as"));
      if (!subject) return { preview: await previewChoices(ctx.db, session) };
      const data = await loadPortal(ctx.db, session, subject);
      const format = portalFormatters(portalLanguage(request), data.currency);
      return { ...data, sentences: summarySentences(data.summary, format).map((s) => t(s.key, s.params)) };
    },
  }),
});

export const loader = portal;
export const action = portal;
