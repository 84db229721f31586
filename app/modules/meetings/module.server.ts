import { defineServerModule } from "~/platform/module-manifest.server";
import { meetingsExport } from "./export-data.server";
import { withdrawDepartedMemberInvitations } from "./member-left.server";
import { minutesPrefill } from "./minutes.server";
import { purgeExpiredRecordings } from "./recordings/retention.server";
import { finishAbandonedRecordings } from "./recordings/upload.server";
import { closeEndedSessionSockets } from "./sessions-ended.server";

export const meetingsServer = defineServerModule({
  id: "meetings",
  exportData: meetingsExport,
  on: { "member.left": withdrawDepartedMemberInvitations, "sessions.ended": closeEndedSessionSockets },
  scheduled: [
    { name: "finish abandoned recordings", run: finishAbandonedRecordings },
    { name: "purge recordings past retention", run: purgeExpiredRecordings },
  ],
  draftPrefill: [{ source: "meeting", template: "minutes", values: minutesPrefill }],
});
