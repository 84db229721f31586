import { defineServerModule } from "~/platform/module-manifest.server";
import { removeDepartedMember } from "./member-left.server";
import { conversationsExport } from "./export-data.server";

export const conversationsServer = defineServerModule({
  id: "conversations",
  exportData: conversationsExport,
  on: { "member.left": removeDepartedMember },
});
