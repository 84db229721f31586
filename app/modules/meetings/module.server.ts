import { defineServerModule } from "~/platform/module-manifest.server";
import { meetingsExport } from "./export-data.server";
import { closeDepartedMemberMeetings } from "./member-left.server";
import { minutesPrefill } from "./minutes.server";
import { finishAbandonedRecordings } from "./recordings/upload.server";

export const meetingsServer = defineServerModule({
  id: "meetings",
  exportData: meetingsExport,
  on: { "member.left": closeDepartedMemberMeetings },
  scheduled: [{ name: "finish abandoned recordings", run: finishAbandonedRecordings }],
  draftPrefill: [{ source: "meeting", template: "minutes", values: minutesPrefill }],
});
