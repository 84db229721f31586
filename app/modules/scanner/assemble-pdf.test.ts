import { unzlibSync } from "fflate";
import { PDFArray, PDFDocument, PDFName, PDFRawStream } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { assemblePdf, exactBytes, PAGE_LONG_SIDE_PT, pageSizeFor } from "./assemble-pdf";
import type { Rotation } from "./pages";

/**
 * A real, decodable baseline JPEG of one flat grey, written byte by byte: greyscale, one quantisation
 * table, and Huffman tables with a single one-bit code each (DC difference 0, end of block). Every
 * 8×8 block is then "DC unchanged, no AC": two 0 bits.
 */
function greyJpeg(width: number, height: number): Uint8Array {
  const blocks = Math.ceil(width / 8) * Math.ceil(height / 8);
  const bits = blocks * 2;
  const scan = new Uint8Array(Math.ceil(bits / 8));
  // Pad the last byte with 1 bits, as the standard asks.
  const used = bits % 8;
  if (used) scan[scan.length - 1] = 0xff >> used;
  const segment = (marker: number, body: number[]) => [0xff, marker, (body.length + 2) >> 8, (body.length + 2) & 0xff, ...body];
  const huffman = (tableClass: number) => [(tableClass << 4) | 0, 1, ...new Array(15).fill(0), 0x00];
  return new Uint8Array([
    0xff,
    0xd8, // SOI
    ...segment(0xe0, [0x4a, 0x46, 0x49, 0x46, 0x00, 1, 1, 0, 0, 1, 0, 1, 0, 0]), // APP0 JFIF
    ...segment(0xdb, [0x00, ...new Array(64).fill(1)]), // DQT: table 0, all ones
    ...segment(0xc0, [8, height >> 8, height & 0xff, width >> 8, width & 0xff, 1, 1, 0x11, 0]), // SOF0: one component
    ...segment(0xc4, huffman(0)), // DHT: DC table 0
    ...segment(0xc4, huffman(1)), // DHT: AC table 0
    ...segment(0xda, [1, 1, 0x00, 0, 63, 0]), // SOS
    ...scan,
    0xff,
    0xd9, // EOI
  ]);
}

type Matrix = [number, number, number, number, number, number];
const multiply = (m: Matrix, n: Matrix): Matrix => [
  n[0] * m[0] + n[1] * m[2],
  n[0] * m[1] + n[1] * m[3],
  n[2] * m[0] + n[3] * m[2],
  n[2] * m[1] + n[3] * m[3],
  n[4] * m[0] + n[5] * m[2] + m[4],
  n[4] * m[1] + n[5] * m[3] + m[5],
];
const apply = (m: Matrix, x: number, y: number) => ({ x: m[0] * x + m[2] * y + m[4], y: m[1] * x + m[3] * y + m[5] });

/** Where the image's unit square lands on a page: the product of the `cm` operators before `Do`. */
async function imagePlacement(pdf: PDFDocument, index: number) {
  const contents = pdf.getPage(index).node.Contents();
  const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => pdf.context.lookup(ref)) : [contents];
  const text = streams
    .map((stream) => {
      if (!(stream instanceof PDFRawStream)) throw new Error("unexpected content stream");
      return new TextDecoder().decode(stream.dict.get(PDFName.of("Filter")) ? unzlibSync(stream.contents) : stream.contents);
    })
    .join("\n");
  let matrix: Matrix = [1, 0, 0, 1, 0, 0];
  for (const match of text.matchAll(/((?:[-+\d.eE]+\s+){6})cm/g)) {
    matrix = multiply(matrix, match[1].trim().split(/\s+/).map(Number) as Matrix);
  }
  // "+ 0" turns -0 into 0.
  const round = (p: { x: number; y: number }) => ({ x: Math.round(p.x * 10) / 10 + 0, y: Math.round(p.y * 10) / 10 + 0 });
  const corners = [apply(matrix, 0, 0), apply(matrix, 1, 0), apply(matrix, 0, 1), apply(matrix, 1, 1)].map(round);
  return {
    box: {
      minX: Math.min(...corners.map((c) => c.x)),
      minY: Math.min(...corners.map((c) => c.y)),
      maxX: Math.max(...corners.map((c) => c.x)),
      maxY: Math.max(...corners.map((c) => c.y)),
    },
    /** Where the picture's top-left corner (image space 0,1) is drawn. */
    topLeft: round(apply(matrix, 0, 1)),
  };
}

