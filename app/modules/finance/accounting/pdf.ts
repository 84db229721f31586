import { zlibSync } from "fflate";
import { PDFDocument, PDFName, StandardFonts, type PDFFont, type PDFPage } from "pdf-lib";
import { unsupportedInPdf, WIN_ANSI } from "~/modules/drafting/winansi";
import { accountingLayout, type Block, type Column, type Row } from "./layout";
import type { AccountingReport, Translate } from "./types";

/**
 * The accounting as a PDF (pdf-lib, US Letter, Helvetica). A year of a busy trust is tens of thousands
 * of rows: pdf-lib's drawText costs about 30 µs a call (50,000 rows took over 5 s), so the page contents
 * are written here as PDF operators, one compressed stream per page; pdf-lib still builds the document.
 */

const PAGE = { width: 612, height: 792, margin: 50, bottom: 56 };
const WIDTH = PAGE.width - 2 * PAGE.margin;
const SIZE = { title: 16, heading: 12, subheading: 10, text: 9.5, table: 8, footer: 7.5 };
const LEADING = 1.3;
const PAD = 3;
/** A cell wraps to at most this many lines; the rest is cut with an ellipsis (the CSV keeps it whole). */
const MAX_CELL_LINES = 8;

const ASCII = /^[\x20-\x7e]*$/;
const safeCache = new Map<string, string>();

/**
 * What the standard fonts can write (WinAnsi): other characters lose their accent when they have a base
 * letter ("Ō" → "O") or become "?" ("山"), instead of making pdf-lib throw. Narrow no-break spaces (French
 * amounts) become no-break spaces, so that an amount never wraps.
 */
export function pdfSafe(text: string): string {
  if (ASCII.test(text)) return text;
  let out = "";
  for (const char of text.replace(/[^\S\u00a0\u2007\u202f]+|\p{Cc}+/gu, " ").replace(/[\u2007\u202f]/g, "\u00a0")) {
    if (WIN_ANSI.has(char.codePointAt(0)!)) {
      out += char;
      continue;
    }
    let replaced = safeCache.get(char);
    if (replaced === undefined) {
      const base = char.normalize("NFKD").replace(/[\u0300-\u036f]/g, "");
      replaced = base && [...base].every((c) => WIN_ANSI.has(c.codePointAt(0)!)) ? base : "?";
      safeCache.set(char, replaced);
    }
    out += replaced;
  }
  return out;
}

// Every WinAnsi character is below U+2200, so lookups are by char code (text has been through pdfSafe).
const CODES = 0x2200;

/** A font's widths and WinAnsi codes, looked up once per character. */
class Face {
  private widths = new Float64Array(CODES).fill(-1);
  private bytes: string[] = new Array<string>(CODES);
  /** The same resource name on every page (pdf-lib's own names are random per page). */
  readonly key: string;
  constructor(
    readonly font: PDFFont,
    readonly name: string,
  ) {
    this.key = `/${name}`;
  }

  /** Width without kerning: the operators below draw without it. */
  width(text: string, size: number): number {
    let total = 0;
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      let w = this.widths[code];
      if (w < 0) {
        w = this.font.widthOfTextAtSize(text[i], 1000);
        this.widths[code] = w;
      }
      total += w;
    }
    return (total * size) / 1000;
  }

  /** The text as a PDF literal string of WinAnsi bytes: half the size of hex, which matters at 50,000 rows. */
  literal(text: string): string {
    let out = "";
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      let byte = this.bytes[code];
      if (byte === undefined) {
        const value = parseInt(this.font.encodeText(text[i]).toString().slice(1, -1), 16);
        byte =
          value === 0x28 || value === 0x29 || value === 0x5c
            ? `\\${text[i]}`
            : value >= 0x20 && value < 0x7f
              ? text[i]
              : `\\${value.toString(8).padStart(3, "0")}`;
        this.bytes[code] = byte;
      }
      out += byte;
    }
    return out;
  }
}

/** Lines no wider than `width`; a word longer than a line is cut. */
function wrap(text: string, face: Face, size: number, width: number): string[] {
  if (face.width(text, size) <= width) return [text];
  const space = face.width(" ", size);
  const lines: string[] = [];
  let line = "";
  let used = 0;
  for (const word of text.split(" ")) {
    const w = face.width(word, size);
    if (line && used + space + w <= width) {
      line += ` ${word}`;
      used += space + w;
      continue;
    }
    if (line) lines.push(line);
    line = "";
    used = 0;
    if (w <= width) {
      line = word;
      used = w;
      continue;
    }
    for (const char of word) {
      const c = face.width(char, size);
      if (line && used + c > width) {
        lines.push(line);
        line = "";
        used = 0;
      }
      line += char;
      used += c;
    }
  }
  lines.push(line);
  return lines;
}

const n = (value: number) => (Math.round(value * 100) / 100).toString();
const ruleOp = (x1: number, x2: number, y: number, width: number) => `${width} w ${n(x1)} ${n(y)} m ${n(x2)} ${n(y)} l S`;

const encoder = new TextEncoder();

