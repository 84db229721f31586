import { exportTable, type ExportContribution } from "~/platform/workspace-rows.server";
import { instrumentLinks } from "./schema";

/** Which instrument each amendment amends, as people confirmed it. */
export const instrumentsExport: ExportContribution = {
  tables: [exportTable("documents/instrument-links.json", instrumentLinks, instrumentLinks.workspaceId)],
};
