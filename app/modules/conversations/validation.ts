import { z } from "zod";
import { CHANNEL_KINDS, TOPIC_FOLLOW_MODES } from "./schema";
import { MAX_CHANNEL_DESCRIPTION_CHARS, MAX_CHANNEL_NAME_CHARS, MAX_MESSAGE_CHARS, MAX_TOPIC_NAME_CHARS, MAX_TOPIC_PURPOSE_CHARS } from "./limits";

type T = (key: string, options?: Record<string, unknown>) => string;

const id = z.string().min(1).max(64);

export function channelNameSchema(t: T) {
  return z
    .string({ required_error: t("errors.channelNameRequired") })
    .trim()
    .min(1, t("errors.channelNameRequired"))
    .max(MAX_CHANNEL_NAME_CHARS, t("errors.channelNameTooLong", { max: MAX_CHANNEL_NAME_CHARS }))
    .refine((v) => !/[<>]/.test(v), t("errors.channelNameCharacters"));
}

export function createChannelSchema(t: T) {
  return z
    .object({
      name: channelNameSchema(t),
      description: z
        .string()
        .trim()
        .max(MAX_CHANNEL_DESCRIPTION_CHARS, t("errors.descriptionTooLong", { max: MAX_CHANNEL_DESCRIPTION_CHARS }))
        .optional(),
      kind: z.enum(CHANNEL_KINDS, { errorMap: () => ({ message: t("errors.channelKind") }) }).default("open"),
      memberIds: z.array(id).max(500).default([]),
    })
    .strict();
}

export function updateChannelSchema(t: T) {
  return z
    .object({
      name: channelNameSchema(t).optional(),
      description: z
        .string()
        .trim()
        .max(MAX_CHANNEL_DESCRIPTION_CHARS, t("errors.descriptionTooLong", { max: MAX_CHANNEL_DESCRIPTION_CHARS }))
        .optional(),
      archived: z.boolean().optional(),
    })
    .strict();
}

export function channelMembersSchema(t: T) {
  return z
    .object({
      userIds: z
        .array(id, { invalid_type_error: t("errors.invalidInput") })
        .min(1, t("errors.chooseMembers"))
        .max(500),
    })
    .strict();
}

export function messageBodySchema(t: T) {
  return z
    .string({ required_error: t("errors.messageEmpty"), invalid_type_error: t("errors.messageEmpty") })
    .refine((v) => v.trim().length > 0, t("errors.messageEmpty"))
    .refine((v) => v.length <= MAX_MESSAGE_CHARS, t("errors.messageTooLong", { max: MAX_MESSAGE_CHARS.toLocaleString("en-US") }));
}

export function topicNameSchema(t: T) {
  return z
    .string()
    .trim()
    .min(1, t("errors.topicNameRequired"))
    .max(MAX_TOPIC_NAME_CHARS, t("errors.topicNameTooLong", { max: MAX_TOPIC_NAME_CHARS }));
}

export function postMessageSchema(t: T) {
  return z
    .object({
      body: messageBodySchema(t),
      /** An existing topic, or a topic name (created when new). Neither: the default topic. */
      topicId: id.optional(),
      topic: topicNameSchema(t).optional(),
      purpose: z
        .string()
        .trim()
        .max(MAX_TOPIC_PURPOSE_CHARS, t("errors.purposeTooLong", { max: MAX_TOPIC_PURPOSE_CHARS }))
        .optional(),
    })
    .strict();
}

export function editMessageSchema(t: T) {
  return z
    .object({
      body: messageBodySchema(t).optional(),
      /** Move the message to another topic of its channel (existing id or a new name). */
      topicId: id.optional(),
      topic: topicNameSchema(t).optional(),
    })
    .strict()
    .refine((v) => v.body !== undefined || v.topicId !== undefined || v.topic !== undefined, t("errors.nothingToChange"));
}

export function updateTopicSchema(t: T) {
  return z
    .object({
      name: topicNameSchema(t).optional(),
      purpose: z
        .string()
        .trim()
        .max(MAX_TOPIC_PURPOSE_CHARS, t("errors.purposeTooLong", { max: MAX_TOPIC_PURPOSE_CHARS }))
        .nullable()
        .optional(),
      resolved: z.boolean().optional(),
    })
    .strict();
}

export function followTopicSchema(t: T) {
  return z.object({ mode: z.enum([...TOPIC_FOLLOW_MODES, "none"], { errorMap: () => ({ message: t("errors.followMode") }) }) }).strict();
}

export function addSmsParticipantSchema(t: T) {
  return z
    .object({
      phone: z
        .string({ required_error: t("errors.phoneInvalid") })
        .trim()
        .min(3, t("errors.phoneInvalid"))
        .max(32, t("errors.phoneInvalid")),
      name: z
        .string({ required_error: t("errors.participantNameRequired") })
        .trim()
        .min(1, t("errors.participantNameRequired"))
        .max(80, t("errors.participantNameTooLong")),
    })
    .strict();
}

export function readUpToSchema() {
  return z.object({ seq: z.number().int().min(0) }).strict();
}
