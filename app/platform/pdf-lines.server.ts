import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from "pdf-lib";

/** WinAnsi (the standard PDF fonts' encoding) cannot draw every character; others become "?". */
function drawable(text: string, font: PDFFont) {
  return [...text]
    .map((ch) => {
      try {
        font.encodeText(ch);
        return ch;
      } catch {
        return "?";
      }
    })
    .join("");
}

/**
 * A plain A4 report written line by line (pdf-lib, Helvetica): words wrap at the margin and pages
 * follow as needed. The records the product hands out (a vote, a reconciliation) are written with it.
 */
export class PdfLines {
  private page!: PDFPage;
  private y = 800;
  private constructor(
    private readonly pdf: PDFDocument,
    private readonly font: PDFFont,
    private readonly bold: PDFFont,
  ) {
    this.newPage();
  }

  static async create(title: string): Promise<PdfLines> {
    const pdf = await PDFDocument.create();
    pdf.setTitle(title);
    pdf.setProducer("Legal Document Platform");
    return new PdfLines(pdf, await pdf.embedFont(StandardFonts.Helvetica), await pdf.embedFont(StandardFonts.HelveticaBold));
  }

  private newPage() {
    this.page = this.pdf.addPage([595, 842]);
    this.y = 800;
  }

  line(text: string, { size = 10, bold = false, indent = 0 }: { size?: number; bold?: boolean; indent?: number } = {}): this {
    const f = bold ? this.bold : this.font;
    const width = 595 - 100 - indent;
    let current = "";
    const flush = () => {
      if (this.y < 60) this.newPage();
      this.page.drawText(current, { x: 50 + indent, y: this.y, size, font: f, color: rgb(0.1, 0.1, 0.1) });
      this.y -= size + 5;
      current = "";
    };
    for (const word of drawable(text, f).split(/\s+/)) {
      const next = current ? `${current} ${word}` : word;
      if (f.widthOfTextAtSize(next, size) > width && current) {
        flush();
        current = word;
      } else current = next;
    }
    if (current) flush();
    return this;
  }

  gap(points = 8): this {
    this.y -= points;
    return this;
  }

  save(): Promise<Uint8Array> {
    return this.pdf.save();
  }
}
