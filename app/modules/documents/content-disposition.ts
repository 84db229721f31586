/**
 * An RFC 6266 Content-Disposition: a plain-ASCII `filename` for old clients (quotes, backslashes
 * and non-ASCII replaced) and the exact name as RFC 8187 `filename*` in UTF-8.
 */
export function contentDisposition(kind: "inline" | "attachment", fileName: string): string {
  // eslint-disable-next-line no-control-regex -- a header value must not carry control characters
  const clean = fileName.replace(/[\u0000-\u001f\u007f]/g, "");
  const fallback =
    clean
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .replace(/[^\x20-\x7e]/g, "_")
      .replace(/["\\]/g, "_") || "document";
  const encoded = encodeURIComponent(clean).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/**
 * Headers for a stored file: always nosniff and private; PDFs may be framed by our own page only
 * (Chrome will not show a PDF in a sandbox), other files are sandboxed.
 */
export function fileResponseHeaders(file: { mimeType: string; fileName: string; inline: boolean; size: number; etag: string }): HeadersInit {
  return {
    "Content-Type": file.mimeType,
    "Content-Length": String(file.size),
    "Content-Disposition": contentDisposition(file.inline ? "inline" : "attachment", file.fileName),
    "Cache-Control": "private, no-store",
    // Players seek with Range requests (a long meeting recording): see file-response.server.ts.
    "Accept-Ranges": "bytes",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "SAMEORIGIN",
    // Sandboxed, PDFs included: a file opened on its own never runs its scripts (the viewer draws PDFs with pdf.js).
    "Content-Security-Policy": "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'; sandbox",
    ETag: file.etag,
  };
}
