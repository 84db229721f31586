import { ScanLine } from "lucide-react";
import { area, defineModule } from "../../platform/module-manifest";

/** Scanning paper with the camera into a PDF in the workspace. */
export const scannerModule = defineModule({
  id: "scanner",
  areas: [area("/scanner", "documents", ScanLine, true)],
  pages: [{ path: "scanner", file: "routes/scanner.tsx" }],
});
