import { defineModule } from "../../platform/module-manifest";

/** Outgoing e-mail: written to an outbox in the same request, delivered by a queue job. */
export const mailModule = defineModule({
  id: "mail",
  // Development tools: the outbox as a page (404 unless DEV_TOOLS is on, outside production, on loopback).
  routes: [{ path: "dev/outbox", file: "routes/dev.outbox.tsx" }],
});
