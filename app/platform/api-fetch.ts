import { reportError } from "~/modules/ops/client/capture";
/**
 * The browser's one way to call our JSON API: cookies sent, JSON in and out, and any answer that is
 * not a success thrown as an `ApiError` with the spec's message (section 8).
 */

/** The house error shape the API answers with when it refuses. */
export interface ApiErrorBody {
  success?: false;
  error?: string;
  fieldErrors?: Record<string, string[]>;
}

/**
 * A non-OK answer, or an OK one that is not JSON. The message is the spec's: "<status>: <body text,
 * or the status text if the body is empty>"; `body` is the parsed JSON when the body was JSON, so a
 * caller can show the server's own `error` and `fieldErrors` instead.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly statusText: string,
    readonly bodyText: string,
    readonly body: unknown,
  ) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = "ApiError";
  }

  /** The server's sentence, when it answered in the house error shape. */
  get error(): string | undefined {
    const error = isRecord(this.body) ? this.body.error : undefined;
    return typeof error === "string" ? error : undefined;
  }

  get fieldErrors(): Record<string, string[]> | undefined {
    const fieldErrors = isRecord(this.body) ? this.body.fieldErrors : undefined;
    return isRecord(fieldErrors) ? (fieldErrors as Record<string, string[]>) : undefined;
  }
}

/** What to tell the person when a call failed: the server's own sentence, else the spec's message, else `fallback` (a network failure). */
export function refusalSentence(error: unknown, fallback: string): string {
  return error instanceof ApiError ? (error.error ?? error.message) : fallback;
}

export interface ApiFetchOptions {
  method?: string;
  /** Sent as JSON (with a JSON content type) only when given. */
  body?: unknown;
  headers?: Record<string, string>;
  /** Same origin by default; the spec's auth and assistant calls ask for "include". */
  credentials?: RequestCredentials;
  signal?: AbortSignal;
  /** For tests. */
  fetch?: typeof fetch;
}

/** Sends the request and returns the OK response unread (for files); anything else throws `ApiError`. */
export async function apiRequest(path: string, options: ApiFetchOptions = {}): Promise<Response> {
  const { method = "GET", body, headers, credentials = "same-origin", signal } = options;
  const doFetch = options.fetch ?? fetch;
  const response = await doFetch(path, {
    method,
    credentials,
    headers: { Accept: "application/json", ...(body !== undefined ? { "Content-Type": "application/json" } : {}), ...headers },
    body: body !== undefined ? JSON.stringify(body) : undefined,
    signal,
  });
  if (!response.ok) {
    const text = await response.text().catch(() => "");
    // Our own API failing is an error of ours, whoever called it (issue 21).
    if (response.status >= 500) reportError(new Error(`${method} ${path.split("?")[0]} answered ${response.status}`), "api");
    throw new ApiError(response.status, response.statusText, text, parseJson(text) ?? null);
  }
  return response;
}

/** Sends the request and resolves to the answer's JSON; a non-OK or non-JSON answer throws `ApiError`. */
export async function apiFetch<T = unknown>(path: string, options: ApiFetchOptions = {}): Promise<T> {
  const response = await apiRequest(path, options);
  const text = await response.text();
  const json = parseJson(text);
  if (json === undefined) throw new ApiError(response.status, response.statusText, text, null);
  return json as T;
}

/** The parsed value, or undefined when the text is empty or not JSON. */
function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Sends a body (a file, a form with files) with upload progress, which `fetch` cannot report, and resolves
 * to the answer's JSON; a non-OK answer throws `ApiError` like `apiFetch`. A network failure throws an
 * `ApiError` with status 0.
 */
export function apiUpload<T = unknown>(
  path: string,
  body: XMLHttpRequestBodyInit,
  options: { onProgress?: (percent: number) => void; contentType?: string } = {},
): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", path);
    xhr.setRequestHeader("Accept", "application/json");
    if (options.contentType) xhr.setRequestHeader("Content-Type", options.contentType);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(Math.min(99, (event.loaded / event.total) * 100));
    };
    xhr.onerror = () => reject(new ApiError(0, "Network error", "", null));
    xhr.onabort = () => reject(new ApiError(0, "Aborted", "", null));
    xhr.onload = () => {
      const json = parseJson(xhr.responseText);
      if (xhr.status < 200 || xhr.status >= 300 || json === undefined) return reject(new ApiError(xhr.status, xhr.statusText, xhr.responseText, json ?? null));
      options.onProgress?.(100);
      resolve(json as T);
    };
    xhr.send(body);
  });
}
