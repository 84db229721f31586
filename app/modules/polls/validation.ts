import { z } from "zod";
import { ROLES } from "~/modules/workspaces/schema";
import { POLL_ELIGIBILITY, POLL_TYPES } from "./schema";
import { unknownVariant } from "~/platform/union-error";

type Translate = (key: string, options?: Record<string, unknown>) => string;

export const POLL_LIMITS = {
  titleMin: 3,
  titleMax: 200,
  descriptionMax: 4000,
  optionMax: 200,
  optionsMin: 2,
  optionsMax: 20,
  /** A poll must stay open at least this long, and close within a year. */
  minOpenMs: 5 * 60_000,
  maxOpenMs: 366 * 86_400_000,
} as const;

const checkbox = z.preprocess((v) => v === true || v === "true" || v === "on" || v === "1", z.boolean());

/**
 * A new poll, as the form and the JSON API send it. Options are required for every type but the
 * yes/no/abstain proposal, whose three options are made by the server.
 */
export const createPollSchema = (t: Translate, now = Date.now()) =>
  z
    .object({
      title: z
        .string({ required_error: t("errors.titleMissing") })
        .trim()
        .min(POLL_LIMITS.titleMin, t("errors.titleShort", { min: POLL_LIMITS.titleMin }))
        .max(POLL_LIMITS.titleMax, t("errors.titleLong", { max: POLL_LIMITS.titleMax })),
      description: z
        .string()
        .trim()
        .max(POLL_LIMITS.descriptionMax, t("errors.descriptionLong", { max: POLL_LIMITS.descriptionMax }))
        .optional()
        .transform((v) => v || undefined),
      type: z.enum(POLL_TYPES, { errorMap: () => ({ message: t("errors.unknownType") }) }),
      options: z
        .array(
          z
            .string()
            .trim()
            .max(POLL_LIMITS.optionMax, t("errors.optionLong", { max: POLL_LIMITS.optionMax })),
        )
        .max(POLL_LIMITS.optionsMax, t("errors.optionsMax", { max: POLL_LIMITS.optionsMax }))
        .default([])
        .transform((list) => list.filter((o) => o.length > 0)),
      closesAt: z
        .string({ required_error: t("errors.closesAtMissing") })
        .refine((v) => !Number.isNaN(Date.parse(v)), t("errors.closesAtInvalid"))
        .transform((v) => new Date(v))
        .refine((d) => d.getTime() >= now + POLL_LIMITS.minOpenMs, t("errors.closesAtPast"))
        .refine((d) => d.getTime() <= now + POLL_LIMITS.maxOpenMs, t("errors.closesAtFar")),
      eligibility: z.enum(POLL_ELIGIBILITY, { errorMap: () => ({ message: t("errors.unknownEligibility") }) }).default("all"),
      eligibleRoles: z.array(z.enum(ROLES, { errorMap: () => ({ message: t("errors.unknownRole") }) })).default([]),
      eligibleUserIds: z.array(z.string().max(64)).max(5000).default([]),
      quorumPercent: z.coerce
        .number({ invalid_type_error: t("errors.quorumInvalid") })
        .int(t("errors.quorumInvalid"))
        .min(0, t("errors.quorumInvalid"))
        .max(100, t("errors.quorumInvalid"))
        .default(0),
      hideResults: checkbox.default(false),
      weighted: checkbox.default(false),
      anonymous: checkbox.default(false),
    })
    .strict()
    .superRefine((poll, issue) => {
      if (poll.type !== "yes_no") {
        if (poll.options.length < POLL_LIMITS.optionsMin) {
          issue.addIssue({ code: "custom", path: ["options"], message: t("errors.optionsMin", { min: POLL_LIMITS.optionsMin }) });
        }
        const seen = new Set(poll.options.map((o) => o.toLocaleLowerCase()));
        if (seen.size !== poll.options.length) issue.addIssue({ code: "custom", path: ["options"], message: t("errors.optionsDuplicate") });
      }
      if (poll.eligibility === "roles" && poll.eligibleRoles.length === 0) {
        issue.addIssue({ code: "custom", path: ["eligibleRoles"], message: t("errors.rolesMissing") });
      }
      if (poll.eligibility === "people" && poll.eligibleUserIds.length === 0) {
        issue.addIssue({ code: "custom", path: ["eligibleUserIds"], message: t("errors.peopleMissing") });
      }
    });
export type CreatePollInput = z.infer<ReturnType<typeof createPollSchema>>;

export const ballotSchema = (t: Translate) =>
  z
    .object({
      choices: z
        .array(z.string().min(1).max(64), { required_error: t("errors.choiceMissing"), invalid_type_error: t("errors.choiceMissing") })
        .min(1, t("errors.choiceMissing"))
        .max(POLL_LIMITS.optionsMax, t("errors.choiceRepeated")),
    })
    .strict();

/**
 * The poll page's commands as its forms send them, told apart by `intent` (vote, close, remind, watch): the
 * ballot's choices follow the API's rules; `watching` is "true" to watch. Any other intent is an unknown command.
 */
export const pollCommandSchema = (t: Translate) =>
  z.discriminatedUnion(
    "intent",
    [
      ballotSchema(t).extend({ intent: z.literal("vote") }),
      z.object({ intent: z.literal("close") }),
      z.object({ intent: z.literal("remind") }),
      z.object({
        intent: z.literal("watch"),
        watching: z
          .string()
          .optional()
          .transform((v) => v === "true"),
      }),
    ],
    { errorMap: unknownVariant(t("errors.unknownCommand")) },
  );
export type PollCommand = z.infer<ReturnType<typeof pollCommandSchema>>;

/** One value or several under one name (Conform gives a lone checkbox as a string): always a list of strings. */
function list(value: unknown): string[] {
  return (Array.isArray(value) ? value : value === undefined ? [] : [value]).filter((v): v is string => typeof v === "string");
}

/**
 * The "New poll" form's fields as the API's poll: empty option rows are left out, and the closing time gets
 * the browser's offset, which the form sends in `closesAtOffset` (<input type="datetime-local"> has no zone).
 */
function formToPoll(value: unknown) {
  if (value === null || typeof value !== "object") return value;
  const form = value as Record<string, unknown>;
  const { closesAt, closesAtOffset: offset } = form;
  return {
    title: form.title,
    description: form.description,
    type: form.type,
    options: list(form.options).filter((o) => o.trim() !== ""),
    closesAt:
      typeof closesAt === "string" && closesAt && typeof offset === "string" && offset && !/[zZ]|[+-]\d\d:\d\d$/.test(closesAt)
        ? `${closesAt}${offset}`
        : closesAt,
    eligibility: form.eligibility,
    eligibleRoles: list(form.eligibleRoles),
    eligibleUserIds: list(form.eligibleUserIds),
    quorumPercent: form.quorumPercent,
    hideResults: form.hideResults,
    weighted: form.weighted,
    anonymous: form.anonymous,
  };
}

/** The "New poll" form, read by Conform's parseWithZod in the browser (on blur) and on the server: the API's rules. */
export const createPollFormSchema = (t: Translate, now = Date.now()) => z.preprocess(formToPoll, createPollSchema(t, now));
