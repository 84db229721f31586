/** Marks around matched words in search snippets: private-use characters, never HTML, split when rendering. */
export const MATCH_START = "\uE000";
export const MATCH_END = "\uE001";

/**
 * Turns what a person typed into a safe FTS5 query: every word is quoted (so operators and
 * punctuation cannot break the query), "quoted phrases" stay phrases, and the last word matches as
 * a prefix so results appear while typing. Returns null when nothing searchable is left.
 */
export function toFtsQuery(input: string): string | null {
  const parts: string[] = [];
  const re = /"([^"]*)"|(\S+)/g;
  for (const match of input.slice(0, 200).matchAll(re)) {
    const raw = (match[1] ?? match[2] ?? "").normalize("NFKC");
    const words = raw.match(/[\p{L}\p{N}]+/gu);
    if (!words) continue;
    parts.push(match[1] !== undefined ? `"${words.join(" ")}"` : words.map((w) => `"${w}"`).join(" "));
  }
  if (parts.length === 0) return null;
  const last = parts[parts.length - 1];
  if (!/^".* .*"$/.test(last)) parts[parts.length - 1] = `${last}*`;
  return parts.slice(0, 12).join(" ");
}

/** Splits a snippet into plain and matched pieces for safe rendering. */
export function snippetParts(snippet: string): { text: string; match: boolean }[] {
  const parts: { text: string; match: boolean }[] = [];
  for (const piece of snippet.split(MATCH_START)) {
    const end = piece.indexOf(MATCH_END);
    if (end === -1) {
      if (piece) parts.push({ text: piece, match: false });
      continue;
    }
    parts.push({ text: piece.slice(0, end), match: true });
    if (piece.slice(end + 1)) parts.push({ text: piece.slice(end + 1), match: false });
  }
  return parts;
}

/** The indexed token that confines a search row to its workspace (see migration 0002). */
export function workspaceToken(workspaceId: string): string {
  return `w${workspaceId.replace(/-/g, "").toLowerCase()}`;
}

/** An FTS5 query for one workspace's titles and texts; `userQuery` comes from `toFtsQuery`. */
export function scopedFtsQuery(workspaceId: string, userQuery: string): string {
  return `scope : "${workspaceToken(workspaceId)}" AND {title body} : (${userQuery})`;
}
