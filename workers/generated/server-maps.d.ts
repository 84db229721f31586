// workers/generated/server-maps.js, written by the server build (scripts/server-sourcemaps.ts).
import type { SourceMaps } from "../../app/modules/ops/sourcemap";

declare const maps: SourceMaps;
export default maps;
