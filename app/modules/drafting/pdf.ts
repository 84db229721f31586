import { PDFDocument, type PDFFont, type PDFPage, StandardFonts, rgb } from "pdf-lib";
import type { Block, DraftDocument } from "./templates";
import { unsupportedInPdf, WIN_ANSI } from "./winansi";

/**
 * A draft as a PDF (pdf-lib, US Letter, one-inch margins, Times). The standard PDF fonts need no
 * embedding, which keeps the file small and its text extractable, but they only know the Western
 * European characters (WinAnsi): any other character is written without its accent, or as "?".
 * `unsupportedInPdf` (winansi.ts) tells the page which ones, so it can say so; the DOCX keeps them all.
 */

const PAGE = { width: 612, height: 792, margin: 72 };
const SIZE = { body: 12, title: 16, subtitle: 12, heading: 13 };
const LEADING = 1.35;

function replaceUnsupported(text: string, supported: ReadonlySet<number> = WIN_ANSI): string {
  let out = "";
  for (const char of text.replace(/\t/g, "    ")) {
    const code = char.codePointAt(0)!;
    if (char === "\n" || supported.has(code)) {
      out += char;
      continue;
    }
    // "ő" → "o" + accent: keep the base letter when there is one ("ł" has none and becomes "?").
    const base = char.normalize("NFKD").replace(/[\u0300-\u036f]/g, "");
    out += base && [...base].every((c) => supported.has(c.codePointAt(0)!)) ? base : "?";
  }
  return out;
}

/** The distinct characters of a text that the PDF cannot write as they are. */
export const pdfUnsupportedCharacters = unsupportedInPdf;

/**
 * How many characters of `text` (at least one) fit in `width`: estimated from the characters' own
 * widths in one pass, then checked against the font's exact measure (kerning) in a step or two. Linear
 * in the length of the line, so that cutting a very long unbroken word stays linear too.
 */
function fittingLength(text: string, font: PDFFont, size: number, width: number, charWidth: (char: string) => number): number {
  let used = 0;
  let fit = 0;
  while (fit < text.length) {
    const next = charWidth(text[fit]);
    if (used + next > width) break;
    used += next;
    fit++;
  }
  let cut = Math.max(1, fit);
  while (cut > 1 && font.widthOfTextAtSize(text.slice(0, cut), size) > width) cut--;
  while (cut < text.length && font.widthOfTextAtSize(text.slice(0, cut + 1), size) <= width) cut++;
  return cut;
}

/** Splits a paragraph into lines no wider than `width` (a word longer than a line is cut). */
export function wrapText(text: string, font: PDFFont, size: number, width: number): string[] {
  const widths = new Map<string, number>();
  const charWidth = (char: string) => {
    let w = widths.get(char);
    if (w === undefined) {
      w = font.widthOfTextAtSize(char, size);
      widths.set(char, w);
    }
    return w;
  };
  const lines: string[] = [];
  for (const paragraph of text.split("\n")) {
    let line = "";
    for (const word of paragraph.split(/ +/)) {
      const candidate = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(candidate, size) <= width) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      let rest = word;
      while (rest.length > 1) {
        const cut = fittingLength(rest, font, size, width, charWidth);
        if (cut >= rest.length) break;
        lines.push(rest.slice(0, cut));
        rest = rest.slice(cut);
      }
      line = rest;
    }
    lines.push(line);
  }
  return lines;
}

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
  italic: PDFFont;
}

class Writer {
  page!: PDFPage;
  y = 0;
  constructor(
    readonly doc: PDFDocument,
    readonly fonts: Fonts,
    readonly supported: ReadonlySet<number>,
  ) {
    this.newPage();
  }

  newPage() {
    this.page = this.doc.addPage([PAGE.width, PAGE.height]);
    this.y = PAGE.height - PAGE.margin;
  }

  space(points: number) {
    this.y -= points;
  }

