import { defineModule } from "../../platform/module-manifest";

/** Scanning paper with the camera into a PDF in the workspace. */
export const scannerModule = defineModule({
  id: "scanner",
  pages: [{ path: "scanner", file: "routes/scanner.tsx" }],
});
