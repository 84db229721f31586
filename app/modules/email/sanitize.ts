import { FilterXSS } from "xss";

/**
 * The small safe subset of markup an intro or a signature may keep: emphasis, paragraphs, line breaks, lists and
 * links to https or mailto. Everything else is taken out (the words between tags stay; a script or a style goes
 * with its content), so a `<script>` never reaches a mail or a page. js-xss works without a DOM, as the Worker needs.
 */
const filter = new FilterXSS({
  whiteList: { a: ["href"], b: [], strong: [], i: [], em: [], br: [], p: [], ul: [], ol: [], li: [] },
  stripIgnoreTag: true,
  stripIgnoreTagBody: ["script", "style", "iframe", "object", "template"],
  allowCommentTag: false,
  css: false,
  safeAttrValue: (_tag, name, value) => {
    if (name !== "href") return "";
    const url = value.trim();
    // An address, or the merge field of the product's own address ({{link.app}}), filled when the mail is written.
    if (/^\{\{\s*link\.app\s*\}\}$/.test(url)) return "{{link.app}}";
    return /^(https:\/\/|mailto:)[^\s"'<>{}]+$/i.test(url) ? url.replace(/&/g, "&amp;") : "";
  },
});

/** The markup reduced to the safe subset, and whether anything had to go (the person is told). */
export function safeMarkup(html: string): { html: string; changed: boolean } {
  // A link whose address was refused keeps its words and stops being a link.
  const cleaned = filter.process(html).replace(/<a(?:\s+href(?:="")?)?>([\s\S]*?)<\/a>/g, "$1");
  return { html: cleaned, changed: cleaned !== html };
}

const ENTITIES: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#39;": "'", "&#x27;": "'", "&nbsp;": " " };

/** The safe subset as plain text for the mail's text part: a link keeps its address in brackets. */
export function markupToText(html: string): string {
  return html
    .replace(/<a href="([^"]*)">([\s\S]*?)<\/a>/gi, (_w, href: string, label: string) => {
      const words = label.replace(/<[^>]+>/g, "");
      const address = decode(href).replace(/^mailto:/i, "");
      return words.trim() === address ? words : `${words} (${address})`;
    })
    .replace(/<br\s*\/?>/gi, "\n")
    .replace(/<li>/gi, "• ")
    .replace(/<\/(p|li|ul|ol)>/gi, "\n")
    .replace(/<[^>]+>/g, "")
    .split("\n")
    .map((line) => decode(line).trimEnd())
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

function decode(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#39|#x27|nbsp);/g, (entity) => ENTITIES[entity] ?? entity);
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}
