import { defineModule } from "../../platform/module-manifest";

/**
 * Backups (issue 26, ADR 0035): no page of its own. The Worker's half writes a daily dump of D1 to the backups
 * bucket and keeps BACKUP_RETENTION_DAYS of them; `npm run restore` replays one into a fresh database.
 */
export const backupsModule = defineModule({ id: "backups" });
