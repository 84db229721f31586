import { z } from "zod";
import { LANGUAGE_CODES, type LanguageCode } from "~/modules/preferences/languages";
import { CHUNK_LIMIT } from "./chunks";

type Translate = (key: string, options?: Record<string, unknown>) => string;

const language = (t: Translate, key: string) => z.enum(LANGUAGE_CODES as [LanguageCode, ...LanguageCode[]], { errorMap: () => ({ message: t(key) }) });

/** POST /api/translate: one part of a text, its language and the language wanted. */
export const translateRequestSchema = (t: Translate) =>
  z
    .object({
      text: z
        .string({ required_error: t("errors.textMissing"), invalid_type_error: t("errors.textMissing") })
        .max(CHUNK_LIMIT, t("errors.textTooLong", { max: CHUNK_LIMIT }))
        .refine((text) => text.trim().length > 0, t("errors.textMissing")),
      source: language(t, "errors.unknownSource"),
      target: language(t, "errors.unknownTarget"),
      /** The document the text comes from (its first part is audited as a translation of it). */
      documentId: z.string().uuid(t("errors.documentNotFound")).optional(),
      part: z.number().int().min(0).max(10_000).optional(),
    })
    .strict()
    .refine((input) => input.source !== input.target, { message: t("errors.sameLanguage"), path: ["target"] });
export type TranslateRequest = z.infer<ReturnType<typeof translateRequestSchema>>;
