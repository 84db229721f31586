import { exportTable, type ExportContribution } from "~/platform/workspace-rows.server";
import { channelMembers, channels, chatMessageRevisions, chatMessages, chatTopics, smsMessages, smsParticipants, topicFollows } from "./schema";

/** The workspace's conversations as files of its export (issue 19): channels, topics, messages with their edits, SMS. */
export const conversationsExport: ExportContribution = {
  tables: [
    exportTable("conversations/channels.json", channels, channels.workspaceId),
    exportTable("conversations/channel-members.json", channelMembers, channelMembers.workspaceId),
    exportTable("conversations/topics.json", chatTopics, chatTopics.workspaceId),
    exportTable("conversations/topic-follows.json", topicFollows, topicFollows.workspaceId),
    exportTable("conversations/messages.json", chatMessages, chatMessages.workspaceId),
    exportTable("conversations/message-revisions.json", chatMessageRevisions, chatMessageRevisions.workspaceId),
    exportTable("conversations/sms-participants.json", smsParticipants, smsParticipants.workspaceId),
    exportTable("conversations/sms-messages.json", smsMessages, smsMessages.workspaceId),
  ],
};
