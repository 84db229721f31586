import { exportTable, type ExportContribution } from "~/platform/workspace-rows.server";
import { meetingAttendance, meetingChatMessages, meetingInvitees, meetingRecordingConsents, meetingRecordings, meetings, meetingSettings } from "./schema";

/** The workspace's meetings as files of its export: meetings, invitations, attendance, chat, recordings and consents. */
export const meetingsExport: ExportContribution = {
  tables: [
    exportTable("meetings/meetings.json", meetings, meetings.workspaceId),
    exportTable("meetings/invitees.json", meetingInvitees, meetingInvitees.workspaceId),
    exportTable("meetings/attendance.json", meetingAttendance, meetingAttendance.workspaceId),
    exportTable("meetings/chat.json", meetingChatMessages, meetingChatMessages.workspaceId),
    // The upload id is R2's handle on an unfinished upload: of no use outside the platform.
    exportTable("meetings/recordings.json", meetingRecordings, meetingRecordings.workspaceId, ["r2UploadId"]),
    exportTable("meetings/recording-consents.json", meetingRecordingConsents, meetingRecordingConsents.workspaceId),
    exportTable("meetings/settings.json", meetingSettings, meetingSettings.workspaceId),
  ],
};
