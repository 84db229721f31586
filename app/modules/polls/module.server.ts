import { defineServerModule } from "~/platform/module-manifest.server";
import { closeOverduePolls } from "./closing.server";
import { withdrawDepartedVoter, withdrawVoterOnRoleChange } from "./member-left.server";
import { pollsExport } from "./export-data.server";

export const pollsServer = defineServerModule({
  id: "polls",
  exportData: pollsExport,
  on: { "member.left": withdrawDepartedVoter, "member.role_changed": withdrawVoterOnRoleChange },
  // A safety net for the polls' closing alarms: anything past its closing time is closed now.
  scheduled: [{ name: "close overdue polls", run: (env, now) => closeOverduePolls(env, now.getTime()) }],
});
