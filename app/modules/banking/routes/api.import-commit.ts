import { z } from "zod";
import { endpoint, jsonRoute } from "~/platform/json-route.server";
import { bankingAccess } from "../access.server";
import { bankingT } from "../i18n.server";
import { commitImport } from "../imports.server";

const commitSchema = (t: (key: string) => string) =>
  z
    .object({
      overrides: z.record(z.enum(["import", "skip"], { errorMap: () => ({ message: t("validation.overrideInvalid") }) })).optional(),
    })
    .strict();

const commit = jsonRoute(bankingT, {
  /** POST /api/banking/imports/{importId}/commit: the previewed rows into the books, in one batch, with the person's overrides. */
  POST: endpoint({
    body: commitSchema,
    // A person may tick thousands of rows of a 10,000-row statement.
    bodyLimit: 1024 * 1024,
    run: async ({ ctx, session, body, params }) => commitImport(ctx, await bankingAccess(ctx.db, session), params.importId ?? "", body.overrides),
  }),
});

export const loader = commit;
export const action = commit;
