import { jsonResponse } from "~/platform/http.server";
import { contentRange, parseRange, type RangeRequest } from "./byte-range";
import { fileResponseHeaders } from "./content-disposition";

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** A stored file read whole or in the range asked for; `object` is null only when the range is unsatisfiable. */
export type StoredFile =
  | { range: Exclude<RangeRequest, { kind: "unsatisfiable" }>; object: R2ObjectBody; size: number }
  | { range: { kind: "unsatisfiable" }; object: null; size: number };

/**
 * Reads a document's file from R2. Without a Range header one read, as always; with one, the object's size is asked
 * first (the range may be counted from the end) and R2 returns only the bytes asked for. Null when the file is missing.
 */
export async function readStoredFile(files: R2Bucket, key: string, rangeHeader: string | null): Promise<StoredFile | null> {
  if (!rangeHeader) {
    const object = await files.get(key);
    return object ? { range: { kind: "full" }, object, size: object.size } : null;
  }
  const head = await files.head(key);
  if (!head) return null;
  const range = parseRange(rangeHeader, head.size);
  if (range.kind === "unsatisfiable") return { range, object: null, size: head.size };
  const object = await files.get(key, range.kind === "partial" ? { range: { offset: range.offset, length: range.length } } : undefined);
  return object ? { range, object, size: object.size } : null;
}

/** 200 with the whole file, 206 with the range (Content-Range), or 416 with `bytes *\/size` and a sentence. */
export function storedFileResponse(file: StoredFile, meta: { mimeType: string; fileName: string; inline: boolean }, t: Translate): Response {
  if (file.object === null) {
    return jsonResponse(
      { error: t("errors.rangeUnsatisfiable", { size: file.size }) },
      { status: 416, headers: { "Content-Range": contentRange(file.range, file.size), "Accept-Ranges": "bytes" } },
    );
  }
  const range = file.range;
  const headers = new Headers(fileResponseHeaders({ ...meta, size: range.kind === "partial" ? range.length : file.size, etag: file.object.httpEtag }));
  if (range.kind === "partial") headers.set("Content-Range", contentRange(range, file.size));
  return new Response(file.object.body, { status: range.kind === "partial" ? 206 : 200, headers });
}
