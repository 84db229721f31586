import { degrees, PDFDocument } from "pdf-lib";
import { displaySize, type Rotation } from "./pages";

/** One scanned page: JPEG bytes, the picture's size in pixels, and the clockwise turn to apply. */
export interface PdfPageImage {
  jpeg: Uint8Array;
  width: number;
  height: number;
  rotation: Rotation;
}

/**
 * Points on the longer side of every page (A4's long side, 297 mm). A phone picture has no physical
 * size, so each page is scaled to a printable one, keeping the picture's proportions.
 */
export const PAGE_LONG_SIDE_PT = 842;

/** The page size in points for a picture, after its rotation. */
export function pageSizeFor(page: Pick<PdfPageImage, "width" | "height" | "rotation">): { width: number; height: number } {
  const shown = displaySize(page);
  const scale = PAGE_LONG_SIDE_PT / Math.max(shown.width, shown.height);
  return { width: shown.width * scale, height: shown.height * scale };
}

/**
 * Builds the scan's PDF: one page per picture, in order, the JPEG embedded as it is (no re-encoding)
 * and turned by drawing it rotated, so that the page itself is upright in every viewer (no /Rotate
 * entry that some readers ignore).
 */
export async function assemblePdf(pages: PdfPageImage[], info: { title?: string; creator?: string } = {}): Promise<Uint8Array> {
  if (pages.length === 0) throw new Error("A scan needs at least one page.");
  const pdf = await PDFDocument.create();
  if (info.title) pdf.setTitle(info.title);
  if (info.creator) {
    pdf.setCreator(info.creator);
    pdf.setProducer(info.creator);
  }
  for (const page of pages) {
    const image = await pdf.embedJpg(exactBytes(page.jpeg));
    const size = pageSizeFor(page);
    const pdfPage = pdf.addPage([size.width, size.height]);
    // The picture's own size in points (before the turn).
    const scale = PAGE_LONG_SIDE_PT / Math.max(page.width, page.height);
    const w = page.width * scale;
    const h = page.height * scale;
    // pdf-lib turns a drawing anticlockwise about its (x, y) corner; a clockwise turn of r degrees is
    // -r, and the corner moves so that the turned picture fills the page exactly.
    const placement: Record<Rotation, { x: number; y: number }> = {
      0: { x: 0, y: 0 },
      90: { x: 0, y: w },
      180: { x: w, y: h },
      270: { x: h, y: 0 },
    };
    pdfPage.drawImage(image, { ...placement[page.rotation], width: w, height: h, rotate: degrees(-page.rotation) });
  }
  return pdf.save();
}

/**
 * The bytes in an array of their own. pdf-lib's JPEG reader reads `bytes.buffer` from its start to its end, so a
 * view into a larger buffer (a Node Buffer from the shared pool, a subarray) is read from the wrong place: "SOI not
 * found in JPEG", or markers past the picture's end.
 */
export function exactBytes(bytes: Uint8Array): Uint8Array {
  // A copy made by Uint8Array's constructor: a Node Buffer's own slice() is a view again.
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : new Uint8Array(bytes);
}
