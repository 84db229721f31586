import { defineServerModule } from "~/platform/module-manifest.server";
import { closeOverduePolls } from "./closing.server";

export const pollsServer = defineServerModule({
  id: "polls",
  // A safety net for the polls' closing alarms: anything past its closing time is closed now.
  scheduled: [{ name: "close overdue polls", run: (env, now) => closeOverduePolls(env, now.getTime()) }],
});
