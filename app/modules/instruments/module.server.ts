import { defineServerModule } from "~/platform/module-manifest.server";
import { instrumentsExport } from "./export-data.server";

export const instrumentsServer = defineServerModule({ id: "instruments", exportData: instrumentsExport });
