import { defineServerModule } from "~/platform/module-manifest.server";
import { dailyBackup } from "./backup.server";

export const backupsServer = defineServerModule({
  id: "backups",
  // Runs with every cron tick but writes once per UTC day (the first tick finds no backup for today).
  scheduled: [{ name: "daily database backup", run: (env, now) => dailyBackup(env, now) }],
});
