import { sniffImageType } from "~/modules/profile/avatar";

/** What an upload may be. The kind comes from the file's first bytes; the name only tells DOCX from other ZIPs. */
export const FILE_KINDS = {
  pdf: { mimeType: "application/pdf", extension: "pdf" },
  docx: { mimeType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", extension: "docx" },
  text: { mimeType: "text/plain; charset=utf-8", extension: "txt" },
  png: { mimeType: "image/png", extension: "png" },
  jpeg: { mimeType: "image/jpeg", extension: "jpg" },
} as const;
export type FileKind = keyof typeof FILE_KINDS;

/** Enough of the file's start to recognise it (and to check that text is text). */
export const SNIFF_BYTES = 4096;

/** The `accept` attribute of the file picker: a hint only, the server decides by content. */
export const ACCEPT_ATTRIBUTE =
  ".pdf,.docx,.txt,.png,.jpg,.jpeg,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document,text/plain,image/png,image/jpeg";

export const DEFAULT_MAX_UPLOAD_BYTES = 50 * 1024 * 1024;

function startsWith(bytes: Uint8Array, signature: number[], offset = 0): boolean {
  return bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);
}

/** Plain text: valid UTF-8 (a multi-byte character cut at the end of the sample is fine) with no NUL or other binary control bytes. */
function looksLikeText(bytes: Uint8Array): boolean {
  if (bytes.length === 0) return false;
  for (const b of bytes) {
    if (b === 0 || (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0c && b !== 0x0d && b !== 0x1b)) return false;
  }
  // Drop a possibly cut trailing sequence before the strict decode.
  let end = bytes.length;
  for (let i = Math.max(0, bytes.length - 3); i < bytes.length; i++) if (bytes[i] >= 0xc0) end = i;
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes.subarray(0, end));
    return true;
  } catch {
    return false;
  }
}

/**
 * Recognises an upload from its first bytes. PDF, PNG and JPEG by their signatures; DOCX is a ZIP
 * (PK\x03\x04) whose name ends in .docx (its inner word/document.xml is checked when its text is read);
 * text is UTF-8 without binary bytes. Anything else is refused, whatever its name says.
 */
export function detectFileKind(head: Uint8Array, fileName: string): FileKind | null {
  if (startsWith(head, [0x25, 0x50, 0x44, 0x46, 0x2d])) return "pdf"; // %PDF-
  const image = sniffImageType(head);
  if (image === "image/png") return "png";
  if (image === "image/jpeg") return "jpeg";
  if (image) return null; // GIF and WebP are pictures we do not keep as documents.
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) return /\.docx$/i.test(fileName) ? "docx" : null;
  return looksLikeText(head) ? "text" : null;
}

/** The default title: the file name without its extension (spec: "Title defaults to the file name"). */
export function titleFromFileName(fileName: string): string {
  const base = fileName.replace(/^.*[\\/]/, "").trim();
  const dot = base.lastIndexOf(".");
  return (dot > 0 ? base.slice(0, dot) : base).trim() || base;
}

export function isImageKind(kind: FileKind): boolean {
  return kind === "png" || kind === "jpeg";
}

export function kindFromMimeType(mimeType: string): FileKind | null {
  for (const [kind, info] of Object.entries(FILE_KINDS)) if (info.mimeType === mimeType) return kind as FileKind;
  return null;
}
