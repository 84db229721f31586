import { z } from "zod";
import { capabilityFromPath } from "./widget/capability";

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** Spec section 3: what the assistant is asked to help with. */
export const CAPABILITIES = ["document_analysis", "compliance_guidance", "trust_administration", "feature_guidance"] as const;
export type Capability = (typeof CAPABILITIES)[number];

export const CHAT_LIMITS = {
  /** A question, not a document: long texts belong in an upload. */
  messageMax: 4000,
  sessionIdMax: 300,
  pageMax: 2048,
  titleMax: 500,
  /** The widget may send the analysis it shows; it is never trusted, only bounded. */
  listMax: 500,
} as const;

/**
 * Spec section 4: with no capability given, the widget picks it from the path; the server does the
 * same for callers that leave it out, with the widget's own rule (a query or fragment is ignored).
 */
export function capabilityForPath(path: string | undefined | null): Capability {
  return capabilityFromPath((path ?? "").split(/[?#]/)[0]);
}

/**
 * The widget's context (spec section 3, "AI context sent"). Only `documentId` and `currentPage` are
 * used: the analysis lists it may carry are re-read from the database with the asker's rights, never
 * taken from the request. Unknown keys are allowed (other clients may send more) but shapes are checked.
 */
export const chatContextSchema = (t: Translate) =>
  z
    .object(
      {
        sessionId: z
          .string({ invalid_type_error: t("errors.contextInvalid") })
          .max(CHAT_LIMITS.sessionIdMax, t("errors.contextInvalid"))
          .optional(),
        currentPage: z
          .string({ invalid_type_error: t("errors.contextInvalid") })
          .max(CHAT_LIMITS.pageMax, t("errors.contextInvalid"))
          .optional(),
        timestamp: z.union([z.string().max(64), z.number()], { invalid_type_error: t("errors.contextInvalid") }).optional(),
        documentId: z
          .string({ invalid_type_error: t("errors.contextInvalid") })
          .max(64, t("errors.contextInvalid"))
          .nullable()
          .optional(),
        documentName: z
          .string({ invalid_type_error: t("errors.contextInvalid") })
          .max(CHAT_LIMITS.titleMax, t("errors.contextInvalid"))
          .nullable()
          .optional(),
        documentType: z
          .string({ invalid_type_error: t("errors.contextInvalid") })
          .max(100, t("errors.contextInvalid"))
          .nullable()
          .optional(),
        keyProvisions: z
          .array(z.unknown(), { invalid_type_error: t("errors.contextInvalid") })
          .max(CHAT_LIMITS.listMax, t("errors.contextInvalid"))
          .optional(),
        complianceRequirements: z
          .array(z.unknown(), { invalid_type_error: t("errors.contextInvalid") })
          .max(CHAT_LIMITS.listMax, t("errors.contextInvalid"))
          .optional(),
        importantDates: z
          .array(z.unknown(), { invalid_type_error: t("errors.contextInvalid") })
          .max(CHAT_LIMITS.listMax, t("errors.contextInvalid"))
          .optional(),
      },
      { invalid_type_error: t("errors.contextInvalid") },
    )
    .passthrough();

/** POST /api/ai/chat: `{ message, context, capability, sessionId }` (spec section 7). */
export const chatRequestSchema = (t: Translate) =>
  z
    .object({
      message: z
        .string({ required_error: t("errors.messageMissing"), invalid_type_error: t("errors.messageMissing") })
        .trim()
        .min(1, t("errors.messageMissing"))
        .max(CHAT_LIMITS.messageMax, t("errors.messageTooLong", { max: CHAT_LIMITS.messageMax.toLocaleString("en-US") })),
      context: z.preprocess((v) => (v === null || v === undefined ? {} : v), chatContextSchema(t)),
      capability: z.enum(CAPABILITIES, { errorMap: () => ({ message: t("errors.unknownCapability", { allowed: CAPABILITIES.join(", ") }) }) }).optional(),
      sessionId: z
        .string({ invalid_type_error: t("errors.sessionIdInvalid") })
        .max(CHAT_LIMITS.sessionIdMax, t("errors.sessionIdInvalid"))
        .optional(),
    })
    .transform((input) => ({ ...input, capability: input.capability ?? capabilityForPath(input.context.currentPage) }));

export type ChatRequest = z.infer<ReturnType<typeof chatRequestSchema>>;

/** The question form of /legal-intelligence. */
export const questionSchema = (t: Translate) =>
  z.object({
    question: z
      .string({ required_error: t("errors.messageMissing"), invalid_type_error: t("errors.messageMissing") })
      .trim()
      .min(1, t("errors.messageMissing"))
      .max(CHAT_LIMITS.messageMax, t("errors.messageTooLong", { max: CHAT_LIMITS.messageMax.toLocaleString("en-US") })),
  });