class Writer {
  private pages: PDFPage[] = [];
  private ops: string[] = [];
  /** Inside a text object (BT … ET), and with which font and size, so that runs of text share one. */
  private inText = false;
  private font = "";
  y = 0;

  constructor(
    private readonly doc: PDFDocument,
    readonly regular: Face,
    readonly bold: Face,
  ) {
    this.newPage();
  }

  /**
   * Closes the current page's operators into one stream. Compressed with fflate, small window: pdf-lib's
   * own flateStream sets up a full zlib state per stream, and a thousand pages of that is mostly GC.
   */
  private flush() {
    const page = this.pages.at(-1);
    this.endText();
    if (!page || this.ops.length === 0) return;
    const bytes = zlibSync(encoder.encode(this.ops.join("\n")), { level: 1, mem: 4 });
    page.node.addContentStream(this.doc.context.register(this.doc.context.stream(bytes, { Filter: "FlateDecode" })));
    this.ops = [];
  }

  newPage() {
    this.flush();
    const page = this.doc.addPage([PAGE.width, PAGE.height]);
    for (const face of [this.regular, this.bold]) page.node.setFontDictionary(PDFName.of(face.name), face.font.ref);
    this.pages.push(page);
    this.y = PAGE.height - PAGE.margin;
  }

  /** Starts a new page unless `height` still fits on this one. */
  room(height: number) {
    if (this.y - height < PAGE.bottom) this.newPage();
  }

  text(text: string, x: number, y: number, face: Face, size: number) {
    if (!text) return;
    if (!this.inText) {
      this.ops.push("BT");
      this.inText = true;
      this.font = "";
    }
    const font = `${face.key} ${n(size)} Tf`;
    if (font !== this.font) {
      this.ops.push(font);
      this.font = font;
    }
    this.ops.push(`1 0 0 1 ${n(x)} ${n(y)} Tm (${face.literal(text)}) Tj`);
  }

  /** Lines and boxes cannot be drawn inside a text object. */
  private endText() {
    if (!this.inText) return;
    this.ops.push("ET");
    this.inText = false;
  }

  rule(x1: number, x2: number, y: number, width = 0.5) {
    this.endText();
    this.ops.push(ruleOp(x1, x2, y, width));
  }

  box(x: number, y: number, w: number, h: number) {
    this.endText();
    this.ops.push(`1 w ${n(x)} ${n(y)} ${n(w)} ${n(h)} re S`);
  }

  paragraph(raw: string, face: Face, size: number) {
    const height = size * LEADING;
    for (const line of wrap(pdfSafe(raw), face, size, WIDTH)) {
      this.room(height);
      this.y -= height;
      this.text(line, PAGE.margin, this.y + size * 0.25, face, size);
    }
  }

  notice(title: string, text: string) {
    const size = SIZE.text;
    const height = size * LEADING;
    const titleLines = wrap(pdfSafe(title), this.bold, size, WIDTH - 4 * PAD);
    const lines = wrap(pdfSafe(text), this.regular, size, WIDTH - 4 * PAD);
    const boxHeight = (titleLines.length + lines.length) * height + 4 * PAD + 4;
    this.room(boxHeight);
    this.box(PAGE.margin, this.y - boxHeight, WIDTH, boxHeight);
    this.y -= 2 * PAD;
    titleLines.forEach((line) => {
      this.y -= height;
      this.text(line, PAGE.margin + 2 * PAD, this.y + size * 0.25, this.bold, size);
    });
    this.y -= 4;
    lines.forEach((line) => {
      this.y -= height;
      this.text(line, PAGE.margin + 2 * PAD, this.y + size * 0.25, this.regular, size);
    });
    this.y -= 2 * PAD;
  }

