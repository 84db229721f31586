/**
 * An RFC 6266 Content-Disposition: a plain-ASCII `filename` for old clients (quotes, backslashes
 * and non-ASCII replaced) and the exact name as RFC 8187 `filename*` in UTF-8.
 */
export function contentDisposition(kind: "inline" | "attachment", fileName: string): string {
  const clean = fileName.replace(/[\u0000-\u001f\u007f]/g, "");
  const fallback = clean.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_") || "document";
  const encoded = encodeURIComponent(clean).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
