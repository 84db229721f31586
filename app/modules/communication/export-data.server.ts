import { exportTable, type ExportContribution } from "~/platform/workspace-rows.server";
import { messageTemplates, scheduledMessages } from "./schema";

/** The workspace's own message templates and its scheduled messages (sent, waiting or cancelled) in its export. */
export const communicationExport: ExportContribution = {
  tables: [
    exportTable("communication/templates.json", messageTemplates, messageTemplates.workspaceId),
    exportTable("communication/scheduled-messages.json", scheduledMessages, scheduledMessages.workspaceId),
  ],
};
