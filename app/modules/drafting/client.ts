/**
 * The drafting page's calls to its API from the browser. Each answer that is not a success becomes
 * a `DraftingError` carrying the server's own sentence and, for bad fields, a message per field.
 */
import { apiFetch, ApiError, apiRequest, type ApiFetchOptions } from "~/platform/api-fetch";
import type { DraftValues, FieldId } from "./fields";
import { FIELDS, isFieldId } from "./fields";
import type { TemplateId } from "./templates";
import type { DraftFormat } from "./validation";

export class DraftingError extends Error {
  constructor(
    message: string,
    readonly fieldErrors: Partial<Record<FieldId, string>> = {},
    readonly status = 0,
  ) {
    super(message);
  }
}

/** The form keeps list fields as text (one item per line); the API takes them as arrays. */
export function toApiValues(values: Record<string, string>): DraftValues {
  const out: DraftValues = {};
  for (const [id, value] of Object.entries(values)) {
    if (!isFieldId(id)) continue;
    out[id] =
      FIELDS[id].kind === "list"
        ? value
            .split("\n")
            .map((line) => line.trim())
            .filter(Boolean)
        : value;
  }
  return out;
}

/** And back: arrays become one item per line. */
export function toFormValues(values: DraftValues): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [id, value] of Object.entries(values)) out[id] = Array.isArray(value) ? value.join("\n") : (value ?? "");
  return out;
}

/** The server's sentence and the first message per known field; else (no answer, no sentence) the page's fallback. */
function draftingError(error: unknown, fallback: string): DraftingError {
  if (!(error instanceof ApiError)) return new DraftingError(fallback);
  const fieldErrors: Partial<Record<FieldId, string>> = {};
  for (const [key, messages] of Object.entries(error.fieldErrors ?? {})) if (isFieldId(key) && messages[0]) fieldErrors[key] = messages[0];
  return new DraftingError(error.error ?? fallback, fieldErrors, error.status);
}

const postOptions = (body: unknown): ApiFetchOptions => ({ method: "POST", body, headers: { Accept: "application/json, application/octet-stream" } });

/** A POST whose answer is a file. */
async function postForFile(path: string, body: unknown, fallback: string): Promise<Response> {
  return apiRequest(path, postOptions(body)).catch((error: unknown) => {
    throw draftingError(error, fallback);
  });
}

async function postForJson<T>(path: string, body: unknown, fallback: string): Promise<T> {
  return apiFetch<T>(path, postOptions(body)).catch((error: unknown) => {
    throw draftingError(error, fallback);
  });
}

/** The file name the server chose (RFC 8187 `filename*` first). */
export function fileNameFrom(disposition: string | null, fallback: string): string {
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? "");
  if (star) {
    try {
      return decodeURIComponent(star[1]);
    } catch {
      // Not valid percent-encoding: fall back to the plain filename below.
    }
  }
  return /filename="([^"]+)"/i.exec(disposition ?? "")?.[1] ?? fallback;
}

/** Asks the server for the file and hands it to the browser as a download. */
export async function downloadDraft(template: TemplateId, format: DraftFormat, values: Record<string, string>, fallback: string): Promise<string> {
  const response = await postForFile("/api/drafting/export", { template, format, fields: toApiValues(values) }, fallback);
  const name = fileNameFrom(response.headers.get("Content-Disposition"), `draft.${format}`);
  const url = URL.createObjectURL(await response.blob());
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 5000);
  return name;
}

export type SaveTarget = { kind: "document"; title?: string; type?: string } | { kind: "version"; documentId: string; note?: string };

export interface SavedDraft {
  kind: "document" | "version";
  documentId: string;
  title?: string;
  versionNumber?: number;
}

export async function saveDraft(
  template: TemplateId,
  format: DraftFormat,
  values: Record<string, string>,
  target: SaveTarget,
  fallback: string,
): Promise<SavedDraft> {
  const body = await postForJson<{ kind: "document" | "version"; document?: { id: string; title: string }; documentId?: string; version?: { number: number } }>(
    "/api/drafting/save",
    { template, format, fields: toApiValues(values), target },
    fallback,
  );
  if (body.kind === "document" && body.document) return { kind: "document", documentId: body.document.id, title: body.document.title };
  return { kind: "version", documentId: body.documentId ?? "", versionNumber: body.version?.number };
}

export async function draftWithAi(
  template: TemplateId,
  request: string,
  values: Record<string, string>,
  fallback: string,
): Promise<{ fields: DraftValues; ignored: string[] }> {
  const body = await postForJson<{ fields?: DraftValues; ignored?: string[] }>(
    "/api/drafting/ai",
    { template, request, fields: toApiValues(values) },
    fallback,
  );
  return { fields: body.fields ?? {}, ignored: body.ignored ?? [] };
}
