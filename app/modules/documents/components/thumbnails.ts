/** Longest side of a thumbnail in pixels: enough for a card, small enough to stay well under the limit. */
const THUMBNAIL_SIZE = 320;

/** Draws a picture scaled down onto a canvas and returns it as a PNG. */
export async function makeImageThumbnail(file: Blob): Promise<Blob | null> {
  const bitmap = await createImageBitmap(file);
  const scale = Math.min(1, THUMBNAIL_SIZE / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement("canvas");
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  canvas.getContext("2d")?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  return new Promise((resolve) => canvas.toBlob((blob) => resolve(blob), "image/png"));
}

/** Opens a PDF with the pdf.js build that unpdf ships (the same reader the server uses), loaded only when needed: never from a CDN. */
async function openPdf(file: Blob) {
  const { getDocumentProxy } = await import("unpdf");
  return getDocumentProxy(new Uint8Array(await file.arrayBuffer()), { isEvalSupported: false });
}

type PdfDocument = Awaited<ReturnType<typeof openPdf>>;

/** Draws one page with its longest side `size` pixels, on white (transparent PDFs would show through). */
async function renderPage(pdf: PdfDocument, number: number, size: number): Promise<Blob | null> {
  const page = await pdf.getPage(number);
  const base = page.getViewport({ scale: 1 });
  const viewport = page.getViewport({ scale: size / Math.max(base.width, base.height) });
  const canvas = document.createElement("canvas");
  canvas.width = Math.max(1, Math.round(viewport.width));
  canvas.height = Math.max(1, Math.round(viewport.height));
  const context = canvas.getContext("2d");
  if (!context) return null;
  context.fillStyle = "#ffffff";
  context.fillRect(0, 0, canvas.width, canvas.height);
  await page.render({ canvas, canvasContext: context, viewport }).promise;
  return new Promise((resolve) => canvas.toBlob((blob) => resolve(blob), "image/png"));
}

/** Renders a PDF's first page as a PNG thumbnail. */
export async function makePdfThumbnail(file: Blob): Promise<Blob | null> {
  const pdf = await openPdf(file);
  try {
    return await renderPage(pdf, 1, THUMBNAIL_SIZE);
  } finally {
    await pdf.destroy();
  }
}

/** Every page of a PDF as a picture large enough for text recognition (a scan's pages are pictures). */
export async function renderPdfPages(file: Blob, size = 2000): Promise<Blob[]> {
  const pdf = await openPdf(file);
  try {
    const pages: Blob[] = [];
    for (let n = 1; n <= pdf.numPages; n++) {
      const picture = await renderPage(pdf, n, size);
      if (picture) pages.push(picture);
    }
    return pages;
  } finally {
    await pdf.destroy();
  }
}

export async function uploadThumbnail(documentId: string, image: Blob): Promise<void> {
  const response = await fetch(`/api/documents/${documentId}/thumbnail`, { method: "PUT", body: image, headers: { "Content-Type": image.type } });
  if (!response.ok) throw new Error(`Thumbnail upload failed (${response.status})`);
}
