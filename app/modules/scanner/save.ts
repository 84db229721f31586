/**
 * The scanner's calls to the documents API from the browser. The PDF goes as the raw request body
 * (like the upload area) through XHR, which reports upload progress; the text follows as JSON.
 */

export type SaveTarget = { kind: "document"; title: string; type: string } | { kind: "version"; documentId: string; note: string };

/** An answer the person should read: the server's own sentence, or the caller's fallback. */
export class SaveError extends Error {
  constructor(
    message: string,
    /** Set once the PDF is stored: the document (or version) exists even though a later step failed. */
    readonly saved?: SavedScan,
  ) {
    super(message);
  }
}

export interface SavedScan {
  documentId: string;
  title: string;
  /** Set for a new version of an existing document. */
  versionNumber?: number;
}

interface ApiBody {
  success?: boolean;
  error?: string;
  document?: { id: string };
  version?: { id: string; number: number };
}

function parse(text: string): ApiBody {
  try {
    return JSON.parse(text) as ApiBody;
  } catch {
    // A proxy's HTML error page: the status says enough.
    return {};
  }
}

/** Sends the PDF; resolves with the document's id (and the version's number for a new version). */
export function uploadScanPdf(
  pdf: Uint8Array,
  fileName: string,
  target: SaveTarget,
  onProgress: (percent: number) => void,
  fallbackError: string,
): Promise<{ documentId: string; versionNumber?: number }> {
  const params = new URLSearchParams({ fileName, source: "scan" });
  let url: string;
  if (target.kind === "document") {
    params.set("title", target.title);
    if (target.type) params.set("type", target.type);
    url = `/api/documents?${params}`;
  } else {
    if (target.note) params.set("note", target.note);
    url = `/api/documents/${encodeURIComponent(target.documentId)}/versions?${params}`;
  }
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    xhr.setRequestHeader("Content-Type", "application/pdf");
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.min(99, (event.loaded / event.total) * 100));
    };
    xhr.onerror = () => reject(new SaveError(fallbackError));
    xhr.onabort = () => reject(new SaveError(fallbackError));
    xhr.onload = () => {
      const body = parse(xhr.responseText);
      if (xhr.status !== 201) return reject(new SaveError(body.error ?? fallbackError));
      if (target.kind === "document" && body.document) return resolve({ documentId: body.document.id });
      if (target.kind === "version" && body.version) return resolve({ documentId: target.documentId, versionNumber: body.version.number });
      reject(new SaveError(body.error ?? fallbackError));
    };
    // A fresh copy in its own ArrayBuffer: XHR takes a BufferSource.
    xhr.send(new Blob([pdf.slice()], { type: "application/pdf" }));
  });
}

/** Stores the recognised text (search index) and starts the analysis. */
export async function saveScanText(documentId: string, text: string, fallbackError: string): Promise<void> {
  const response = await fetch(`/api/documents/${encodeURIComponent(documentId)}/text`, {
    method: "PUT",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify({ text }),
  }).catch(() => null);
  if (!response) throw new SaveError(fallbackError);
  if (!response.ok) throw new SaveError(parse(await response.text()).error ?? fallbackError);
}

/** The first page's picture for the document cards; the document is complete without it. */
export async function saveScanThumbnail(documentId: string, image: Blob): Promise<void> {
  await fetch(`/api/documents/${encodeURIComponent(documentId)}/thumbnail`, { method: "PUT", body: image, headers: { "Content-Type": image.type } }).catch(
    () => {},
  );
}
