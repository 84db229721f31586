import { createDb } from "~/platform/db.server";
import { defineServerModule } from "~/platform/module-manifest.server";
import { purgeExpired } from "./maintenance.server";

export const authServer = defineServerModule({
  id: "auth",
  // Expired sessions, tokens and rate-limit windows are deleted, not kept forever.
  scheduled: [{ name: "purge", run: (env) => purgeExpired(createDb(env.DB)) }],
});
