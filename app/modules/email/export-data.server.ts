import { exportTable, type ExportContribution } from "~/platform/workspace-rows.server";
import { emailBranding, emailOptOuts, emailTemplateIntros } from "./schema";

/** How the family's e-mails look, and who stopped which mail, in the workspace's export. */
export const emailExport: ExportContribution = {
  tables: [
    exportTable("email/branding.json", emailBranding, emailBranding.workspaceId),
    exportTable("email/template-intros.json", emailTemplateIntros, emailTemplateIntros.workspaceId),
    exportTable("email/opt-outs.json", emailOptOuts, emailOptOuts.workspaceId),
  ],
};
