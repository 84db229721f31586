import type { Rotation } from "./pages";
import { detectPictureType, PICTURE_SNIFF_BYTES } from "./picture-type";

/** The longer side of a stored page, in pixels: sharp enough to read, small enough for a phone's memory. */
export const MAX_PAGE_SIDE = 2000;
/** JPEG quality of every page. */
export const PAGE_JPEG_QUALITY = 0.85;

export interface PagePicture {
  jpeg: Blob;
  width: number;
  height: number;
}

/** Why a picked file was not added, as a key the screen translates. */
export type PictureProblem = "empty" | "notPicture" | "unreadable";

export class PictureError extends Error {
  constructor(readonly problem: PictureProblem) {
    super(problem);
  }
}

function canvasToBlob(canvas: HTMLCanvasElement, type: string, quality?: number): Promise<Blob> {
  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new PictureError("unreadable"))), type, quality));
}

/** Draws a source (a video frame or a decoded picture) scaled to fit MAX_PAGE_SIDE, as a JPEG on white. */
async function drawAsPage(source: CanvasImageSource, width: number, height: number): Promise<PagePicture> {
  if (!width || !height) throw new PictureError("unreadable");
  const scale = Math.min(1, MAX_PAGE_SIDE / Math.max(width, height));
  const canvas = document.createElement("canvas");
  canvas.width = Math.max(1, Math.round(width * scale));
  canvas.height = Math.max(1, Math.round(height * scale));
  const context = canvas.getContext("2d");
  if (!context) throw new PictureError("unreadable");
  // JPEG has no transparency: a transparent PNG would otherwise turn black.
  context.fillStyle = "#ffffff";
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(source, 0, 0, canvas.width, canvas.height);
  return { jpeg: await canvasToBlob(canvas, "image/jpeg", PAGE_JPEG_QUALITY), width: canvas.width, height: canvas.height };
}

/** The current frame of the camera's video as a page. */
export function captureFrame(video: HTMLVideoElement): Promise<PagePicture> {
  // Without a decoded frame the canvas would stay white: a blank page that looks like a capture.
  if (video.readyState < HTMLMediaElement.HAVE_CURRENT_DATA) return Promise.reject(new PictureError("unreadable"));
  return drawAsPage(video, video.videoWidth, video.videoHeight);
}

/**
 * A picked file as a page. It must be a JPEG, PNG or WebP by its first bytes; it is then decoded
 * (turned upright from its EXIF orientation by the browser) and stored as a JPEG like a camera frame.
 */
export async function pictureFromFile(file: Blob): Promise<PagePicture> {
  if (file.size === 0) throw new PictureError("empty");
  const head = new Uint8Array(await file.slice(0, PICTURE_SNIFF_BYTES).arrayBuffer());
  if (!detectPictureType(head)) throw new PictureError("notPicture");
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  } catch {
    throw new PictureError("unreadable");
  }
  try {
    return await drawAsPage(bitmap, bitmap.width, bitmap.height);
  } finally {
    bitmap.close();
  }
}

/** The page as it is shown (turned), as a PNG for text recognition: tesseract reads upright text only. */
export async function turnedPicture(jpeg: Blob, rotation: Rotation): Promise<Blob> {
  if (rotation === 0) return jpeg;
  const bitmap = await createImageBitmap(jpeg);
  try {
    const sideways = rotation === 90 || rotation === 270;
    const canvas = document.createElement("canvas");
    canvas.width = sideways ? bitmap.height : bitmap.width;
    canvas.height = sideways ? bitmap.width : bitmap.height;
    const context = canvas.getContext("2d");
    if (!context) throw new PictureError("unreadable");
    context.translate(canvas.width / 2, canvas.height / 2);
    context.rotate((rotation * Math.PI) / 180);
    context.drawImage(bitmap, -bitmap.width / 2, -bitmap.height / 2);
    return await canvasToBlob(canvas, "image/png");
  } finally {
    bitmap.close();
  }
}

/** A small first-page picture for the document cards (the documents module's thumbnail size). */
export async function thumbnailOf(jpeg: Blob, rotation: Rotation): Promise<Blob> {
  const upright = await turnedPicture(jpeg, rotation);
  const bitmap = await createImageBitmap(upright);
  try {
    const scale = Math.min(1, 320 / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement("canvas");
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    canvas.getContext("2d")?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    return await canvasToBlob(canvas, "image/jpeg", PAGE_JPEG_QUALITY);
  } finally {
    bitmap.close();
  }
}
