import { defineServerModule } from "~/platform/module-manifest.server";
import { settleByPoll } from "./decisions.server";
import { financeExport } from "./export-data.server";

export const financeServer = defineServerModule({
  id: "finance",
  exportData: financeExport,
  // A distribution put to the family's vote is settled by the poll's result.
  on: { "poll.closed": settleByPoll },
});
