/**
 * Instruments and the documents that amend them (issue 24, docs/decisions/0021): an instrument's family, the
 * edits each amendment makes, and the trust as amended, one consolidated reading that drafting, compliance,
 * finances and the beneficiary portal read instead of a single document's analysis.
 */
import { defineModule } from "../../platform/module-manifest";

export const instrumentsModule = defineModule({
  id: "instruments",
  routes: [
    { path: "api/documents/:id/as-amended", file: "modules/instruments/routes/api.as-amended.ts" },
    { path: "api/documents/:id/amends", file: "modules/instruments/routes/api.amends.ts" },
  ],
});
