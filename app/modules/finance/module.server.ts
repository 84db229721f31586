import { defineServerModule } from "~/platform/module-manifest.server";
import { settleByPoll } from "./decisions.server";

export const financeServer = defineServerModule({
  id: "finance",
  // A distribution put to the family's vote is settled by the poll's result.
  on: { "poll.closed": settleByPoll },
});
