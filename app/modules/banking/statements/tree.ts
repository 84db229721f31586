// Typed access to the loose objects that ofx-js and fast-xml-parser build (one child is an object,
// several are an array; a leaf is a string, or { "#text", "@_attr" } when it has attributes).

export type Tree = Record<string, unknown>;

export function isTree(value: unknown): value is Tree {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Every child named `name`, as an array whatever the parser made of it. */
export function all(node: unknown, name: string): unknown[] {
  if (!isTree(node) || !Object.hasOwn(node, name)) return [];
  const value = node[name];
  return Array.isArray(value) ? value : value === undefined ? [] : [value];
}

/** The first node along `path` (each step the first child of that name). */
export function one(node: unknown, ...path: string[]): unknown {
  let current = node;
  for (const name of path) {
    current = all(current, name)[0];
    if (current === undefined) return undefined;
  }
  return current;
}

/** The trimmed text at `path`, or undefined when absent or blank. */
export function text(node: unknown, ...path: string[]): string | undefined {
  const value = one(node, ...path);
  const raw =
    typeof value === "string" || typeof value === "number"
      ? String(value)
      : isTree(value) && Object.hasOwn(value, "#text")
        ? String(value["#text"])
        : undefined;
  const trimmed = raw?.trim();
  return trimmed ? trimmed : undefined;
}

/** An attribute of the node at `path` (fast-xml-parser's "@_" prefix). */
export function attribute(node: unknown, name: string, ...path: string[]): string | undefined {
  const value = one(node, ...path);
  if (!isTree(value) || !Object.hasOwn(value, `@_${name}`)) return undefined;
  const raw = value[`@_${name}`];
  return typeof raw === "string" && raw.trim() ? raw.trim() : undefined;
}
