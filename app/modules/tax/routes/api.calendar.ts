import { Refusal } from "~/platform/http.server";
import { commandRoute, endpoint, jsonRoute } from "~/platform/json-route.server";
import { taxT } from "../i18n.server";
import { calendarFor, markCalendarItem, taxAccess } from "../tax.server";
import { markSchema, yearSchema } from "../validation";

const calendar = jsonRoute(taxT, {
  /** GET /api/tax/calendar?year: `{ items: [{ form, title, dueOn, citation, status, … }] }` for that tax year (this one by default). */
  GET: endpoint({
    run: async ({ ctx, session, query, t }) => {
      const access = taxAccess(session);
      const asked = query.get("year");
      const parsed = yearSchema(t).safeParse(asked ?? new Date().getUTCFullYear());
      if (!parsed.success) throw new Refusal(400, "validation.yearInvalid");
      const entries = await calendarFor(ctx.db, access, parsed.data);
      return {
        year: parsed.data,
        items: entries.map((item) => ({ ...item, title: t(item.titleKey, item.titleParams ?? {}), prepare: t(item.prepareKey, item.titleParams ?? {}) })),
      };
    },
  }),
});

/** POST /api/tax/calendar/{key}/done or /undone `{ note? }` */
const mark = (done: boolean) =>
  jsonRoute(taxT, {
    POST: endpoint({
      body: markSchema,
      run: async ({ ctx, session, params, body }) => markCalendarItem(ctx, taxAccess(session), params.key ?? "", done, body.note ?? null),
    }),
  });

const handle = commandRoute(taxT, calendar, { done: mark(true), undone: mark(false) }, "errors.itemNotFound");

export const loader = handle;
export const action = handle;