  table(columns: Column[], rows: Row[]) {
    const size = SIZE.table;
    const lineHeight = size * LEADING;
    const xs: number[] = [];
    let x = PAGE.margin;
    for (const c of columns) {
      xs.push(x);
      x += c.width * WIDTH;
    }
    const inner = (i: number) => columns[i].width * WIDTH - 2 * PAD;

    // Amounts (right-aligned) never wrap; headings do.
    const cellLines = (cells: string[], face: Face, heading = false) =>
      cells.map((cell, i) => {
        const text = pdfSafe(cell);
        if (columns[i].align === "right" && !heading) return [text];
        const lines = wrap(text, face, size, inner(i));
        if (lines.length <= MAX_CELL_LINES) return lines;
        return [...lines.slice(0, MAX_CELL_LINES - 1), `${lines[MAX_CELL_LINES - 1]}…`];
      });

    const draw = (lines: string[][], face: Face, height: number) => {
      const top = this.y;
      lines.forEach((cell, i) =>
        cell.forEach((line, j) => {
          const y = top - PAD - (j + 1) * lineHeight + size * 0.3;
          if (columns[i].align === "left") return this.text(line, xs[i] + PAD, y, face, size);
          // An amount too wide for its column is written smaller.
          const width = face.width(line, size);
          const fitted = width > inner(i) ? Math.max(5, (size * inner(i)) / width) : size;
          this.text(line, xs[i] + columns[i].width * WIDTH - PAD - face.width(line, fitted), y, face, fitted);
        }),
      );
      this.y -= height;
    };

    // Rows are laid out one ahead of drawing (a group's name must fit with its first line), never all at once.
    const layRow = (row: Row, heading = false) => {
      const lines = cellLines(row.cells, row.style ? this.bold : this.regular, heading);
      let most = 1;
      for (const cell of lines) if (cell.length > most) most = cell.length;
      return { row, lines, height: most * lineHeight + 2 * PAD };
    };
    const header = layRow({ cells: columns.map((c) => c.label), style: "total" }, true);
    const headerHeight = header.height;
    const drawHeader = () => {
      draw(header.lines, this.bold, header.height);
      this.rule(PAGE.margin, PAGE.margin + WIDTH, this.y, 0.75);
    };

    let next = rows.length ? layRow(rows[0]) : undefined;
    let after = rows.length > 1 ? layRow(rows[1]) : undefined;
    // The header comes with at least the first row, and a group's name with its first line.
    this.room(headerHeight + (next?.height ?? 0) + (next?.row.style === "group" ? (after?.height ?? 0) : 0));
    drawHeader();
    for (let i = 0; next; i++) {
      const { row, lines, height } = next;
      const keep = row.style === "group" ? (after?.height ?? 0) : 0;
      if (this.y - height - keep < PAGE.bottom) {
        this.newPage();
        drawHeader();
      }
      if (row.style === "total") this.rule(PAGE.margin, PAGE.margin + WIDTH, this.y, 0.75);
      draw(lines, row.style ? this.bold : this.regular, height);
      next = after;
      after = i + 2 < rows.length ? layRow(rows[i + 2]) : undefined;
    }
  }

  block(block: Block) {
    switch (block.kind) {
      case "title":
        this.paragraph(block.text, this.bold, SIZE.title);
        this.y -= 8;
        break;
      case "heading":
        this.room(SIZE.heading * LEADING + 60);
        this.y -= 12;
        this.paragraph(block.text, this.bold, SIZE.heading);
        this.y -= 4;
        break;
      case "subheading":
        this.room(SIZE.subheading * LEADING + 50);
        this.y -= 6;
        this.paragraph(block.text, this.bold, SIZE.subheading);
        this.y -= 2;
        break;
      case "text":
        this.paragraph(block.text, block.bold ? this.bold : this.regular, SIZE.text);
        break;
      case "notice":
        this.y -= 12;
        this.notice(block.title, block.text);
        break;
      case "table":
        this.table(block.columns, block.rows);
        break;
      case "gap":
        this.y -= 10;
        break;
    }
  }

  /** The last page's operators, then every page's footer (which needs the page count) as a small stream of its own. */
  finish(footer: (page: number, pages: number) => string) {
    this.flush();
    this.pages.forEach((page, i) => {
      this.rule(PAGE.margin, PAGE.margin + WIDTH, PAGE.bottom - 12, 0.25);
      this.text(pdfSafe(footer(i + 1, this.pages.length)), PAGE.margin, PAGE.bottom - 24, this.regular, SIZE.footer);
      this.endText();
      page.node.addContentStream(this.doc.context.register(this.doc.context.stream(this.ops.join("\n"))));
      this.ops = [];
    });
  }
}

export interface AccountingPdfOptions {
  t: Translate;
  /** BCP 47, for amounts and dates. */
  locale: string;
  generatedAt: Date;
  /** The language to write in (English) when Helvetica cannot write `t`'s (Japanese, Chinese). */
  fallback?: { t: Translate; locale: string };
}

/** Whether Helvetica can write the report's own words in `t`'s language (names and descriptions aside). */
export function pdfWritesLanguage(t: Translate): boolean {
  return ["title", "summary.title", "schedule.receipts", "check.balanced"].every((key) => unsupportedInPdf(t(key)).length === 0);
}

/** The fiduciary accounting as the bytes of a PDF file: title, summary, balance check, notice, schedules. */
export async function accountingPdf(report: AccountingReport, options: AccountingPdfOptions): Promise<Uint8Array> {
  const { t, locale } = !pdfWritesLanguage(options.t) && options.fallback ? options.fallback : options;
  const { generatedAt } = options;
  const blocks = accountingLayout(report, { t, locale, generatedAt });
  const doc = await PDFDocument.create();
  const regular = new Face(await doc.embedFont(StandardFonts.Helvetica), "AR");
  const bold = new Face(await doc.embedFont(StandardFonts.HelveticaBold), "AB");
  doc.setTitle(`${t("title")}: ${report.trust.name}`);
  doc.setSubject(t("titleBlock.period", { from: report.period.from, to: report.period.to }));
  doc.setProducer("Legal Document Platform (pdf-lib)");
  doc.setCreator("Legal Document Platform");
  doc.setLanguage(locale);
  doc.setCreationDate(generatedAt);
  doc.setModificationDate(generatedAt);

  const writer = new Writer(doc, regular, bold);
  for (const block of blocks) writer.block(block);
  writer.finish((page, pages) => t("footer", { trust: report.trust.name, from: report.period.from, to: report.period.to, page, pages }));
  return doc.save();
}
