import { defineServerModule } from "~/platform/module-manifest.server";
import { sendDueDigests } from "./digest.server";
import { emailExport } from "./export-data.server";

export const emailServer = defineServerModule({
  id: "email",
  scheduled: [{ name: "send e-mail digests", run: (env, now) => sendDueDigests(env, now) }],
  exportData: emailExport,
});
