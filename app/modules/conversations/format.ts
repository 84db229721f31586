/**
 * The little formatting team chat understands, parsed into a tree that React renders as elements:
 * the text is never inserted as HTML, so nothing a person types can run in someone else's browser.
 *
 *   **bold**  *italic* or _italic_  `code`  [words](https://…)  bare https:// links  /documents/{id}
 *   - bullet lists  1. numbered lists  @**Full Name** mentions
 */
export type Inline =
  | { t: "text"; v: string }
  | { t: "strong"; c: Inline[] }
  | { t: "em"; c: Inline[] }
  | { t: "code"; v: string }
  | { t: "link"; href: string; c: Inline[]; documentId: string | null }
  | { t: "mention"; name: string };

export type Block = { t: "p"; lines: Inline[][] } | { t: "ul"; items: Inline[][] } | { t: "ol"; items: Inline[][]; start: number };

const DOCUMENT_PATH = /^\/documents\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/?$/i;

/** A link target we let people click: web and mail addresses, and paths inside the app. */
export function safeHref(raw: string): string | null {
  const href = raw.trim();
  // In-app paths only: "//host" and "/\\host" are read by browsers as another site.
  if (/^\/(?![/\\])[^\s\\]*$/.test(href)) return href;
  try {
    const url = new URL(href);
    return ["http:", "https:", "mailto:"].includes(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}

/** The document a link points at, when it is one of this app's document pages (`origin` is ours). */
export function documentIdOf(href: string, origin?: string): string | null {
  let path = href;
  if (!href.startsWith("/")) {
    try {
      const url = new URL(href);
      if (!origin || url.origin !== origin) return null;
      path = url.pathname;
    } catch {
      return null;
    }
  }
  return DOCUMENT_PATH.exec(path.split(/[?#]/)[0])?.[1]?.toLowerCase() ?? null;
}

const INLINE = new RegExp(
  [
    String.raw`@\*\*(?<mention>[^*\n]{1,100})\*\*`,
    String.raw`\*\*(?<strong>[^\n]+?)\*\*`,
    String.raw`(?<![\w*])\*(?<em1>[^*\s][^*\n]*?)\*(?!\w)`,
    String.raw`(?<!\w)_(?<em2>[^_\s][^_\n]*?)_(?!\w)`,
    "`(?<code>[^`\\n]+)`",
    String.raw`\[(?<label>[^\]\n]{1,200})\]\((?<target>[^)\s]{1,2000})\)`,
    String.raw`(?<url>https?:\/\/[^\s<>()]+[^\s<>().,;:!?'"])`,
    String.raw`(?<![\w/])(?<path>\/documents\/[0-9a-fA-F-]{36})(?![\w-])`,
  ].join("|"),
  "g",
);

export function parseInline(text: string, origin?: string, depth = 0): Inline[] {
  const out: Inline[] = [];
  let last = 0;
  const push = (node: Inline) => {
    const prev = out[out.length - 1];
    if (node.t === "text" && prev?.t === "text") prev.v += node.v;
    else out.push(node);
  };
  for (const match of text.matchAll(INLINE)) {
    const g = match.groups ?? {};
    const start = match.index ?? 0;
    if (start > last) push({ t: "text", v: text.slice(last, start) });
    last = start + match[0].length;
    if (g.mention) push({ t: "mention", name: g.mention.trim() });
    else if (g.strong && depth < 3) push({ t: "strong", c: parseInline(g.strong, origin, depth + 1) });
    else if ((g.em1 ?? g.em2) && depth < 3) push({ t: "em", c: parseInline(g.em1 ?? g.em2, origin, depth + 1) });
    else if (g.code) push({ t: "code", v: g.code });
    else if (g.label) {
      const href = safeHref(g.target);
      if (href) push({ t: "link", href, c: parseInline(g.label, origin, depth + 1), documentId: documentIdOf(href, origin) });
      else push({ t: "text", v: match[0] });
    } else if (g.url) {
      const href = safeHref(g.url);
      if (href) push({ t: "link", href, c: [{ t: "text", v: g.url }], documentId: documentIdOf(href, origin) });
      else push({ t: "text", v: match[0] });
    } else if (g.path) push({ t: "link", href: g.path, c: [{ t: "text", v: g.path }], documentId: documentIdOf(g.path) });
    else push({ t: "text", v: match[0] });
  }
  if (last < text.length) push({ t: "text", v: text.slice(last) });
  return out;
}

/** Paragraphs (single line breaks kept), bullet lists and numbered lists. */
export function parseMessage(body: string, origin?: string): Block[] {
  const blocks: Block[] = [];
  for (const line of body.replace(/\r\n?/g, "\n").split("\n")) {
    const bullet = /^\s*[-*•]\s+(.*)$/.exec(line);
    const numbered = /^\s*(\d{1,4})[.)]\s+(.*)$/.exec(line);
    const prev = blocks[blocks.length - 1];
    if (bullet) {
      if (prev?.t === "ul") prev.items.push(parseInline(bullet[1], origin));
      else blocks.push({ t: "ul", items: [parseInline(bullet[1], origin)] });
    } else if (numbered) {
      if (prev?.t === "ol") prev.items.push(parseInline(numbered[2], origin));
      else blocks.push({ t: "ol", items: [parseInline(numbered[2], origin)], start: Number(numbered[1]) });
    } else if (line.trim() === "") {
      blocks.push({ t: "p", lines: [] });
    } else if (prev?.t === "p" && prev.lines.length > 0) {
      prev.lines.push(parseInline(line, origin));
    } else {
      blocks.push({ t: "p", lines: [parseInline(line, origin)] });
    }
  }
  return blocks.filter((b) => b.t !== "p" || b.lines.length > 0);
}

/** Names written as @**Full Name** in a message, lower-cased for matching. */
export function mentionedNames(body: string): string[] {
  return [...new Set([...body.matchAll(/@\*\*([^*\n]{1,100})\*\*/g)].map((m) => m[1].trim().normalize("NFKC").toLowerCase()))];
}

/** Every document of this app a message links to. */
export function linkedDocumentIds(body: string, origin?: string): string[] {
  const ids = new Set<string>();
  const walk = (nodes: Inline[]) => {
    for (const node of nodes) {
      if (node.t === "link" && node.documentId) ids.add(node.documentId);
      if ("c" in node) walk(node.c);
    }
  };
  for (const block of parseMessage(body, origin)) (block.t === "p" ? block.lines : block.items).forEach(walk);
  return [...ids];
}

/** The message as plain words, for SMS, notifications and search snippets. */
export function plainText(body: string): string {
  return body
    .replace(/@\*\*([^*\n]+)\*\*/g, "@$1")
    .replace(/\*\*([^\n]+?)\*\*/g, "$1")
    .replace(/\[([^\]\n]+)\]\(([^)\s]+)\)/g, "$1 ($2)")
    .replace(/`([^`\n]+)`/g, "$1");
}
