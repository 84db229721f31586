/** Limits of team chat (the issue: a message over 10,000 characters is refused). */
export const MAX_MESSAGE_CHARS = 10_000;
export const MAX_CHANNEL_NAME_CHARS = 60;
export const MAX_CHANNEL_DESCRIPTION_CHARS = 300;
export const MAX_TOPIC_NAME_CHARS = 60;
export const MAX_TOPIC_PURPOSE_CHARS = 80;
/** Messages per history page ("load older"). */
export const HISTORY_PAGE_SIZE = 50;
/** The topic a message goes to when none is named. */
export const DEFAULT_TOPIC_NAME = "general chat";
export const DEFAULT_CHANNEL_NAME = "General";
/** The realtime thread a workspace's chat events travel on (subscribe_thread). */
export const chatThreadId = (workspaceId: string) => `chat:${workspaceId}`;
/** An SMS is split by carriers beyond this; longer member messages are cut with a pointer to the app. */
export const MAX_SMS_CHARS = 1_200;
