import { z } from "zod";
import { documentsT } from "~/modules/documents/i18n.server";
import { saveRecognisedText } from "~/modules/documents/service.server";
import { endpoint, jsonRoute } from "~/platform/json-route.server";

/** Text recognised in the browser may be long; this is a page-count's worth, not a novel. */
const OCR_TEXT_LIMIT = 400_000;

const textSchema = (t: (k: string) => string) =>
  z
    .object({
      text: z
        .string({ required_error: t("errors.ocrTextMissing") })
        .max(OCR_TEXT_LIMIT, t("errors.ocrTextTooLong"))
        .refine((text) => text.trim().length > 0, t("errors.ocrTextEmpty")),
    })
    .strict();

const text = jsonRoute(documentsT, {
  /** PUT /api/documents/{id}/text `{ "text": "…" }`: the OCR result of an image document. */
  PUT: endpoint({
    body: textSchema,
    bodyLimit: OCR_TEXT_LIMIT * 4 + 1024,
    status: 202,
    run: async ({ ctx, session, params, body }) => {
      await saveRecognisedText(ctx, session, params.id ?? "", body.text);
      return { status: "pending" };
    },
  }),
});

export const loader = text;
export const action = text;
