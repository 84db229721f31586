import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { requireSession } from "~/modules/auth/guard.server";
import { canUploadDocuments } from "~/modules/documents/permissions";
import { listEditableDocuments } from "~/modules/documents/versions.server";
import { DraftingPage } from "~/modules/drafting/components/drafting-page";
import { draftingFacts } from "~/modules/drafting/facts.server";
import { modulePrefill } from "~/modules/drafting/module-prefill.server";
import { prefillValues } from "~/modules/drafting/prefill";
import { draftingModel } from "~/modules/drafting/service.server";
import { isTemplateId, TEMPLATE_IDS } from "~/modules/drafting/templates";
import { resolveDisplayPreferences } from "~/modules/preferences/preferences.server";
import { getRequestContext } from "~/platform/request-context.server";

// "documents" for the document type names in the save form.
export const handle = { i18n: ["drafting", "documents"] };
export const meta: MetaFunction = () => [{ title: "Document drafting · Legal Document Platform" }];

/**
 * Every template pre-filled from the workspace and the analysis of a document this person may see
 * (?from=id, else their latest trust instrument), whether they may save into the documents, the
 * documents they may add a version to, and whether a model can draft. `?prefill={source}:{id}` lays a domain's
 * record over one template's values (a meeting's minutes), saying where they came from.
 */
export async function loader(args: LoaderFunctionArgs) {
  const session = await requireSession(args);
  if (!session.workspace) return { page: null };
  const ctx = getRequestContext(args.request, args.context);
  const params = new URL(args.request.url).searchParams;
  const canSave = canUploadDocuments(session.workspace.role);
  const template = params.get("template");
  const [{ facts, sources, analysed }, editable, external] = await Promise.all([
    draftingFacts(ctx.db, session, params.get("from")),
    canSave ? listEditableDocuments(ctx.db, session) : [],
    modulePrefill(ctx, session, params.get("prefill"), template, {
      timeZone: params.get("tz"),
      language: resolveDisplayPreferences(args.request).language,
    }),
  ]);
  const model = draftingModel(ctx);
  const prefill = Object.fromEntries(TEMPLATE_IDS.map((id) => [id, prefillValues(id, facts)])) as Record<
    (typeof TEMPLATE_IDS)[number],
    ReturnType<typeof prefillValues>
  >;
  if (external?.found) prefill[external.template] = { ...prefill[external.template], ...external.values };
  return {
    page: {
      prefill,
      people: facts.people,
      sources,
      analysed,
      initialTemplate: external?.found ? external.template : isTemplateId(template) ? template : "certification",
      external: external ? { param: external.param, label: external.found ? external.label : null, tz: params.get("tz") } : null,
      canSave,
      editable: editable.map(({ id, title }) => ({ id, title })),
      ai: model ? { engine: model.engine, model: model.model } : null,
    },
  };
}

export default function DocumentDraftingRoute() {
  const { page } = useLoaderData<typeof loader>();
  return page ? <DraftingPage key={`${page.sources.document?.id ?? "workspace"} ${page.external?.param ?? ""}`} {...page} /> : null;
}
