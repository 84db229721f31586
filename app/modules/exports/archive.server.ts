/**
 * A ZIP archive written straight into R2 (issue 19): fflate's streaming `Zip` lays out the entries (stored, not
 * compressed: the documents are PDFs and images that would not shrink, and storing keeps the CPU low), and every
 * byte it emits goes into an R2 multipart upload in parts of exactly PART_SIZE (R2 wants equal parts, at least
 * 5 MiB, except the last). Memory holds one part and the chunk on its way, whatever the size of the workspace.
 */
import { Zip, ZipPassThrough } from "fflate";

/** R2's parts must all be the same size but the last, and at least 5 MiB. */
export const PART_SIZE = 8 * 1024 * 1024;
/** fflate writes the classic ZIP format only: 32-bit sizes and offsets, 16-bit entry counts. */
export const ZIP_MAX_BYTES = 0xffff_ffff;
export const ZIP_MAX_ENTRIES = 0xffff;

export class ArchiveTooLarge extends Error {}

const { DigestStream: Digest } = crypto as unknown as { DigestStream: typeof DigestStream };
const hex = (buffer: ArrayBuffer) => [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, "0")).join("");

export interface ManifestEntry {
  path: string;
  size: number;
  sha256: string;
}

/** The multipart upload, fed synchronously by fflate and drained (awaited) between chunks. */
class PartWriter {
  private queue: Uint8Array[] = [];
  private queued = 0;
  private readonly part = new Uint8Array(PART_SIZE);
  private parts: R2UploadedPart[] = [];
  written = 0;

  constructor(private readonly upload: R2MultipartUpload) {}

  push(chunk: Uint8Array) {
    this.written += chunk.byteLength;
    if (this.written > ZIP_MAX_BYTES) throw new ArchiveTooLarge(`The archive passed ${ZIP_MAX_BYTES} bytes, the most a ZIP without ZIP64 can hold`);
    if (chunk.byteLength === 0) return;
    this.queue.push(chunk);
    this.queued += chunk.byteLength;
  }

  /** Uploads every full part that is waiting. */
  async drain() {
    while (this.queued >= PART_SIZE) await this.send(this.fill(PART_SIZE));
  }

  /** Sends what is left as the last part and completes the object. */
  async finish(): Promise<R2Object> {
    await this.drain();
    if (this.queued > 0 || this.parts.length === 0) await this.send(this.fill(this.queued));
    return this.upload.complete(this.parts);
  }

  private fill(size: number): Uint8Array {
    let offset = 0;
    while (offset < size) {
      const head = this.queue[0]!;
      const take = Math.min(head.byteLength, size - offset);
      this.part.set(head.subarray(0, take), offset);
      offset += take;
      if (take === head.byteLength) this.queue.shift();
      else this.queue[0] = head.subarray(take);
    }
    this.queued -= size;
    return this.part.subarray(0, size);
  }

  private async send(bytes: Uint8Array) {
    // The part is uploaded before `fill` runs again, so the one buffer is reused.
    this.parts.push(await this.upload.uploadPart(this.parts.length + 1, bytes));
  }
}

/** One archive being written: add entries one after the other, then `finish`. */
export class ArchiveWriter {
  private readonly zip: Zip;
  private readonly out: PartWriter;
  private failure: Error | null = null;
  readonly manifest: ManifestEntry[] = [];

  constructor(upload: R2MultipartUpload) {
    this.out = new PartWriter(upload);
    this.zip = new Zip((error, chunk) => {
      if (error) this.failure = error;
      else if (chunk) this.out.push(chunk);
    });
  }

  get bytesWritten() {
    return this.out.written;
  }

  /** Adds one file from a stream of its bytes, hashing them on the way; returns its manifest entry. */
  async add(path: string, source: AsyncIterable<Uint8Array> | ReadableStream<Uint8Array>, modified = new Date()): Promise<ManifestEntry> {
    if (this.manifest.length + 2 > ZIP_MAX_ENTRIES) throw new ArchiveTooLarge(`More than ${ZIP_MAX_ENTRIES} files, the most a ZIP without ZIP64 can hold`);
    const file = new ZipPassThrough(path);
    // ZIP dates start in 1980; anything older (or unset) is written as the export's time.
    file.mtime = modified.getUTCFullYear() >= 1980 ? modified : new Date();
    this.zip.add(file);
    const digest = new Digest("SHA-256");
    const hash = digest.getWriter();
    let size = 0;
    for await (const chunk of chunksOf(source)) {
      if (chunk.byteLength === 0) continue;
      size += chunk.byteLength;
      await hash.write(chunk);
      file.push(chunk);
      this.check();
      await this.out.drain();
    }
    file.push(new Uint8Array(0), true);
    this.check();
    await this.out.drain();
    await hash.close();
    const entry = { path, size, sha256: hex(await digest.digest) };
    this.manifest.push(entry);
    return entry;
  }

  /** Adds a text file (JSON, README) written in one piece. */
  addText(path: string, text: string, modified?: Date) {
    return this.add(path, once(new TextEncoder().encode(text)), modified);
  }

  /** Ends the archive (its central directory) and completes the upload. */
  async finish(): Promise<{ object: R2Object; size: number }> {
    this.zip.end();
    this.check();
    const object = await this.out.finish();
    return { object, size: this.out.written };
  }

  private check() {
    if (this.failure) throw this.failure;
  }
}

/** A stream's chunks (read with a reader, which every runtime has) or an iterable's. */
async function* chunksOf(source: AsyncIterable<Uint8Array> | ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  if (!("getReader" in source)) return yield* source;
  const reader = source.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    reader.releaseLock();
  }
}

async function* once(bytes: Uint8Array) {
  yield bytes;
}

const TEXT_CHUNK = 64 * 1024;

/** Rows as a JSON array, one row a line, in chunks of about 64 KiB: a table of any length streams into the archive. */
export async function* jsonArray(rows: AsyncIterable<unknown>): AsyncGenerator<Uint8Array> {
  const encoder = new TextEncoder();
  let text = "[";
  let first = true;
  for await (const row of rows) {
    text += `${first ? "\n" : ",\n"}${JSON.stringify(row)}`;
    first = false;
    if (text.length >= TEXT_CHUNK) {
      yield encoder.encode(text);
      text = "";
    }
  }
  yield encoder.encode(`${text}${first ? "" : "\n"}]\n`);
}

/** Rows as JSON Lines (one JSON value a line), in chunks of about 64 KiB. */
export async function* jsonLines(rows: AsyncIterable<unknown>): AsyncGenerator<Uint8Array> {
  const encoder = new TextEncoder();
  let text = "";
  for await (const row of rows) {
    text += `${JSON.stringify(row)}\n`;
    if (text.length >= TEXT_CHUNK) {
      yield encoder.encode(text);
      text = "";
    }
  }
  if (text) yield encoder.encode(text);
}
