import { originalPositionFor, TraceMap } from "@jridgewell/trace-mapping";

/**
 * Source-mapped stacks (ADR 0031, amended): a stack frame of a built file we hold a map for is rewritten to the
 * source's path, line and column (`at loadTrust (app/modules/trust/queries.server.ts:42:9)`). Frames of files we
 * have no map for, and positions the map does not cover (the libraries, trimmed out of our maps), stay as they were.
 * Runs before scrubbing and fingerprinting, so groups follow the source, not the build.
 */
export interface RawSourceMap {
  version: number;
  sources: (string | null)[];
  names: string[];
  mappings: string;
  sourceRoot?: string;
  file?: string;
}

/** The maps of one build, keyed by the built file's path as its frames name it (a suffix is enough). */
export type SourceMaps = Record<string, RawSourceMap>;

const V8_FRAME = /^(\s*at\s+)(?:(.+?)\s+\()?(.+?):(\d+):(\d+)(\)?)\s*$/;
const GECKO_FRAME = /^(\s*)([^@\s]*)@(.+?):(\d+):(\d+)\s*$/;

/** "../../app/x.ts", "webpack:///./app/x.ts", "/abs/repo/app/x.ts" → "app/x.ts" when it is ours, else as given. */
export function sourcePath(source: string): string {
  const own = /(?:^|\/)((?:app|party|workers)\/.+)$/.exec(source.replace(/^[a-z]+:\/\/\/?/, ""));
  return own && !own[1].includes("node_modules/") ? own[1] : source;
}

/** Strips the scheme and origin (file:///…, https://host/…) a runtime may put before a module's name. */
function bareFile(file: string): string {
  return file.replace(/^[a-z-]+:\/\/[^/]*\//, "").replace(/[?#].*$/, "");
}

export class StackMapper {
  private readonly traced = new Map<string, TraceMap>();

  constructor(private readonly maps: SourceMaps) {}

  private mapFor(file: string): TraceMap | null {
    const bare = bareFile(file);
    const key = Object.keys(this.maps).find((k) => bare === k || bare.endsWith(`/${k}`) || k.endsWith(`/${bare}`));
    if (!key) return null;
    let traced = this.traced.get(key);
    if (!traced) {
      traced = new TraceMap(this.maps[key] as ConstructorParameters<typeof TraceMap>[0]);
      this.traced.set(key, traced);
    }
    return traced;
  }

  /** One frame's line, mapped when its file and position are covered. */
  mapLine(line: string): string {
    const v8 = V8_FRAME.exec(line);
    const gecko = v8 ? null : GECKO_FRAME.exec(line);
    if (!v8 && !gecko) return line;
    const [, lead, fn, file, lineNo, column] = (v8 ?? gecko) as RegExpExecArray;
    const map = this.mapFor(file);
    if (!map) return line;
    const original = originalPositionFor(map, { line: Number(lineNo), column: Number(column) - 1 });
    if (!original.source || original.line == null) return line;
    const where = `${sourcePath(original.source)}:${original.line}:${(original.column ?? 0) + 1}`;
    // The frame's own name (the enclosing function; the server build is not minified): the map's name at a position
    // is the identifier there, often the function being called, not the one the frame is in.
    const name = fn ?? "";
    if (gecko) return `${lead}${name}@${where}`;
    return name ? `${lead}${name} (${where})` : `${lead}${where}`;
  }

  map(stack: string): string {
    return stack
      .split("\n")
      .map((line) => this.mapLine(line))
      .join("\n");
  }
}

type MapsLoader = () => Promise<SourceMaps>;
/** Shared through the global object: the Worker's entry and the server build each hold a copy of this module. */
const LOADER = Symbol.for("trust-platform.ops.source-maps");
const holder = globalThis as { [LOADER]?: MapsLoader };
let mapper: Promise<StackMapper | null> | null = null;

/** The Worker's entry names where this build's maps are (workers/app.ts); loaded on the first error only. */
export function provideSourceMaps(load: MapsLoader): void {
  holder[LOADER] = load;
}

/** The stack with our own frames mapped to the sources; as it was when there are no maps or they cannot be read. */
export async function mapStack(stack: string | null | undefined): Promise<string | null | undefined> {
  const load = holder[LOADER];
  if (!stack || !load) return stack;
  mapper ??= load().then(
    (maps) => new StackMapper(maps),
    (error) => {
      console.warn("Could not load the source maps", error);
      return null;
    },
  );
  try {
    return (await mapper)?.map(stack) ?? stack;
  } catch {
    return stack;
  }
}
