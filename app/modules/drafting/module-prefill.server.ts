import type { CurrentSession } from "~/modules/auth/session.server";
import { SERVER_MODULES } from "~/modules/registry.server";
import type { DraftPrefillOptions } from "~/platform/module-manifest.server";
import type { RequestContext } from "~/platform/request-context.server";
import type { DraftValues } from "./fields";
import { TEMPLATES, type TemplateId } from "./templates";

/** What the page says about `?prefill=`: the record's values and where they came from, or that none could be used. */
export type ModulePrefill = { found: true; param: string; template: TemplateId; label: string; values: DraftValues } | { found: false; param: string };

/**
 * `?prefill={source}:{id}`: the values a domain offers from a record of its own (a meeting's minutes from the meeting),
 * found through the server manifests so drafting knows no domain by name. An unknown source, a template the source
 * does not fill, or a record the person may not see all answer `found: false`, never an error.
 */
export async function modulePrefill(
  ctx: RequestContext,
  session: CurrentSession,
  param: string | null,
  template: string | null,
  options: DraftPrefillOptions,
): Promise<ModulePrefill | null> {
  if (!param) return null;
  const colon = param.indexOf(":");
  const [source, id] = colon > 0 ? [param.slice(0, colon), param.slice(colon + 1)] : ["", ""];
  const offer = SERVER_MODULES.flatMap((m) => m.draftPrefill ?? []).find((p) => p.source === source && (!template || p.template === template));
  const found = offer && id.length > 0 && id.length <= 100 ? await offer.values(ctx, session, id, options) : null;
  if (!offer || !found) return { found: false, param };
  // Only the template's own fields, so a domain cannot slip values into fields the template does not have.
  const fields = new Set<string>(TEMPLATES[offer.template].fields.map((f) => f.id));
  const values = Object.fromEntries(Object.entries(found.values).filter(([field, value]) => fields.has(field) && value !== undefined)) as DraftValues;
  return { found: true, param, template: offer.template, label: found.label, values };
}
