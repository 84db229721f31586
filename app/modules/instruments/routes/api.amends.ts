import { z } from "zod";
import { endpoint, jsonRoute } from "~/platform/json-route.server";
import { instrumentsT } from "../i18n.server";
import { amendmentChoice, confirmAmendment, forgetAmendmentLink } from "../links.server";

type Translate = (key: string) => string;

const confirmSchema = (t: Translate) =>
  z
    .object({
      instrumentId: z
        .string({ invalid_type_error: t("errors.notAnInstrument") })
        .uuid(t("errors.notAnInstrument"))
        .nullable(),
    })
    .strict();

const amends = jsonRoute(instrumentsT, {
  /** GET /api/documents/{id}/amends: the instruments this amendment could amend, and what a person confirmed. */
  GET: endpoint({
    run: async ({ ctx, session, params }) => ({ choice: await amendmentChoice(ctx.db, session, params.id ?? "") }),
  }),
  /** PUT /api/documents/{id}/amends `{ instrumentId }` (null: it amends none of the documents here). */
  PUT: endpoint({
    body: confirmSchema,
    run: async ({ ctx, session, params, body }) => ({ link: await confirmAmendment(ctx, session, params.id ?? "", body.instrumentId) }),
  }),
  /** DELETE /api/documents/{id}/amends: forget the confirmation; the product matches it again. */
  DELETE: endpoint({
    run: async ({ ctx, session, params }) => {
      await forgetAmendmentLink(ctx, session, params.id ?? "");
      return {};
    },
  }),
});

export const loader = amends;
export const action = amends;
