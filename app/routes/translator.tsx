import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { requireSession } from "~/modules/auth/guard.server";
import { TranslatorPage } from "~/modules/translation/components/translator-page";
import { translatorT } from "~/modules/translation/i18n.server";
import { documentSource, translatableDocuments, translationProvider } from "~/modules/translation/service.server";
import { throwAsResponse } from "~/platform/http.server";
import { getRequestContext } from "~/platform/request-context.server";

export const handle = { i18n: ["translator"] };
export const meta: MetaFunction = () => [{ title: "Translator · Legal Document Platform" }];

/** The configured provider (or none), the readable documents with text, and the chosen one's text (?document=id). */
export async function loader(args: LoaderFunctionArgs) {
  const session = await requireSession(args);
  const ctx = getRequestContext(args.request, args.context);
  const documentId = new URL(args.request.url).searchParams.get("document");
  const [documents, source] = session.workspace
    ? await Promise.all([
        translatableDocuments(ctx.db, session),
        documentId ? documentSource(ctx, session, documentId).catch((error) => throwAsResponse(error, translatorT(args.request))) : null,
      ])
    : [[], null];
  return { provider: translationProvider(ctx), documents, source };
}

export default function TranslatorRoute() {
  const data = useLoaderData<typeof loader>();
  // A newly chosen document starts a fresh page (no translation of the previous text left beside it).
  return <TranslatorPage key={data.source?.id ?? "text"} {...data} />;
}
