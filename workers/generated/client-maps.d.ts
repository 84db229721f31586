// workers/generated/client-maps.js, written by the client build (scripts/client-sourcemaps.ts).
import type { SourceMaps } from "../../app/modules/ops/sourcemap";

declare const maps: SourceMaps;
export default maps;
