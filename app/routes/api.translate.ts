import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiSession } from "~/modules/auth/guard.server";
import { translatorT } from "~/modules/translation/i18n.server";
import { translatePart, translationProvider } from "~/modules/translation/service.server";
import { translateRequestSchema } from "~/modules/translation/validation";
import { handleJson, jsonResponse, methodNotAllowed, parseWith, readJsonBody } from "~/platform/http.server";
import { getRequestContext } from "~/platform/request-context.server";

/** GET /api/translate: which engine would translate (`provider` is null when none is configured). */
export async function loader(args: LoaderFunctionArgs) {
  const t = translatorT(args.request);
  return handleJson(t, async () => {
    await requireApiSession(args);
    const provider = translationProvider(getRequestContext(args.request, args.context));
    return jsonResponse({ success: true, provider, ...(provider ? {} : { error: t("errors.noProvider") }) });
  });
}

/**
 * POST /api/translate `{ text, source, target, documentId?, part? }`: one part of a text (the page
 * splits long texts by paragraph) translated by the configured provider; `{ success, translation,
 * engine, model }`. Without a provider: 503 `{ success: false, error }`.
 */
export async function action(args: ActionFunctionArgs) {
  const t = translatorT(args.request);
  if (args.request.method !== "POST") return methodNotAllowed(t, "GET, POST");
  return handleJson(t, async () => {
    const session = await requireApiSession(args);
    const input = parseWith(translateRequestSchema(t), await readJsonBody(args.request, t), t);
    const result = await translatePart(getRequestContext(args.request, args.context), session, input, t);
    return jsonResponse({ success: true, ...result });
  });
}
