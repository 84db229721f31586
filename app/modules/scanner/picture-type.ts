import { sniffImageType } from "~/modules/profile/avatar";

/** The pictures the scanner takes as pages, recognised by their first bytes, never by name or MIME type. */
export type PictureType = "image/jpeg" | "image/png" | "image/webp";

/** Bytes needed to recognise a picture (WebP's signature ends at byte 12). */
export const PICTURE_SNIFF_BYTES = 16;

/** JPEG (FF D8 FF), PNG (89 50 4E 47 0D 0A) or WebP (RIFF....WEBP); anything else is not a page. */
export function detectPictureType(head: Uint8Array): PictureType | null {
  const type = sniffImageType(head);
  return type === "image/jpeg" || type === "image/png" || type === "image/webp" ? type : null;
}
