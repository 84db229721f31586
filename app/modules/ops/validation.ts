import { z } from "zod";
import { LIMITS } from "./scrub";

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** Most reports one request may carry: the browser batches, and a larger batch is refused, not cut. */
export const MAX_BATCH = 20;

/** One client report `{ message, stack?, route?, release? }`; long fields are cut to their limit (never refused for it). */
const report = (t: Translate) =>
  z.object({
    message: z.string({ required_error: t("errors.messageRequired"), invalid_type_error: t("errors.messageRequired") }).min(1, t("errors.messageRequired")),
    type: z.string().max(200).optional(),
    kind: z.enum(["error", "rejection", "boundary", "api"]).optional(),
    stack: z.string().optional(),
    route: z.string().optional(),
    release: z.string().max(200).optional(),
    breadcrumbs: z.array(z.string()).max(50).optional(),
  });

export type ClientReport = z.infer<ReturnType<typeof report>>;

/** One report, or `{ reports: [...] }` of at most MAX_BATCH (a bare list is wrapped so by the route). */
export function clientReportSchemas(t: Translate) {
  let schemas = schemasByT.get(t);
  if (!schemas) {
    schemas = buildClientReportSchemas(t);
    schemasByT.set(t, schemas);
  }
  return schemas;
}
/** Built once per language (serverT hands out one function per language): the intake is the busiest endpoint. */
const schemasByT = new WeakMap<Translate, ReturnType<typeof buildClientReportSchemas>>();

function buildClientReportSchemas(t: Translate) {
  const list = z
    .array(report(t))
    .min(1, t("errors.emptyBatch"))
    .max(MAX_BATCH, t("errors.batchTooLarge", { max: MAX_BATCH }));
  return { single: report(t), batch: z.object({ reports: list }) };
}

export function problemReportSchema(t: Translate) {
  return z.object({
    description: z
      .string({ required_error: t("errors.descriptionRequired") })
      .trim()
      .min(5, t("errors.descriptionRequired"))
      .max(4000, t("errors.descriptionTooLong", { max: 4000 })),
    attachErrors: z.boolean().default(false),
    sessionKey: z.string().max(64).optional(),
    route: z.string().max(LIMITS.route).optional(),
  });
}
