import { z } from "zod";
import { DOCUMENT_TYPES, SHARE_PERMISSIONS } from "./schema";
import { unknownVariant } from "~/platform/union-error";

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The longest note a version may carry. */
export const VERSION_NOTE_MAX = 500;

/** A document's title and type, as PATCH /api/documents/{id} takes them and the "Edit details" form sends them. */
export const documentChangesSchema = (t: Translate) =>
  z
    .object({
      title: z
        .string({ required_error: t("errors.titleMissing") })
        .trim()
        .min(1, t("errors.titleMissing"))
        .max(200, t("errors.titleTooLong")),
      type: z.enum(DOCUMENT_TYPES, { errorMap: () => ({ message: t("errors.unknownType") }) }),
    })
    .strict();

/** A share's permission, as PUT /api/documents/{id}/shares/{userId} takes it. */
export const sharePermissionSchema = (t: Translate) =>
  z.object({ permission: z.enum(SHARE_PERMISSIONS, { errorMap: () => ({ message: t("errors.unknownPermission") }) }) }).strict();

/** A restored version's optional note, as POST …/versions/{versionId}/restore takes it. */
export const versionNoteSchema = (t: Translate) =>
  z
    .object({
      note: z
        .string()
        .trim()
        .max(VERSION_NOTE_MAX, t("errors.versionNoteTooLong", { max: VERSION_NOTE_MAX }))
        .optional(),
    })
    .strict();

const member = (t: Translate) =>
  z.string({ required_error: t("errors.memberNotFound"), invalid_type_error: t("errors.memberNotFound") }).min(1, t("errors.memberNotFound"));

/** The "Restore" form of the document page and the history page: which version, and the note (the API's rules). */
const restoreCommand = (t: Translate) => versionNoteSchema(t).extend({ intent: z.literal("restore"), versionId: z.string().default("") });

const unknownAction = (t: Translate) => unknownVariant(t("errors.unknownAction"));

/**
 * The document page's forms, told apart by `intent`: details (the API's title and type), analyze, share (a member
 * and the API's permission), unshare, restore, delete. Read by Conform in the browser and on the server.
 */
export const documentFormSchema = (t: Translate) =>
  z.discriminatedUnion(
    "intent",
    [
      documentChangesSchema(t).extend({ intent: z.literal("details") }),
      z.object({ intent: z.literal("analyze") }),
      sharePermissionSchema(t).extend({ intent: z.literal("share"), userId: member(t) }),
      z.object({ intent: z.literal("unshare"), userId: z.string().default("") }),
      restoreCommand(t),
      z.object({ intent: z.literal("delete") }),
    ],
    { errorMap: unknownAction(t) },
  );
export type DocumentForm = z.infer<ReturnType<typeof documentFormSchema>>;

/** The history page's one form: restore. */
export const restoreFormSchema = (t: Translate) => z.discriminatedUnion("intent", [restoreCommand(t)], { errorMap: unknownAction(t) });
export type RestoreForm = z.infer<ReturnType<typeof restoreFormSchema>>;
