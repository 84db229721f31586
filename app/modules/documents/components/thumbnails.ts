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

/**
 * Renders a PDF's first page and returns it as a PNG. It uses the pdf.js build that unpdf ships (the
 * same reader the server uses), loaded only here, when someone uploads a PDF: never from a CDN.
 */
export async function makePdfThumbnail(file: Blob): Promise<Blob | null> {
  const { getDocumentProxy } = await import("unpdf");
  const pdf = await getDocumentProxy(new Uint8Array(await file.arrayBuffer()), { isEvalSupported: false });
  try {
    const page = await pdf.getPage(1);
    const base = page.getViewport({ scale: 1 });
    const viewport = page.getViewport({ scale: THUMBNAIL_SIZE / Math.max(base.width, base.height) });
    const canvas = document.createElement("canvas");
    canvas.width = Math.max(1, Math.round(viewport.width));
    canvas.height = Math.max(1, Math.round(viewport.height));
    const context = canvas.getContext("2d");
    if (!context) return null;
    // A white page behind the drawing: transparent PDFs would show the card's colour through.
    context.fillStyle = "#ffffff";
    context.fillRect(0, 0, canvas.width, canvas.height);
    await page.render({ canvas, canvasContext: context, viewport }).promise;
    return await new Promise((resolve) => canvas.toBlob((blob) => resolve(blob), "image/png"));
  } finally {
    await pdf.destroy();
  }
}

export async function uploadThumbnail(documentId: string, image: Blob): Promise<void> {
  const response = await fetch(`/api/documents/${documentId}/thumbnail`, { method: "PUT", body: image, headers: { "Content-Type": image.type } });
  if (!response.ok) throw new Error(`Thumbnail upload failed (${response.status})`);
}
