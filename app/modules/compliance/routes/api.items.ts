import { Refusal } from "~/platform/http.server";
import { endpoint, jsonRoute } from "~/platform/json-route.server";
import { complianceAccess } from "../access.server";
import { complianceT } from "../i18n.server";
import { translateTitle } from "../item-title";
import { ensureSynced, type ItemView, listItems, updateItem } from "../items.server";
import { itemPatchSchema, rangeSchema } from "../validation";

type Translate = (key: string, options?: Record<string, unknown>) => string;
/** A statute duty's title in the caller's language; a clause's duty in the instrument's words. */
export const titled = (item: ItemView, t: Translate) => ({
  ...item,
  title: item.titleKey ? translateTitle(t, item.titleKey, item.titleParams ?? {}) : item.title,
});

const items = jsonRoute(complianceT, {
  /**
   * GET /api/compliance/items?from&to → `{ items: [{ id, title, dueOn, citation, jurisdiction, source, documentId?, status, responsible, … }],
   * truncated, limit }`: at most `limit` items, earliest due first; `truncated` when the range holds more (narrow it).
   */
  GET: endpoint({
    run: async ({ ctx, session, query, t }) => {
      const range = rangeSchema(t).safeParse({ from: query.get("from") ?? undefined, to: query.get("to") ?? undefined });
      if (!range.success) throw new Refusal(400, range.error.issues[0]?.message ?? "validation.dateInvalid");
      const access = complianceAccess(session);
      await ensureSynced(ctx.db, session);
      const { items, truncated, limit, today, timeZone } = await listItems(ctx.db, access, range.data);
      // `today` and `timeZone`: the trust's clock the statuses were read on (a due day is a date in its jurisdiction).
      return { items: items.map((item) => titled(item, t)), truncated, limit, today, timeZone };
    },
  }),
});

const item = jsonRoute(complianceT, {
  /** PATCH /api/compliance/items/{id} `{ status: "done" | "open", evidence?: { documentId?, deliveryId?, note? } }` (trustees; audited). */
  PATCH: endpoint({
    body: itemPatchSchema,
    run: async ({ ctx, session, params, body, t }) => ({ item: titled(await updateItem(ctx, complianceAccess(session), params.id ?? "", body), t) }),
  }),
});

type Args = Parameters<typeof items>[0];
const handle = (args: Args) => (args.params.id ? item(args) : items(args));
export const loader = handle;
export const action = handle;
