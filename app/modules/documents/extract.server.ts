import { unzipSync } from "fflate";
import { extractText, getDocumentProxy } from "unpdf";
import type { Failure } from "./failure-reasons";
import type { FileKind } from "./file-types";

/** A document whose text cannot be read; the reason is shown beside the "Error" badge. Not retried. */
export class UnreadableDocumentError extends Error {
  constructor(
    message: string,
    readonly failure: Failure,
  ) {
    super(message);
    this.name = "UnreadableDocumentError";
  }
}

/** Reading text means holding the file in memory; beyond this a stored file is kept but not read. */
export const EXTRACT_MAX_BYTES = 25 * 1024 * 1024;

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

function decodeXmlEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, code: string) => {
    if (code[0] === "#") {
      const n = code[1] === "x" || code[1] === "X" ? parseInt(code.slice(2), 16) : parseInt(code.slice(1), 10);
      return Number.isFinite(n) ? String.fromCodePoint(n) : whole;
    }
    return ENTITIES[code.toLowerCase()] ?? whole;
  });
}

/** The text of word/document.xml: paragraphs become lines, tabs and breaks are kept, tags dropped. */
export function docxXmlToText(xml: string): string {
  const body = xml
    .replace(/<w:tab\/>/g, "\t")
    .replace(/<w:(br|cr)\/>/g, "\n")
    .replace(/<\/w:p>/g, "\n")
    .replace(/<w:delText[^>]*>[\s\S]*?<\/w:delText>/g, "") // tracked deletions are not the document's text
    .replace(/<[^>]+>/g, "");
  return decodeXmlEntities(body)
    .split("\n")
    .map((line) => line.replace(/[ \t]+$/g, ""))
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

function readDocx(bytes: Uint8Array): string {
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes, { filter: (file) => file.name === "word/document.xml" });
  } catch {
    throw new UnreadableDocumentError("This Word file is damaged and could not be opened.", { code: "docx_damaged" });
  }
  const xml = files["word/document.xml"];
  if (!xml) throw new UnreadableDocumentError("This file is a ZIP archive but not a Word (.docx) document.", { code: "not_docx" });
  return docxXmlToText(new TextDecoder().decode(xml));
}

async function readPdf(bytes: Uint8Array): Promise<string> {
  let pdf;
  try {
    pdf = await getDocumentProxy(bytes);
  } catch {
    throw new UnreadableDocumentError("This PDF is damaged or protected and could not be opened.", { code: "pdf_damaged" });
  }
  const { text } = await extractText(pdf, { mergePages: false });
  return (text as string[]).map((page) => page.trim()).join("\n\n");
}

/** The text of a stored file; images have none here (the browser reads them with OCR). */
export async function extractDocumentText(kind: FileKind, bytes: Uint8Array): Promise<string | null> {
  switch (kind) {
    case "pdf":
      return readPdf(bytes);
    case "docx":
      return readDocx(bytes);
    case "text":
      return new TextDecoder("utf-8")
        .decode(bytes)
        .replace(/^\uFEFF/, "")
        .replace(/\r\n?/g, "\n");
    default:
      return null;
  }
}
