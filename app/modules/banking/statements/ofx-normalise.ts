// Turns any OFX body (1.x SGML with or without end tags, 2.x XML, on one line or many) into strict XML
// before ofx-js reads it. ofx-js's own SGML repair is regex-based: it fails on an empty element such as
// "<MEMO><NAME>…", and one of its patterns backtracks exponentially on a long upper-case tag name, so
// we never let it see anything but well-formed XML (its XML path is then the only one taken).

const TAG = /<(\/?)([A-Za-z][\w.]*)\s*(\/?)>/g;
const NOISE = /<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<![^>]*>/g;

interface Token {
  close: boolean;
  empty: boolean; // "<TAG/>"
  name: string;
  after: string; // the text up to the next tag, trimmed
}

/** The body from <OFX> to </OFX> as strict XML, or null when there is no complete OFX element. */
export function normaliseOfx(text: string): string | null {
  const start = text.search(/<OFX\s*>/i);
  // Aggregates always have end tags in OFX; a missing </OFX> is a download cut short.
  const end = [...text.matchAll(/<\/OFX\s*>/gi)].at(-1);
  if (start === -1 || end === undefined || end.index < start) return null;
  const tokens = tokenize(text.slice(start, end.index + end[0].length).replace(NOISE, ""));

  // An element followed by text is a leaf; one that is ever closed and never has text is an aggregate.
  // Anything else followed directly by a tag is an empty leaf ("<MEMO><NAME>…" in SGML).
  const closed = new Set<string>();
  const leaves = new Set<string>();
  for (const token of tokens) {
    if (token.close) closed.add(token.name);
    else if (token.after !== "") leaves.add(token.name);
  }

  const out: string[] = [];
  const open: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const { close, empty, name, after } = tokens[i];
    const next = tokens[i + 1];
    const closesNext = next !== undefined && next.close && next.name === name;
    if (close) {
      const at = open.lastIndexOf(name);
      while (at !== -1 && open.length > at) out.push(`</${open.pop()}>`);
    } else if (after !== "") {
      // Most values hold no markup characters; only those need decoding and escaping.
      out.push(`<${name}>${/[&<>]/.test(after) ? escapeXml(decodeEntities(after)) : after}</${name}>`);
      if (closesNext) i++; // "<NAME>x</NAME>": the end tag is already written
    } else if (empty || closesNext || leaves.has(name) || !closed.has(name)) {
      out.push(`<${name}></${name}>`);
      if (closesNext) i++;
    } else {
      out.push(`<${name}>`);
      open.push(name);
    }
  }
  while (open.length > 0) out.push(`</${open.pop()}>`);
  return out.join("");
}

function tokenize(body: string): Token[] {
  const tokens: Token[] = [];
  let previous: Token | undefined;
  let from = 0;
  for (const match of body.matchAll(TAG)) {
    if (previous) previous.after = body.slice(from, match.index).trim();
    previous = { close: match[1] === "/", empty: match[3] === "/", name: match[2].toUpperCase(), after: "" };
    tokens.push(previous);
    from = match.index + match[0].length;
  }
  return tokens;
}

const NAMED: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

// SGML files carry raw "&" as often as "&amp;"; an unknown "&word;" stays as written.
function decodeEntities(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, entity: string) => {
    if (entity[0] !== "#") return NAMED[entity.toLowerCase()] ?? whole;
    const code = entity[1] === "x" || entity[1] === "X" ? parseInt(entity.slice(2), 16) : Number(entity.slice(1));
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

// ofx-js decodes exactly these three.
function escapeXml(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}
