import { type area, defineModule } from "../../platform/module-manifest";

/**
 * The spec's areas that have no domain yet (they show "being built"): listed so that the navigation, /modules
 * and the help centre show the whole product. A new domain takes its areas and help topics out of here.
 */
export const plannedModule = defineModule({
  id: "planned",
  areas: [] as ReturnType<typeof area>[],
});