  /** Writes wrapped text; `keep` lines must fit on the current page with the first one. */
  text(raw: string, { font = this.fonts.regular, size = SIZE.body, indent = 0, hanging = "", center = false, keep = 1 } = {}) {
    const width = PAGE.width - 2 * PAGE.margin - indent;
    const lines = wrapText(replaceUnsupported(raw, this.supported), font, size, width);
    const height = size * LEADING;
    if (this.y - height * Math.min(keep, lines.length) < PAGE.margin) this.newPage();
    lines.forEach((line, i) => {
      if (this.y - height < PAGE.margin) this.newPage();
      this.y -= height;
      const x = center ? (PAGE.width - font.widthOfTextAtSize(line, size)) / 2 : PAGE.margin + indent;
      if (i === 0 && hanging) this.page.drawText(hanging, { x: PAGE.margin, y: this.y, size, font, color: rgb(0, 0, 0) });
      this.page.drawText(line, { x, y: this.y, size, font, color: rgb(0, 0, 0) });
    });
  }

  box(raw: string) {
    const size = SIZE.body;
    const pad = 8;
    const width = PAGE.width - 2 * PAGE.margin - 2 * pad;
    const lines = wrapText(replaceUnsupported(raw, this.supported), this.fonts.bold, size, width);
    const height = lines.length * size * LEADING + 2 * pad;
    if (this.y - height < PAGE.margin) this.newPage();
    this.page.drawRectangle({ x: PAGE.margin, y: this.y - height, width: PAGE.width - 2 * PAGE.margin, height, borderColor: rgb(0, 0, 0), borderWidth: 1 });
    this.y -= pad;
    for (const line of lines) {
      this.y -= size * LEADING;
      this.page.drawText(line, { x: PAGE.margin + pad, y: this.y, size, font: this.fonts.bold, color: rgb(0, 0, 0) });
    }
    this.y -= pad;
  }

  block(block: Block) {
    const { regular, bold, italic } = this.fonts;
    switch (block.kind) {
      case "title":
        this.text(block.text.toUpperCase(), { font: bold, size: SIZE.title, center: true });
        this.space(4);
        break;
      case "subtitle":
        this.text(block.text, { font: italic, size: SIZE.subtitle, center: true });
        this.space(14);
        break;
      case "heading":
        this.space(6);
        this.text(block.text, { font: bold, size: SIZE.heading, keep: 3 });
        this.space(4);
        break;
      case "paragraph":
        this.text(block.text);
        this.space(8);
        break;
      case "notice":
        this.box(block.text);
        this.space(10);
        break;
      case "numbered":
        block.items.forEach((item, i) => {
          this.text(item, { indent: 28, hanging: `${i + 1}.` });
          this.space(4);
        });
        this.space(4);
        break;
      case "bullets":
        for (const item of block.items) {
          this.text(item, { indent: 28, hanging: "•" });
          this.space(4);
        }
        this.space(4);
        break;
      case "signature": {
        const lines = 4 + (block.date ? 1 : 0);
        if (this.y - lines * SIZE.body * LEADING - 30 < PAGE.margin) this.newPage();
        this.space(30);
        this.text("______________________________");
        this.text(block.name, { font: regular });
        this.text(block.capacity, { font: italic });
        if (block.date) this.text(block.date);
        this.space(6);
        break;
      }
    }
  }
}

/** The draft as the bytes of a PDF file. */
export async function draftToPdf(draft: DraftDocument, { author = "", now = new Date() }: { author?: string; now?: Date } = {}): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const supported = WIN_ANSI;
  const fonts = {
    regular: await doc.embedFont(StandardFonts.TimesRoman),
    bold: await doc.embedFont(StandardFonts.TimesRomanBold),
    italic: await doc.embedFont(StandardFonts.TimesRomanItalic),
  };
  doc.setTitle(replaceUnsupported(draft.title, supported));
  if (author) doc.setAuthor(author);
  doc.setCreator("Legal Document Platform");
  doc.setProducer("Legal Document Platform (pdf-lib)");
  doc.setLanguage("en-US");
  doc.setCreationDate(now);
  doc.setModificationDate(now);
  const writer = new Writer(doc, fonts, supported);
  for (const block of draft.blocks) writer.block(block);
  return doc.save();
}