describe("assemblePdf", () => {
  it("makes one page per picture, in order, each sized from its picture with its turn applied", async () => {
    const landscape = greyJpeg(640, 480);
    const portrait = greyJpeg(300, 500);
    const bytes = await assemblePdf(
      [
        { jpeg: landscape, width: 640, height: 480, rotation: 0 },
        { jpeg: landscape, width: 640, height: 480, rotation: 90 },
        { jpeg: portrait, width: 300, height: 500, rotation: 180 },
        { jpeg: portrait, width: 300, height: 500, rotation: 270 },
      ],
      { title: "Cedar Crest invoice", creator: "Legal Document Platform scanner" },
    );
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBe(4);
    expect(pdf.getTitle()).toBe("Cedar Crest invoice");
    const sizes = pdf.getPages().map((page) => {
      const { width, height } = page.getSize();
      return { width: Math.round(width * 10) / 10, height: Math.round(height * 10) / 10, rotation: page.getRotation().angle };
    });
    expect(sizes).toEqual([
      { width: 842, height: 631.5, rotation: 0 },
      { width: 631.5, height: 842, rotation: 0 },
      { width: 505.2, height: 842, rotation: 0 },
      { width: 842, height: 505.2, rotation: 0 },
    ]);
  });

  it("draws each picture turned clockwise so that it fills its page exactly", async () => {
    const jpeg = greyJpeg(64, 48);
    const rotations: Rotation[] = [0, 90, 180, 270];
    const pdf = await PDFDocument.load(await assemblePdf(rotations.map((rotation) => ({ jpeg, width: 64, height: 48, rotation }))));
    const placements = await Promise.all(rotations.map((_, i) => imagePlacement(pdf, i)));
    const pages = pdf.getPages().map((page) => page.getSize());
    placements.forEach((placement, i) => {
      expect(placement.box).toEqual({ minX: 0, minY: 0, maxX: Math.round(pages[i].width * 10) / 10, maxY: Math.round(pages[i].height * 10) / 10 });
    });
    // The picture's top-left corner: top-left upright, top-right after a right turn, bottom-right
    // upside down, bottom-left after a left turn (270° clockwise).
    const long = PAGE_LONG_SIDE_PT;
    const short = 631.5;
    expect(placements.map((p) => p.topLeft)).toEqual([
      { x: 0, y: short },
      { x: short, y: long },
      { x: long, y: 0 },
      { x: 0, y: 0 },
    ]);
  });

  it("refuses an empty scan and a picture that is not a JPEG", async () => {
    await expect(assemblePdf([])).rejects.toThrow("at least one page");
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
    await expect(assemblePdf([{ jpeg: png, width: 10, height: 10, rotation: 0 }])).rejects.toThrow();
  });

  it("reads a picture that is a view into a larger buffer (a pooled Node Buffer, a subarray) from its own bytes", async () => {
    const jpeg = greyJpeg(16, 8);
    const larger = new Uint8Array(jpeg.length + 64).fill(0xaa);
    larger.set(jpeg, 32);
    const view = larger.subarray(32, 32 + jpeg.length);
    // pdf-lib alone reads the whole underlying buffer: the view's picture is not found.
    await expect((await PDFDocument.create()).embedJpg(view)).rejects.toThrow("SOI not found");
    const bytes = await assemblePdf([{ jpeg: view, width: 16, height: 8, rotation: 0 }]);
    const [page] = (await PDFDocument.load(bytes)).getPages();
    expect(page!.getWidth()).toBeCloseTo(PAGE_LONG_SIDE_PT);
    expect(exactBytes(jpeg)).toBe(jpeg);
    expect(exactBytes(view)).toEqual(jpeg);
    // A Buffer that is a view (Node hands small ones out of a shared pool; Playwright's screenshot was one):
    // its own slice() is a view again, so the copy must be a Uint8Array's.
    const inPool = Buffer.concat([Buffer.alloc(32), Buffer.from(jpeg)]).subarray(32);
    expect(inPool.byteOffset).toBeGreaterThan(0);
    expect((await PDFDocument.load(await assemblePdf([{ jpeg: inPool, width: 16, height: 8, rotation: 0 }]))).getPageCount()).toBe(1);
  });

  it("sizes the longer side of every page to A4's long side", () => {
    expect(pageSizeFor({ width: 2000, height: 1000, rotation: 0 })).toEqual({ width: 842, height: 421 });
    expect(pageSizeFor({ width: 2000, height: 1000, rotation: 270 })).toEqual({ width: 421, height: 842 });
  });
});
