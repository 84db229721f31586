import { z } from "zod";
import { CONFLICT_BASES, FLAG_RESOLUTIONS, RELATIONS } from "./ethics/checks";

type Translate = (key: string, options?: Record<string, unknown>) => string;

const names = (t: Translate) =>
  z
    .array(z.string().trim().min(1).max(200, t("validation.tooLong")))
    .max(20, t("validation.tooMany"))
    .default([]);
const lastFour = (t: Translate) =>
  z
    .string()
    .trim()
    .regex(/^\d{4}$/, t("ethics.validation.lastFourInvalid"));

/** POST /api/ethics/parties and PATCH /api/ethics/parties/{id}: a related person or entity of one trustee. */
export const relatedPartySchema = (t: Translate) =>
  z
    .object({
      trusteeUserId: z.string().uuid(t("ethics.validation.trusteeInvalid")),
      name: z.string().trim().min(1, t("validation.nameRequired")).max(200, t("validation.tooLong")),
      relation: z.enum(RELATIONS, { errorMap: () => ({ message: t("ethics.validation.relationInvalid") }) }),
      aliases: names(t),
      accountLastFour: lastFour(t).nullable().optional(),
      basis: z
        .object({
          kind: z.enum(CONFLICT_BASES, { errorMap: () => ({ message: t("ethics.validation.basisInvalid") }) }),
          documentId: z.string().uuid(t("validation.documentInvalid")).nullable().optional(),
          note: z.string().trim().max(2000, t("validation.tooLong")).nullable().optional(),
        })
        .strict()
        // Court approval and beneficiary consent are shown by a document; the trust terms by their clause or a note.
        .refine((basis) => basis.kind === "trust_terms" || basis.documentId || basis.note, {
          message: t("ethics.validation.basisNeedsProof"),
          path: ["documentId"],
        })
        .nullable()
        .optional(),
    })
    .strict();

/** PUT /api/ethics/trustees/{userId}: the names a trustee is paid under and their own accounts. */
export const disclosureSchema = (t: Translate) =>
  z
    .object({
      aliases: names(t),
      ownAccountLastFours: z.array(lastFour(t)).max(20, t("validation.tooMany")).default([]),
    })
    .strict();

/** POST /api/ethics/attestations: the trustee confirms the statement they were shown. */
export const attestationSchema = (t: Translate) =>
  z
    .object({
      confirm: z.literal(true, { errorMap: () => ({ message: t("ethics.validation.confirmRequired") }) }),
      note: z.string().trim().max(2000, t("validation.tooLong")).nullable().optional(),
    })
    .strict();

/** PUT /api/ethics/flags/{key}: how a flag was settled, with a reason a reviewer can read. */
export const flagReviewSchema = (t: Translate) =>
  z
    .object({
      resolution: z.enum(FLAG_RESOLUTIONS, { errorMap: () => ({ message: t("ethics.validation.resolutionInvalid") }) }),
      reason: z.string().trim().min(10, t("ethics.validation.reasonRequired")).max(2000, t("validation.tooLong")),
      evidenceDocumentId: z.string().uuid(t("validation.documentInvalid")).nullable().optional(),
    })
    .strict();

export const yearSchema = (t: Translate) =>
  z.coerce
    .number({ invalid_type_error: t("ethics.validation.yearInvalid") })
    .int()
    .min(1900, t("ethics.validation.yearInvalid"))
    .max(2200, t("ethics.validation.yearInvalid"));
