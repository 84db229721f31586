/**
 * An error's group (issue 21): the normalised stack frames of our own code (function and file, without the build's
 * hash, line or column, which change with every release); else its type and message with numbers and ids stripped.
 */
import { parseStackFrame } from "./stack-frames";

const MAX_FRAMES = 5;

interface Frame {
  fn: string;
  file: string;
}

/** V8 ("at fn (url:1:2)", "at url:1:2") and Firefox/Safari ("fn@url:1:2") frames, read in linear time (stack-frames.ts). */
function parseFrame(line: string): Frame | null {
  const frame = parseStackFrame(line, true);
  return frame && { fn: frame.fn.replace(/^async\s+/, "") || "?", file: frame.file };
}

/** Our code: the app's bundles (/assets/…), the Worker's (index.js, build/server) and the sources (app/, party/). */
function isOwn(file: string): boolean {
  if (/node_modules|chrome-extension:|moz-extension:|safari-extension:/.test(file)) return false;
  return /\/assets\/|(^|\/)(app|party|workers|build)\/|(^|\/)index\.js$/.test(file);
}

function normaliseFile(file: string): string {
  const base =
    file
      .replace(/^[a-z]+:\/\/[^/]+/, "")
      .split("/")
      .pop() ?? file;
  // root-B2x9Qk1a.js → root.js: the build's content hash changes with every release.
  return base.replace(/-[A-Za-z0-9_]{6,}(?=\.m?js$)/, "");
}

/** A frame source-mapped to our own code (ops/sourcemap.ts): `app/routes/home.tsx`, no scheme or host. */
const isSource = (file: string) => /^(app|party|workers)\//.test(file);
/** A frame still in a browser's bundle (`https://host/assets/…`). */
const isBrowserBundle = (file: string) => /^https?:\/\/[^/]+\/assets\//.test(file);

export function ownFrames(stack: string | null | undefined): string[] {
  if (!stack) return [];
  let frames = stack
    .split("\n")
    .map(parseFrame)
    .filter((f): f is Frame => f !== null && isOwn(f.file));
  // Once a browser's stack is mapped, a frame left in the bundle is a library's (the maps cover all of our code):
  // its minified name changes with the build, so the group follows the mapped source frames alone.
  if (frames.some((f) => isSource(f.file))) frames = frames.filter((f) => !isBrowserBundle(f.file));
  return frames.slice(0, MAX_FRAMES).map((f) => `${f.fn}@${normaliseFile(f.file)}`);
}

export function normaliseMessage(message: string): string {
  return message
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, "<id>")
    .replace(/\b[0-9a-f]{8,}\b/gi, "<id>")
    .replace(/\d+/g, "<n>")
    .replace(/\s+/g, " ")
    .trim();
}

/** What is hashed: the frames when there are any of ours, else "Type: message". */
export function fingerprintSource(type: string, message: string, stack: string | null | undefined): string {
  const frames = ownFrames(stack);
  return frames.length > 0 ? `${type}\n${frames.join("\n")}` : `${type}: ${normaliseMessage(message)}`;
}

export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

export async function fingerprint(type: string, message: string, stack: string | null | undefined): Promise<string> {
  return (await sha256Hex(fingerprintSource(type, message, stack))).slice(0, 32);
}
