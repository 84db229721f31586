import { originalPositionFor, TraceMap } from "@jridgewell/trace-mapping";
import { parseStackFrame, type StackFrame } from "./stack-frames";

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

/** The maps of one build, keyed by the built file's path as its frames name it (for the server's, a suffix is enough). */
export type SourceMaps = Record<string, RawSourceMap>;

/** A minifier's name (`t`, `Xe`, `$a`), perhaps with V8's receiver (`Object.Xe`), `async `/`new ` or `[as key]`. */
const MINIFIED = /^(?:async\s+|new\s+)?(?:[\w$]+\.)*[\w$]{1,2}(?:\s+\[as [\w$]+\])?$/;

type Frame = StackFrame & { column: number };

/** A frame with both a line and a column (a source map needs both); parsed in linear time (ops/stack-frames.ts). */
function parseFrame(line: string): Frame | null {
  const frame = parseStackFrame(line);
  return frame && frame.column !== null ? (frame as Frame) : null;
}

/** Browser stacks (`map(stack, { origin })`): only the app's own assets, `${origin}/assets/…`, are looked up. */
export interface BrowserStack {
  origin: string;
}

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

  private mapFor(file: string, browser?: BrowserStack): TraceMap | null {
    let key: string | undefined;
    if (browser) {
      // The client's maps are keyed by the asset's exact path; another origin's file, or one outside /assets/, is not ours.
      const own = `${browser.origin}/assets/`;
      if (file.startsWith(own)) key = `assets/${file.slice(own.length).replace(/[?#].*$/, "")}`;
      if (key === undefined || !Object.hasOwn(this.maps, key)) return null;
    } else {
      const bare = bareFile(file);
      key = Object.keys(this.maps).find((k) => bare === k || bare.endsWith(`/${k}`) || k.endsWith(`/${bare}`));
      if (!key) return null;
    }
    let traced = this.traced.get(key);
    if (!traced) {
      traced = new TraceMap(this.maps[key] as ConstructorParameters<typeof TraceMap>[0]);
      this.traced.set(key, traced);
    }
    return traced;
  }

  private original(frame: Frame, browser?: BrowserStack) {
    const map = this.mapFor(frame.file, browser);
    if (!map) return null;
    const original = originalPositionFor(map, { line: frame.line, column: frame.column - 1 });
    return original.source && original.line != null ? original : null;
  }

  /**
   * A frame's function name. The server build is not minified: the frame's own name is the enclosing function's. The
   * browser's is: a 1-2 character name is the minifier's and means nothing once mapped. The map's name at the frame's
   * own position is not the replacement: it names the identifier there, i.e. what the frame was calling
   * (`useRouteLoaderData`), not the function it is in. The caller's frame is positioned on the call that entered
   * this one, so the map's name there is this function's source name (`useSignedInUser`). Without one (the caller
   * is a library's, or not a call), the minified name is dropped: it would change with every build and split groups.
   */
  private nameOf(frame: Frame, caller: string | undefined, browser?: BrowserStack): string {
    if (!browser || !MINIFIED.test(frame.fn)) return frame.fn;
    const callSite = caller === undefined ? null : parseFrame(caller);
    return (callSite && this.original(callSite, browser)?.name) || "";
  }

  /** One frame's line, mapped when its file and position are covered; `caller` is the next line of the stack. */
  mapLine(line: string, caller?: string, browser?: BrowserStack): string {
    const frame = parseFrame(line);
    if (!frame) return line;
    const original = this.original(frame, browser);
    if (!original) return line;
    const where = `${sourcePath(original.source!)}:${original.line}:${(original.column ?? 0) + 1}`;
    const name = this.nameOf(frame, caller, browser);
    if (frame.gecko) return `${frame.lead}${name}@${where}`;
    return name ? `${frame.lead}${name} (${where})` : `${frame.lead}${where}`;
  }

  map(stack: string, browser?: BrowserStack): string {
    const lines = stack.split("\n");
    return lines.map((line, i) => this.mapLine(line, lines[i + 1], browser)).join("\n");
  }
}

type MapsLoader = () => Promise<SourceMaps>;
/** Shared through the global object: the Worker's entry and the server build each hold a copy of this module. */
const SERVER = Symbol.for("trust-platform.ops.source-maps");
const CLIENT = Symbol.for("trust-platform.ops.client-source-maps");
const holder = globalThis as { [SERVER]?: MapsLoader; [CLIENT]?: MapsLoader };
/** Loaded mappers (null: the maps could not be loaded). Kept once settled: see mapperOf. */
const mappers = new Map<symbol, StackMapper | null>();

/** The Worker's entry names where this build's maps are (workers/app.ts); loaded on the first error only. */
export function provideSourceMaps(load: MapsLoader): void {
  holder[SERVER] = load;
}

/** The same for the client build's maps (scripts/client-sourcemaps.ts); loaded on the first browser stack only. */
export function provideClientSourceMaps(load: MapsLoader): void {
  holder[CLIENT] = load;
}

/** The maps being loaded now, by some request: others wait for them to settle rather than parse them again. */
const loading = new Set<symbol>();
const WAIT_STEP_MS = 25;
/** How long a request waits for another's load before loading the maps itself (that request may have been cancelled). */
const WAIT_STEPS = 120;

/**
 * The settled mapper, loaded on first use. A request that meets another's first load polls, on its own timers, for
 * the settled mapper instead of awaiting that request's pending promise (ADR 0044): in workerd a request that awaits
 * another request's promise can stall or be cancelled with it. Polling keeps a burst of first errors from each
 * parsing megabytes of maps at once.
 */
async function mapperOf(key: typeof SERVER | typeof CLIENT): Promise<StackMapper | null> {
  const load = holder[key];
  if (!load) return null;
  for (let step = 0; loading.has(key) && !mappers.has(key) && step < WAIT_STEPS; step++) {
    await new Promise((resolve) => setTimeout(resolve, WAIT_STEP_MS));
  }
  const kept = mappers.get(key);
  if (kept !== undefined) return kept;
  loading.add(key);
  try {
    const mapper = await load().then(
      (maps) => new StackMapper(maps),
      (error) => {
        console.warn("Could not load the source maps", error);
        return null;
      },
    );
    mappers.set(key, mapper);
    return mapper;
  } finally {
    loading.delete(key);
  }
}

async function mapWith(key: typeof SERVER | typeof CLIENT, stack: string, browser?: BrowserStack): Promise<string> {
  try {
    return (await mapperOf(key))?.map(stack, browser) ?? stack;
  } catch {
    return stack;
  }
}

/** The stack with our own frames mapped to the sources; as it was when there are no maps or they cannot be read. */
export async function mapStack(stack: string | null | undefined): Promise<string | null | undefined> {
  return stack ? mapWith(SERVER, stack) : stack;
}

/**
 * A browser's stack with the frames of the app's own assets (`${origin}/assets/…`) mapped with the client build's
 * maps, which are only read when such a frame first arrives.
 */
export async function mapBrowserStack(stack: string | null | undefined, origin: string): Promise<string | null | undefined> {
  return stack?.includes(`${origin}/assets/`) ? mapWith(CLIENT, stack, { origin }) : stack;
}
