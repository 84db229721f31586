/** Where the browser finds tesseract.js's worker, engine and language data: our own static files. */
export const OCR_PATHS = {
  workerPath: "/vendor/tesseract/worker.min.js",
  corePath: "/vendor/tesseract/core",
  langPath: "/vendor/tesseract/lang",
} as const;

/** Only English language data ships with the product (from the @tesseract.js-data/eng package). */
export const OCR_LANGUAGE = "eng";

/**
 * Reads the text in an image in the browser. `onProgress` receives 0–100 while the engine loads and
 * recognises. The worker is ended afterwards: OCR is occasional and the engine is large.
 */
export async function recogniseText(image: Blob, onProgress: (percent: number, stage: string) => void): Promise<string> {
  const { createWorker } = await import("tesseract.js");
  const worker = await createWorker(OCR_LANGUAGE, 1, {
    ...OCR_PATHS,
    workerBlobURL: false,
    gzip: true,
    logger: (message: { status: string; progress: number }) => onProgress(Math.round(message.progress * 100), message.status),
  });
  try {
    const { data } = await worker.recognize(image);
    return data.text;
  } finally {
    await worker.terminate();
  }
}
