import { translatorT } from "~/modules/translation/i18n.server";
import { translatePart, translationProvider } from "~/modules/translation/service.server";
import { translateRequestSchema } from "~/modules/translation/validation";
import { endpoint, jsonRoute } from "~/platform/json-route.server";

const translate = jsonRoute(translatorT, {
  /** GET /api/translate: which engine would translate (`provider` is null when none is configured). */
  GET: endpoint({
    run: async ({ ctx, t }) => {
      const provider = translationProvider(ctx);
      return { provider, ...(provider ? {} : { error: t("errors.noProvider") }) };
    },
  }),
  /**
   * POST /api/translate `{ text, source, target, documentId?, part? }`: one part of a text (the page
   * splits long texts by paragraph) translated by the configured provider; `{ success, translation,
   * engine, model }`. Without a provider: 503 `{ success: false, error }`.
   */
  POST: endpoint({ body: translateRequestSchema, run: async ({ ctx, session, body }) => translatePart(ctx, session, body) }),
});

export const loader = translate;
export const action = translate;
