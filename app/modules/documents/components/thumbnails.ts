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

export async function uploadThumbnail(documentId: string, image: Blob): Promise<void> {
  const response = await fetch(`/api/documents/${documentId}/thumbnail`, { method: "PUT", body: image, headers: { "Content-Type": image.type } });
  if (!response.ok) throw new Error(`Thumbnail upload failed (${response.status})`);
}
