import type { ServerModuleManifest } from "~/platform/module-manifest.server";
import { MODULES } from "./registry";

// The Worker's half of each domain sits next to its manifest as module.server.ts; Vite finds them at build time.
const files = import.meta.glob<Record<string, ServerModuleManifest>>("./*/module.server.ts", { eager: true });

function serverModules(): ServerModuleManifest[] {
  const byId = new Map<string, ServerModuleManifest>();
  for (const [path, exports] of Object.entries(files)) {
    const folder = path.split("/")[1];
    const manifests = Object.values(exports).filter((value): value is ServerModuleManifest => typeof value === "object" && value !== null && "id" in value);
    // A server half must belong to a registered domain in the same folder: a typo must not silently drop jobs.
    if (manifests.length !== 1 || manifests[0].id !== folder) throw new Error(`${path} must export one server manifest with id "${folder}"`);
    if (!MODULES.some((m) => m.id === folder)) throw new Error(`${path} belongs to a module missing from app/modules/registry.ts`);
    byId.set(folder, manifests[0]);
  }
  return MODULES.flatMap((m) => byId.get(m.id) ?? []);
}

/** The registered domains' Worker halves, in the registry's order. */
export const SERVER_MODULES: readonly ServerModuleManifest[] = serverModules();
